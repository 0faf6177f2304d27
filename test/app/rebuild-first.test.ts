import { createServer, type Server } from 'node:net';
import { projections } from '../../src/contexts/projections';
import { startService } from '../../src/cli/commands/serve';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import { SqliteProjectionStateStore } from '../../src/ledger/projection-state-store';
import type { RebuildElsewhere } from '../../src/ledger/runner-options';
import type { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { examplesStore, removeTempDirs } from './support-dsb';

afterAll(removeTempDirs);

/**
 * A service begins the rebuild of its read models far behind before it builds its HTTP
 * application (`rebuildFirst`): the workers boot and fold meanwhile, and start() goes on from
 * the same rebuild, not a second one. Given a rebuild the test holds, these are what the runner
 * does before and after start().
 */
describe('a first start begins its rebuild before its HTTP application is built', () => {
  let store: SqliteEventStore;
  afterEach(async () => store.close());

  /** A rebuild elsewhere the test ends, counting its runs and keeping each run's signal. */
  function heldRebuild() {
    const runs: Array<{ names: readonly string[]; signal?: AbortSignal; end: () => void }> = [];
    const elsewhere: RebuildElsewhere = {
      minFacts: 1,
      run: (names, _head, _progress, signal) =>
        new Promise<void>((end) => runs.push({ names, ...(signal ? { signal } : {}), end })),
    };
    return { runs, elsewhere };
  }

  const runnerOn = (s: SqliteEventStore, elsewhere: RebuildElsewhere) =>
    new ProjectionRunner(s, new SqliteProjectionStateStore(s.db), projections, {
      rebuildElsewhere: elsewhere,
    });

  it('runs the rebuild once, begun before start() and gone on from by it', async () => {
    store = await examplesStore();
    const { runs, elsewhere } = heldRebuild();
    const runner = runnerOn(store, elsewhere);
    const begun = runner.rebuildFirst();
    await new Promise((r) => setTimeout(r, 20));
    expect(runs).toHaveLength(1);
    // Every partitioned read model is far behind a ledger with no saved read models.
    expect(runs[0]!.names).toEqual(projections.filter((p) => p.partitions).map((p) => p.name));
    runner.start();
    expect(runner.rebuildFirst()).toBe(begun);
    runs[0]!.end();
    await runner.caughtUp();
    expect(runs).toHaveLength(1);
    runner.stop();
  });

  it('a stop before start() stops the rebuild begun', async () => {
    store = await examplesStore();
    const { runs, elsewhere } = heldRebuild();
    const runner = runnerOn(store, elsewhere);
    void runner.rebuildFirst();
    await new Promise((r) => setTimeout(r, 20));
    expect(runs[0]!.signal?.aborted).toBe(false);
    runner.stop();
    expect(runs[0]!.signal?.aborted).toBe(true);
    runs[0]!.end();
  });

  it('a service whose port cannot be listened on fails with why, and the store serves again', async () => {
    store = await examplesStore();
    const taken: Server = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const port = (taken.address() as { port: number }).port;
    try {
      await expect(
        startService({ store, port, host: '127.0.0.1', logger: false, rebuildWorkers: 1 }),
      ).rejects.toThrow(/EADDRINUSE/);
      // The runner of the failed start is stopped: a service started again on the same store
      // catches up and stops cleanly.
      let caughtUp!: () => void;
      const upAgain = new Promise<void>((r) => (caughtUp = r));
      const service = await startService({
        store,
        port: 0,
        host: '127.0.0.1',
        logger: false,
        onCaughtUp: () => caughtUp(),
      });
      await upAgain;
      expect(service.runner.status().caughtUp).toBe(true);
      await service.close();
    } finally {
      await new Promise((r) => taken.close(r));
    }
  });
});
