import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import { projections } from '../../src/contexts/projections';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { rebuildOnWorkers } from '../../src/ledger/parallel-rebuild';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import type { RebuildStatus } from '../../src/ledger/runner-options';
import { SqliteProjectionStateStore } from '../../src/ledger/projection-state-store';
import { readModelDigests } from '../../src/ledger/read-model-digest';
import {
  attachReadModelFile,
  detachReadModelFile,
  readModelFileOf,
} from '../../src/ledger/read-model-file';
import type { ReadAllOptions } from '../../src/store/event-store';
import { PostgresEventStore } from '../../src/store/postgres/postgres-event-store';
import { freshDatabase, onPostgres } from '../support/postgres';
import { tempDir } from '../support/temp';
import { cli } from '../support/cli';

/**
 * A ledger kept in PostgreSQL, its read models saved in a file of the service's own
 * (`serve --read-models`), is rebuilt on worker threads as a SQLite ledger is: each worker reads
 * the ledger through its own connection and saves its share in that file; the service then
 * loads what they saved and reads only what was appended since.
 */
onPostgres('a PostgreSQL ledger rebuilt on worker threads into its read-models file', () => {
  let url: string;
  let head: number;

  beforeAll(async () => {
    url = await freshDatabase();
    const store = await PostgresEventStore.open(url, { upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
    head = await store.headPosition();
    await store.close();
  }, 120_000);

  /**
   * The runner catching up the examples into a new read-models file, on `workers` rebuild
   * workers (none: the runner folds every fact itself): the digests it saved, the facts the
   * runner itself read from the ledger, and every rebuild progress it showed.
   */
  const caughtUp = async (workers?: number) => {
    const store = await PostgresEventStore.open(url, { upcast: catalogue.upcast });
    const path = join(tempDir(), 'read-models.db');
    await attachReadModelFile(store, path);
    const states = new SqliteProjectionStateStore(readModelFileOf(store)!.db);
    let read = 0;
    const progress: RebuildStatus[] = [];
    const rebuild = workers
      ? rebuildOnWorkers({
          url: store.url,
          readModels: path,
          workers,
          projections,
          directory: true,
          minFacts: 1,
        })
      : undefined;
    const runner = new ProjectionRunner(store, states, projections, {
      read: async (o: ReadAllOptions) => {
        const page = [];
        for await (const e of store.readAll(o)) page.push(e);
        read += page.length;
        return page;
      },
      ...(rebuild
        ? {
            rebuildElsewhere: {
              minFacts: rebuild.minFacts,
              run: (names, to, shown, signal) =>
                rebuild.run(
                  names,
                  to,
                  (s) => {
                    progress.push(structuredClone(s));
                    shown(s);
                  },
                  signal,
                ),
            },
          }
        : {}),
    });
    try {
      runner.start();
      await runner.caughtUp();
      runner.stop();
      const digests = readModelDigests(states, projections);
      const db = readModelFileOf(store)!.db;
      // The directory is saved by whoever rebuilt it: not by the runner alone.
      const saved = db
        .prepare("SELECT 1 FROM sqlite_master WHERE name = 'ledger_directory_head'")
        .get();
      const directoryAt = saved
        ? (db.prepare('SELECT max(position) FROM ledger_directory_head').pluck().get() as number)
        : undefined;
      return { digests, read, progress, directoryAt };
    } finally {
      runner.stop();
      await detachReadModelFile(store);
      await store.close();
    }
  };

  let live: Awaited<ReturnType<typeof caughtUp>>;
  beforeAll(async () => {
    live = await caughtUp();
  }, 120_000);

  it('caught up by the runner alone: every read model saved at the head, every fact read by it', () => {
    expect(live.read).toBeGreaterThanOrEqual(head);
    expect(live.digests).toHaveLength(projections.length);
    for (const d of live.digests) expect(d).toMatchObject({ position: head });
    expect(live.progress).toEqual([]);
  });

  it('a rebuild on workers of a PostgreSQL ledger not given its read-models file: refused, saying so', async () => {
    const store = await PostgresEventStore.open(url, { upcast: catalogue.upcast });
    try {
      const rebuild = rebuildOnWorkers({ url: store.url, workers: 1, projections, minFacts: 1 });
      await expect(
        rebuild.run(
          projections.map((p) => p.name),
          head,
          () => undefined,
        ),
      ).rejects.toThrow(/needs its read-models file/);
    } finally {
      await store.close();
    }
  });

  it.each([1, 2])(
    'rebuilt by %i worker(s): the same SHA-256 of every read model, the directory saved at the head, and the runner reading none of the facts again',
    async (workers) => {
      const rebuilt = await caughtUp(workers);
      expect(rebuilt.digests).toEqual(live.digests);
      expect(rebuilt.directoryAt).toBe(head);
      // The runner reads from the workers' checkpoint: the fact there (skipped), nothing more.
      expect(rebuilt.read).toBeLessThanOrEqual(1);
      expect(rebuilt.progress.at(-1)?.shares).toHaveLength(workers);
      for (const share of rebuilt.progress.at(-1)!.shares) expect(share.position).toBe(head);
    },
    120_000,
  );

  it('`rebuild --read-models <file>` on two workers, then again from scratch: the same SHA-256 of every read model', async () => {
    const path = join(tempDir(), 'rebuilt.db');
    const first = await cli(
      'rebuild',
      '--store',
      url,
      '--read-models',
      path,
      '--workers',
      '2',
      '--json',
    );
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ head, readModels: live.digests });
    const again = await cli(
      'rebuild',
      '--store',
      url,
      '--read-models',
      path,
      '--workers',
      '1',
      '--from-scratch',
      '--json',
    );
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ head, readModels: live.digests });
  }, 120_000);

  it('`rebuild` of a PostgreSQL ledger without --read-models: exit 2, naming the option', async () => {
    const r = await cli('rebuild', '--store', url);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/read-models file \(give --read-models <file>\): not for postgres/);
  });
});
