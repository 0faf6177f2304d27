import type { Projection } from '../../src/contexts/projections';
import { ledgerStats, type LedgerStats } from '../../src/contexts/ledger-stats';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import { MemoryProjectionStateStore } from '../../src/ledger/projection-state-store';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { facts } from '../support/events';

describe('the runner catches up by pages, the event loop free between them', () => {
  it('other work runs during a catch-up of 2,000 facts in pages of 100; no state is saved before its end', async () => {
    const store = new MemoryEventStore();
    for (let i = 0; i < 20; i++) await store.appendToStream(`s-${i}`, facts(100));
    const states = new MemoryProjectionStateStore();
    const runner = new ProjectionRunner(store, states, [ledgerStats as Projection<unknown>], {
      pageSize: 100,
    });
    const seen: Array<{ caughtUp: boolean; position: number }> = [];
    let probing = true;
    const probe = () => {
      seen.push(runner.status());
      if (probing) setImmediate(probe);
    };
    runner.start();
    setImmediate(probe);
    await runner.caughtUp();
    probing = false;
    const during = seen.filter((s) => !s.caughtUp);
    // A turn between pages: the probe saw the catch-up at many positions on its way.
    expect(new Set(during.map((s) => s.position)).size).toBeGreaterThanOrEqual(10);
    expect(runner.status()).toEqual({ caughtUp: true, position: 2000 });
    // Saved once, at the end (the budget, 50,000 facts, was never reached).
    expect(states.written.saves).toBe(1);
    expect(runner.state<LedgerStats>('ledger-stats')!.state).toMatchObject({
      events: 2000,
      streams: 20,
    });
    runner.stop();
    await store.close();
  });

  it('on the partition budget (saveEvery), a long catch-up saves what changed on its way, never more', async () => {
    const store = new MemoryEventStore();
    for (let i = 0; i < 10; i++) await store.appendToStream(`s-${i}`, facts(100));
    const states = new MemoryProjectionStateStore();
    const runner = new ProjectionRunner(store, states, [ledgerStats as Projection<unknown>], {
      pageSize: 100,
      saveEvery: 300,
    });
    runner.start();
    await runner.caughtUp();
    // Pages of 100, a save once 300 facts are in: after 300, 600, 900, and at the end.
    expect(states.written.saves).toBe(4);
    // Each stream's partition once (its 100 facts lie between two saves) and the totals each time.
    expect(states.written.rows).toBe(10 + 4);
    runner.stop();
    await store.close();
  });

  it("a rebuild's pass (until) with saveSpacing: saves at least saveEvery apart, then a quarter of what it has folded apart", async () => {
    const store = new MemoryEventStore();
    for (let i = 0; i < 20; i++) await store.appendToStream(`s-${i}`, facts(100));
    const states = new MemoryProjectionStateStore();
    const saves = jest.spyOn(states, 'savePartitions');
    const runner = new ProjectionRunner(store, states, [ledgerStats as Projection<unknown>], {
      pageSize: 100,
      saveEvery: 100,
      saveSpacing: 0.25,
      until: 2000,
    });
    runner.start();
    await runner.ended();
    // Checked at the end of each page of 100: 100 apart while a quarter of the facts folded is
    // 100 or less, then 600 (150 past 400 is short), 800, 1,100, 1,500, 2,000; the end's own
    // save finds nothing changed since.
    expect(saves.mock.calls.map(([, save]) => save.position)).toEqual([
      100, 200, 300, 400, 600, 800, 1100, 1500, 2000,
    ]);
    await store.close();
  });

  it("a service's runner (no until) keeps to saveEvery whatever saveSpacing says", async () => {
    const store = new MemoryEventStore();
    for (let i = 0; i < 10; i++) await store.appendToStream(`s-${i}`, facts(100));
    const states = new MemoryProjectionStateStore();
    const saves = jest.spyOn(states, 'savePartitions');
    const runner = new ProjectionRunner(store, states, [ledgerStats as Projection<unknown>], {
      pageSize: 100,
      saveEvery: 300,
      saveSpacing: 0.25,
    });
    runner.start();
    await runner.caughtUp();
    expect(saves.mock.calls.map(([, save]) => save.position)).toEqual([300, 600, 900, 1000]);
    runner.stop();
    await store.close();
  });
});
