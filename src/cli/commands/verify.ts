import type { Command } from 'commander';
import { catalogue } from '../../events';
import { readRaw } from '../../runtime/raw-records';
import { verifyLog } from '../../runtime/verify';
import { hasDensePositions, openStore } from '../../store/open-store';
import { storeOption } from '../options';

/** `verify`: the log's positions, revisions, JSON, types and streams. */
export function registerVerify(program: Command): void {
  program
    .command('verify')
    .description(
      'Check the log: gap-free positions, contiguous revisions, valid JSON, known types, facts in their streams',
    )
    .addOption(storeOption())
    .option('--json', 'print the report as JSON')
    .action(async (o: { store: string; json?: boolean }) => {
      const store = await openStore(o.store, { readOnly: true });
      try {
        const report = await verifyLog(readRaw(store), catalogue, {
          densePositions: hasDensePositions(store),
        });
        if (o.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
        else {
          for (const p of report.problems)
            process.stdout.write(`position ${p.position}: ${p.check}: ${p.message}\n`);
          if (report.moreProblems)
            process.stdout.write(`… and ${report.moreProblems} more problems\n`);
          const misplaced = report.problems.filter((p) => p.check === 'stream').length;
          if (misplaced)
            process.stdout.write(
              `${misplaced} fact(s) outside their stream: written before appends checked streams, not damage, but the standings do not count them (docs/cli.md, verify)\n`,
            );
          process.stdout.write(
            `${report.ok ? 'OK' : 'FAILED'}: ${report.events} events in ${report.streams} streams, last position ${report.lastPosition}\n`,
          );
        }
        process.exitCode = report.ok ? 0 : 1;
      } finally {
        await store.close();
      }
    });
}
