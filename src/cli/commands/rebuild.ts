import { availableParallelism } from 'node:os';
import { type Command } from 'commander';
import { catalogue } from '../../contexts/catalogue';
import { projections } from '../../contexts/projections';
import { rebuildOnWorkers } from '../../ledger/parallel-rebuild';
import { ProjectionRunner } from '../../ledger/projection-runner';
import { SqliteProjectionStateStore } from '../../ledger/projection-state-store';
import { readModelDigests } from '../../ledger/read-model-digest';
import { dropSplitSaves } from '../../ledger/split-plan';
import { openStore } from '../../store/open-store';
import type { EventStore } from '../../store/event-store';
import {
  attachReadModelFile,
  checkReadModelsFor,
  detachReadModelFile,
  readModelFileOf,
} from '../../ledger/read-model-file';
import { progress } from '../progress';
import { err, storeOption, workersOption } from '../options';

interface RebuildOptions {
  store: string;
  readModels?: string;
  workers?: number;
  fromScratch?: boolean;
  json?: boolean;
}

/**
 * `rebuild`: brings the saved read models to the ledger's head, on every core, the way a first
 * start of the service does, and prints each one's SHA-256 (read-model-digest.ts): a SQLite
 * ledger's, in its own file; a PostgreSQL or EventStoreDB ledger's, in a service's read-models
 * file (`--read-models`). Interrupted, it keeps what its workers saved: run again, it resumes
 * from there.
 */
export function registerRebuild(program: Command): void {
  program
    .command('rebuild')
    .description(
      'Rebuild the saved read models (a SQLite ledger’s, or a read-models file’s) on all cores, resumable, and print the SHA-256 of each',
    )
    .addOption(storeOption())
    .option(
      '--read-models <file>',
      'a ledger in PostgreSQL or EventStoreDB: the read-models file of a service (serve --read-models) to rebuild',
    )
    .option(
      '--workers <n>',
      'fold the read models on this many cores (default: all of them)',
      workersOption,
    )
    .option('--from-scratch', 'drop the saved read models first and fold every fact again')
    .option('--json', 'print the read models and their SHA-256 as JSON')
    .action(async (o: RebuildOptions) => {
      if (o.readModels !== undefined) checkReadModelsFor(o.store);
      else if (!o.store.startsWith('sqlite:')) {
        // Read models are saved in a SQLite ledger's own file or in a service's read-models
        // file; a service without one folds them in memory at each start.
        err(
          `rebuild: read models are saved only in a SQLite ledger (sqlite:<file>) or, for a ledger in PostgreSQL or EventStoreDB, in a service's read-models file (give --read-models <file>): not for ${o.store} alone`,
        );
        process.exitCode = 2;
        return;
      }
      // The ledger is only read: a ledger kept elsewhere is opened read-only.
      const store = await openStore(o.store, {
        upcast: catalogue.upcast,
        readOnly: o.readModels !== undefined,
      });
      try {
        if (o.readModels !== undefined) {
          const { dropped } = await attachReadModelFile(store, o.readModels);
          if (dropped) err(`rebuild: read models in ${o.readModels} dropped: ${dropped}`);
        }
        await rebuild(store, o);
      } finally {
        await detachReadModelFile(store);
        await store.close();
      }
    });
}

async function rebuild(store: EventStore, o: RebuildOptions): Promise<void> {
  const file = readModelFileOf(store)!;
  const states = new SqliteProjectionStateStore(file.db);
  if (o.fromScratch) {
    // A checkpoint of 0 and no partitions: the same as a read model never built.
    states.transaction(() => {
      for (const p of projections) {
        if (p.partitions)
          states.savePartitions(p.name, {
            version: p.version,
            position: 0,
            writes: [],
            replace: true,
          });
        else states.save(p.name, { version: p.version, position: 0, state: p.initial() });
      }
      dropSplitSaves(
        file.db,
        projections.map((p) => p.name),
      );
    });
  }
  const head = await store.headPosition();
  const elsewhere = rebuildOnWorkers({
    url: store.url,
    ...(file.holdsLedger ? {} : { readModels: file.db.name }),
    workers: o.workers ?? availableParallelism(),
    projections,
    directory: true,
    // Here every fact behind is worth a worker: nothing else waits on this process.
    minFacts: 1,
  });
  const runner = new ProjectionRunner(store, states, projections, {
    rebuildElsewhere: elsewhere,
    onError: (e) => err(`rebuild: ${(e as Error).message}`),
    // What the workers saved stays saved: only the facts since are folded, naming what they need.
    leaveCold: true,
  });
  const bar = progress('rebuild', head);
  const shown = setInterval(() => {
    const s = runner.status();
    bar.update(s.rebuild?.done ?? s.position);
  }, 200);
  // Ctrl-C: the workers stop, what they saved stays, and a run again resumes from it.
  let stopped = false;
  const interrupted = () => {
    stopped = true;
    runner.stop();
    err('rebuild: interrupted; what was saved stays, run it again to resume');
    process.exitCode = 130;
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    runner.start();
    await runner.caughtUp();
    runner.stop();
    // The directory a split rebuild saves after its read models: saved before this says done.
    await elsewhere.settled();
  } catch (e) {
    if (!stopped) throw e;
  } finally {
    clearInterval(shown);
    bar.stop();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
  if (stopped) return;
  const digests = readModelDigests(states, projections);
  if (o.json) {
    process.stdout.write(JSON.stringify({ head, readModels: digests }, null, 2) + '\n');
    return;
  }
  process.stdout.write(`read models at position ${head}:\n`);
  for (const d of digests) {
    if ('missing' in d) process.stdout.write(`  ${d.name} v${d.version}: not saved\n`);
    else
      process.stdout.write(
        `  ${d.name.padEnd(16)} v${d.version}  ${String(d.parts).padStart(7)} parts  ${d.sha256}\n`,
      );
  }
}
