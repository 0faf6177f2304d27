import type { Command } from 'commander';
import { catalogue } from '../../events';
import {
  AppendFileError,
  appendBatches,
  planAppend,
  type PlannedBatch,
} from '../../runtime/append-file';
import { formatLineIssue, type LineIssue } from '../../runtime/ndjson';
import { IdempotencyConflictError } from '../../store/errors';
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
      let batches: PlannedBatch[] = [];
      try {
        batches = await planAppend(file, catalogue);
        const total = batches.reduce((n, b) => n + b.events.length, 0);
        const bar = progress('append', total);
        const summary = await appendBatches(store, batches, (n) => bar.update(n));
        bar.stop();
        err(
          `appended ${summary.events} events in ${summary.batches} batches; head position ${await store.headPosition()}`,
        );
      } catch (e) {
        const line = e instanceof IdempotencyConflictError ? lineOf(batches, e) : undefined;
        if (line) {
          // An id already stored with other content (or not as this batch): the line says which.
          err(`${file}: ${formatLineIssue(line)}`);
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

/** The line of the file holding the event a store conflict names (by its id), if any. */
function lineOf(batches: PlannedBatch[], e: IdempotencyConflictError): LineIssue | undefined {
  const id = e.stored?.id.toLowerCase();
  for (const b of batches) {
    const i = b.events.findIndex((ev) => String(ev.id).toLowerCase() === id);
    if (i < 0) continue;
    const field = e.field === 'expectedRevision' ? 'revision' : 'id';
    return { line: b.lines[i], field, message: e.detail };
  }
  return undefined;
}
