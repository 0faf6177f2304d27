import type { Command } from 'commander';
import { openStore } from '../../store/open-store';
import { progress } from '../progress';
import { err, wholeNumberOption, storeOption } from '../options';
import { exportLog } from './export';

/** `export`: the log as stored, one envelope a line. */
export function registerExport(program: Command): void {
  program
    .command('export')
    .description('Write the log as stored, one envelope a line, to stdout')
    .addOption(storeOption())
    .option('--from-position <n>', 'first position', wholeNumberOption('from-position'))
    .option('--to-position <n>', 'last position', wholeNumberOption('to-position'))
    .action(async (o: { store: string; fromPosition?: number; toPosition?: number }) => {
      const store = await openStore(o.store, { readOnly: true });
      try {
        const head = await store.headPosition();
        const bar = progress('export', Math.min(head, o.toPosition ?? head));
        const n = await exportLog(store, process.stdout, o, (p) => bar.update(p));
        bar.stop();
        err(`exported ${n} events`);
      } finally {
        await store.close();
      }
    });
}
