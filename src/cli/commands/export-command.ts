import type { Command } from 'commander';
import { openStore } from '../../store/open-store';
import { progress } from '../progress';
import { err, wholeNumberOption, storeOption } from '../options';
import { exportLog } from './export';
import { withReadStore } from '../read-store';
import { sessionPbnAt, sessionUsebioAt } from '../../contexts/pairs/read/session-sheet';

/** `export`: the log as stored, one envelope a line; `export usebio`: one session as USEBIO. */
export function registerExport(program: Command): void {
  const command = program.command('export');
  command
    .command('usebio <sessionStreamId>')
    .description(
      "A scored session as USEBIO 1.2 XML (the pairs with their names, totals, percentages and places; each board's traveller with its points), to stdout",
    )
    // --store is export's own option, read wherever it stands on the line.
    .action(async (sessionStreamId: string, _o: unknown, cmd: Command) => {
      const { store } = cmd.parent!.opts<{ store: string }>();
      const xml = await withReadStore(store, (s) => sessionUsebioAt(s, sessionStreamId));
      process.stdout.write(xml);
    });
  command
    .command('pbn <sessionStreamId>')
    .description(
      "A scored session as PBN 2.1 (each board's deal when recorded and its ScoreTable, the TotalScoreTable), to stdout",
    )
    .action(async (sessionStreamId: string, _o: unknown, cmd: Command) => {
      const { store } = cmd.parent!.opts<{ store: string }>();
      process.stdout.write(await withReadStore(store, (s) => sessionPbnAt(s, sessionStreamId)));
    });
  command
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
