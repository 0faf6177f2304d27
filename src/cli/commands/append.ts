import type { Command } from 'commander';
import { catalogue } from '../../events';
import { AppendFileError, appendBatches, planAppend } from '../../runtime/append-file';
import { formatLineIssue } from '../../runtime/ndjson';
import { openStore } from '../../store/open-store';
import { progress } from '../progress';
import { err, storeOption } from '../options';

/** `append`: an NDJSON file of envelopes, checked whole, through the deciders. */
export function registerAppend(program: Command): void {
  program
    .command('append <file>')
    .description(
      'Append an NDJSON file of envelopes (checked whole first: a bad line writes nothing)',
    )
    .addOption(storeOption())
    .action(async (file: string, o: { store: string }) => {
      const store = await openStore(o.store);
      try {
        const batches = await planAppend(file, catalogue);
        const total = batches.reduce((n, b) => n + b.events.length, 0);
        const bar = progress('append', total);
        const summary = await appendBatches(store, batches, (n) => bar.update(n));
        bar.stop();
        err(
          `appended ${summary.events} events in ${summary.batches} batches; head position ${await store.headPosition()}`,
        );
      } catch (e) {
        if (!(e instanceof AppendFileError)) throw e;
        e.issues.forEach((i) => err(`${file}: ${formatLineIssue(i)}`));
        err(`${file}: ${e.message}`);
        process.exitCode = 1;
      } finally {
        await store.close();
      }
    });
}
