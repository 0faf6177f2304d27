import { catalogue } from '../../src/contexts/catalogue';
import {
  championshipOf,
  competitions,
  standingsOf,
  type CompetitionsState,
} from '../../src/contexts/pairs/projection';
import type { SavedCompetitionState } from '../../src/contexts/pairs/projection/saved-competition';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { replayFromStore } from '../../src/audit/replay';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { history } from '../../bench/standings/history';

const parts = competitions.partitions!;

/** The state as a restart reads it: every partition through JSON, put back in the saved order. */
function savedAndRead(state: CompetitionsState): CompetitionsState {
  const read = competitions.initial();
  for (const key of parts.keys(state))
    parts.put(read, key, JSON.parse(JSON.stringify(parts.get(state, key))));
  return read;
}

/** A competition's partition as written. */
const savedForm = (state: CompetitionsState, id: string) =>
  JSON.parse(JSON.stringify(parts.get(state, `competition:${id}`))) as SavedCompetitionState;

/** Every published table of a state. */
function tables(state: CompetitionsState): string {
  const out: unknown[] = [];
  const answer = (f: () => unknown) => {
    try {
      out.push(f());
    } catch (e) {
      out.push(String(e));
    }
  };
  for (const id of Object.keys(state.competitions)) answer(() => standingsOf(state, id));
  const seasons = new Set<string>();
  for (const c of Object.values(state.competitions))
    if (c.competition?.season) seasons.add(c.competition.season);
  for (const club of Object.keys(state.rulebooks))
    for (const season of seasons) answer(() => championshipOf(state, club, season));
  return JSON.stringify(out);
}

/** The folded state and the one read back are the same: values, shapes and shared players. */
function expectSame(read: CompetitionsState, folded: CompetitionsState) {
  expect(JSON.stringify(read)).toBe(JSON.stringify(folded));
  for (const [id, c] of Object.entries(folded.competitions)) {
    const back = read.competitions[id];
    // toStrictEqual: an absent field is an undefined one in both, in the same place.
    expect(back.results).toStrictEqual(c.results);
    for (let i = 0; i < c.results.length; i++) {
      const r = c.results[i];
      expect(Object.keys(back.results[i])).toEqual(Object.keys(r));
      // Shared with the pair's own array where the fold shares it.
      if (r.players === c.pairs[r.pairId]?.players)
        expect(back.results[i].players).toBe(back.pairs[r.pairId].players);
    }
  }
  expect(tables(read)).toBe(tables(folded));
}

