import type { Command } from 'commander';
import { catalogue } from '../../contexts/catalogue';
import {
  AppendFileError,
  checkAppend,
  PartialAppendError,
  planAppend,
  writeChecked,
} from '../../ledger/append-file';
import { withLedgerLock } from '../../ledger/append-through-gate';
import { formatLineIssue } from '../../ledger/ndjson';
import { openStore } from '../../store/open-store';
import { progress } from '../progress';
import { err, storeOption } from '../options';
import { announceStore } from '../store-location';

/**
 * `append`: an NDJSON file of envelopes, checked whole against the store and the deciders,
 * then written all or nothing (one transaction; EventStoreDB: docs/esdb.md).
 */
export function registerAppend(program: Command): void {
  program
    .command('append <file>')
    .description(
      'Append an NDJSON file of envelopes: checked whole against the store first, then written all or nothing',
    )
    .addOption(storeOption())
    .action(async (file: string, o: { store: string }) => {
      const store = await announceStore(o.store, () => openStore(o.store));
      try {
        const planned = await planAppend(file, catalogue);
        const summary = await withLedgerLock(store, async () => {
          const checked = await checkAppend(store, planned);
          const bar = progress(
            'append',
            checked.batches.reduce((n, b) => n + b.events.length, 0),
          );
          const written = await writeChecked(store, checked, (n) => bar.update(n));
          bar.stop();
          return written;
        });
        err(
          `appended ${summary.events} new events; ${summary.stored} already stored; head position ${await store.headPosition()}`,
        );
      } catch (e) {
        if (e instanceof PartialAppendError) {
          e.issues.forEach((i) => err(`${file}: ${formatLineIssue(i)}`));
          err(`${file}: ${e.message}`);
          process.exitCode = 1;
          return;
        }
        if (!(e instanceof AppendFileError)) throw e;
        e.issues.forEach((i) => err(`${file}: ${formatLineIssue(i)}`));
        err(`${file}: ${e.message}`);
        process.exitCode = 1;
      } finally {
        await store.close();
      }
    });
}
