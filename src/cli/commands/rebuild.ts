import { availableParallelism } from 'node:os';
import { type Command } from 'commander';
import { catalogue } from '../../contexts/catalogue';
import { projections } from '../../contexts/projections';
import { rebuildOnWorkers } from '../../ledger/parallel-rebuild';
import { ProjectionRunner } from '../../ledger/projection-runner';
import { SqliteProjectionStateStore } from '../../ledger/projection-state-store';
import { readModelDigests } from '../../ledger/read-model-digest';
import { openStore } from '../../store/open-store';
import { SqliteEventStore } from '../../store/sqlite/sqlite-event-store';
import { progress } from '../progress';
import { err, storeOption, workersOption } from '../options';

interface RebuildOptions {
  store: string;
  workers?: number;
  fromScratch?: boolean;
  json?: boolean;
}

/**
 * `rebuild`: brings the read models saved in a SQLite ledger to its head, on every core, the
 * way a first start of the service does, and prints each one's SHA-256 (read-model-digest.ts).
 * Interrupted, it keeps what its workers saved: run again, it resumes from there.
 */
export function registerRebuild(program: Command): void {
  program
    .command('rebuild')
    .description(
      'Rebuild the read models saved in a SQLite ledger (on all cores; resumable) and print the SHA-256 of each',
    )
    .addOption(storeOption())
    .option(
      '--workers <n>',
      'fold the read models on this many cores (default: all of them)',
      workersOption,
    )
    .option('--from-scratch', 'drop the saved read models first and fold every fact again')
    .option('--json', 'print the read models and their SHA-256 as JSON')
    .action(async (o: RebuildOptions) => {
      if (!o.store.startsWith('sqlite:')) {
        // Only a SQLite ledger keeps its read models: the other stores' services fold them
        // in memory at each start.
        err(
          `rebuild: read models are saved only in a SQLite ledger (sqlite:<file>), not ${o.store}`,
        );
        process.exitCode = 2;
        return;
      }
      const store = await openStore(o.store, { upcast: catalogue.upcast });
      try {
        await rebuild(store as SqliteEventStore, o);
      } finally {
        await store.close();
      }
    });
}

async function rebuild(store: SqliteEventStore, o: RebuildOptions): Promise<void> {
  const states = new SqliteProjectionStateStore(store.db);
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
    });
  }
  const head = await store.headPosition();
  const runner = new ProjectionRunner(store, states, projections, {
    rebuildElsewhere: rebuildOnWorkers({
      url: store.url,
      workers: o.workers ?? availableParallelism(),
      projections,
      directory: true,
      // Here every fact behind is worth a worker: nothing else waits on this process.
      minFacts: 1,
    }),
    onError: (e) => err(`rebuild: ${(e as Error).message}`),
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