describe("a competition's saved form (saved-competition.ts)", () => {
  it('the examples: saved as columns, read back as the fold made them, the same answers', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
    const folded = (await replayFromStore(store, competitions)).state;
    const ids = Object.keys(folded.competitions);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const saved = savedForm(folded, id);
      if (folded.competitions[id].results.length > 0) {
        expect(Array.isArray(saved.results)).toBe(false);
        expect(JSON.stringify(saved.results)).not.toContain('competitionId');
      }
    }
    expectSame(savedAndRead(folded), folded);
  });

  it("a generated history (the benchmarks'): two seasons of two clubs", async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    for (const batch of history({
      seasons: 2,
      clubs: 2,
      competitions: 2,
      pairs: 12,
      firstYear: 2006,
    }))
      await store.appendToStream(batch.streamId, batch.events);
    const folded = (await replayFromStore(store, competitions)).state;
    expect(Object.keys(folded.competitions)).toHaveLength(8);
    let results = 0;
    for (const [id, c] of Object.entries(folded.competitions)) {
      results += c.results.length;
      const saved = savedForm(folded, id);
      expect(Array.isArray(saved.results)).toBe(false);
      // Less than half the bytes of the results as recorded.
      expect(JSON.stringify(saved.results).length).toBeLessThan(
        JSON.stringify(c.results).length / 2,
      );
    }
    expect(results).toBeGreaterThan(500);
    expectSame(savedAndRead(folded), folded);
  });

  const at = '2026-03-03T21:00:00Z';
  const fact = (type: string, data: Record<string, unknown>, position: number) => ({
    id: `e${position}`,
    streamId: 'competition-c1',
    position,
    streamVersion: position,
    type,
    schemaVersion: 1,
    occurredAt: at,
    recordedAt: at,
    data: { competitionId: 'c1', ...data },
    metadata: {},
  });
  const result = (session: number, pairId: string, players: string[], more = {}) => ({
    session,
    pairId,
    players,
    percentage: 52.63,
    boardsPlayed: 24,
    source: 'imported',
    ...more,
  });
  const fold = (facts: ReturnType<typeof fact>[]) => {
    let state = competitions.initial();
    for (const f of facts) state = competitions.apply(state, f as never, undefined);
    return state;
  };

  it("a result whose players are not the pair's entered ones keeps them; absent fields stay absent", () => {
    const folded = fold([
      fact('PairEntered', { pairId: 'p1', players: ['a', 'b'], group: 'A' }, 1),
      fact('PairEntered', { pairId: 'p2', players: ['c', 'd'] }, 2),
      fact('SessionResultRecorded', result(1, 'p1', ['a', 'b'], { group: 'A' }), 3),
      fact('SessionResultRecorded', result(1, 'p2', ['c', 'x'], { sitOutRounds: 2 }), 4),
      fact('SessionResultRecorded', result(2, 'p2', ['c', 'x'], { source: 'scored' }), 5),
      // Never entered: its players are saved with it.
      fact('SessionResultRecorded', result(2, 'p3', ['e', 'f']), 6),
      fact('SessionResultRecorded', { session: 3, pairId: 'p1', players: ['a', 'b'] }, 7),
    ]);
    const saved = savedForm(folded, 'c1').results;
    expect(saved).toEqual({
      pairIds: ['p1', 'p2', 'p3'],
      pair: [0, 1, 1, 2, 0],
      session: [1, 1, 2, 2, 3],
      percentage: [52.63, 52.63, 52.63, 52.63, null],
      boardsPlayed: [24, 24, 24, 24, null],
      source: [0, 0, 1, 0, null],
      groups: ['A'],
      group: [0, null, null, null, null],
      sitOutRounds: [null, 2, null, null, null],
      players: [null, ['c', 'x'], ['c', 'x'], ['e', 'f'], null],
    });
    const read = savedAndRead(folded);
    expectSame(read, folded);
    const [r1, r2, r3, r4, r5] = read.competitions.c1.results;
    expect(r1.players).toBe(read.competitions.c1.pairs.p1.players);
    // Equal lists that are not the pair's: one array, as the fold keeps them.
    expect(r2.players).toBe(r3.players);
    expect(r4.players).toEqual(['e', 'f']);
    expect('sitOutRounds' in r1 && r1.sitOutRounds === undefined).toBe(true);
    expect(r5.percentage).toBeUndefined();
    expect(Object.keys(r5)).toEqual(Object.keys(r1));
  });

  it('a competition whose results the columns cannot hold exactly (a null) is saved as it is', () => {
    const folded = fold([
      fact('PairEntered', { pairId: 'p1', players: ['a', 'b'] }, 1),
      fact('SessionResultRecorded', result(1, 'p1', ['a', 'b'], { group: null }), 2),
    ]);
    const saved = savedForm(folded, 'c1');
    expect(Array.isArray(saved.results)).toBe(true);
    const read = savedAndRead(folded);
    expect(JSON.stringify(read)).toBe(JSON.stringify(folded));
    expect(read.competitions.c1.results[0].group).toBeNull();
  });

  it('a partition get gave is put back as the state itself (a slice of the live read model)', () => {
    const folded = fold([
      fact('PairEntered', { pairId: 'p1', players: ['a', 'b'] }, 1),
      fact('SessionResultRecorded', result(1, 'p1', ['a', 'b']), 2),
    ]);
    const slice = competitions.initial();
    parts.put(slice, 'competition:c1', parts.get(folded, 'competition:c1'));
    expect(slice.competitions.c1).toBe(folded.competitions.c1);
  });
});
