import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import { SqliteProjectionStateStore } from '../../src/ledger/projection-state-store';
import type { Projection } from '../../src/contexts/projections';
import { ledgerStats, type LedgerStats } from '../../src/contexts/ledger-stats';
import { facts } from '../support/events';
import { tempDbPath } from '../support/temp';

/** Counts every apply, so a test can see an event applied twice or skipped. */
function counting(version = 1): Projection<{ applied: number[] }> & { calls: number } {
  const p = {
    name: 'counting',
    version,
    calls: 0,
    initial: () => ({ applied: [] as number[] }),
    apply(state: { applied: number[] }, e: { position: number }) {
      p.calls += 1;
      state.applied.push(e.position);
      return state;
    },
  };
  return p as never;
}

describe('projection runner', () => {
  it('catches up from the store, then follows live appends', async () => {
    const store = new SqliteEventStore(tempDbPath());
    await store.appendToStream('s-1', facts(5));
    const runner = new ProjectionRunner(store, new SqliteProjectionStateStore(store.db), [
      ledgerStats as Projection<unknown>,
    ]);
    runner.start();
    await runner.caughtUp();
    expect(runner.state<LedgerStats>('ledger-stats')!.state.events).toBe(5);
    await store.appendToStream('s-2', facts(3));
    await runner.caughtUp();
    const { state, position } = runner.state<LedgerStats>('ledger-stats')!;
    expect(state).toMatchObject({ events: 8, streams: 2, lastPosition: 8 });
    expect(position).toBe(8);
    runner.stop();
    await store.close();
  });

  it('saves state and checkpoint together, and a restart resumes after the checkpoint without applying anything twice', async () => {
    const path = tempDbPath();
    let store = new SqliteEventStore(path);
    await store.appendToStream('s-1', facts(4));
    const first = counting();
    let runner = new ProjectionRunner(store, new SqliteProjectionStateStore(store.db), [first]);
    runner.start();
    await runner.caughtUp();
    runner.stop();
    const checkpoint = store.db
      .prepare("SELECT position FROM checkpoints WHERE name = 'counting'")
      .pluck()
      .get();
    expect(checkpoint).toBe(4);
    await store.appendToStream('s-1', facts(2));
    await store.close();

    store = new SqliteEventStore(path);
    const second = counting();
    runner = new ProjectionRunner(store, new SqliteProjectionStateStore(store.db), [second]);
    runner.start();
    await runner.caughtUp();
    expect(second.calls).toBe(2);
    expect(runner.state<{ applied: number[] }>('counting')!.state.applied).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    runner.stop();
    await store.close();
  });

  it('rebuilds a projection from zero when its version changes', async () => {
    const path = tempDbPath();
    const store = new SqliteEventStore(path);
    await store.appendToStream('s-1', facts(3));
    let runner = new ProjectionRunner(store, new SqliteProjectionStateStore(store.db), [
      counting(1),
    ]);
    runner.start();
    await runner.caughtUp();
    runner.stop();
    const v2 = counting(2);
    runner = new ProjectionRunner(store, new SqliteProjectionStateStore(store.db), [v2]);
    runner.start();
    await runner.caughtUp();
    expect(v2.calls).toBe(3);
    runner.stop();
    await store.close();
  });
});
