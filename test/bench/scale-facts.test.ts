import { catalogue } from '../../src/contexts/catalogue';
import { competitions, standingsOf } from '../../src/contexts/pairs/projection';
import { replayFromStore } from '../../src/audit/replay';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { nzExample, pacedFacts, pacedRoster } from '../../bench/scale/facts';
import { history } from '../../bench/standings/history';
import { appendThroughGate } from '../../bench/standings/through-gate';

/**
 * The scale benchmark (bench/run-scale.ts) appends, after a history, the NZ example's held-back
 * last result (the first fact to seat a player after a start: NZ-8e, NZ-10 read the whole club)
 * and paced facts of a new DSB competition. They must be facts the deciders accept, or the
 * benchmark times refusals.
 */
describe('the scale benchmark’s facts (bench/scale/facts.ts)', () => {
  it('the NZ example less its last result, that result, the paced players registered, then 20 paced facts: none refused (NZ-7, NZ-8e, NZ-10, DSB-3, LEDGER)', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const shape = { seasons: 1, clubs: 2, competitions: 1, pairs: 24, firstYear: 2006 };
    const nz = nzExample();
    const paced = pacedFacts('club01', 2007, 20);
    const run = await appendThroughGate(store, catalogue, [
      ...history(shape),
      ...nz.batches,
      { streamId: nz.seating.streamId, events: [nz.seating.event] },
      pacedRoster('club01', 2007),
      ...paced.map((p) => ({ streamId: p.streamId, events: [p.event] })),
    ]);
    expect(run.refused).toEqual([]);
    expect(nz.seating.event.type).toBe('SessionResultRecorded');
    expect(paced).toHaveLength(20);
    expect(new Set(paced.map((p) => p.event.id)).size).toBe(20);

    const { state } = await replayFromStore(store, competitions);
    const nzView = standingsOf(state, 'club-pairs-2026');
    expect(nzView).toMatchObject({ kind: 'nz', final: true });
    const scale = standingsOf(state, 'club01-2007-scale');
    expect(scale).toMatchObject({ kind: 'dsb', afterSession: 2, final: false });
  });

  it('refuses more paced facts than its competition holds', () => {
    expect(() => pacedFacts('club01', 2007, 500)).toThrow(/at most \d+ paced facts/);
  });
});
