import type { CompetitionFact } from '../../src/contexts/pairs/domain/facts';
import {
  evolve,
  initialCompetitionState,
  isScored,
  presentAt,
  resultOf,
  resultsOf,
  type CompetitionState,
} from '../../src/contexts/pairs/domain/state';

/**
 * A competition's results are kept as the facts recorded, in ledger order: what the deciders
 * and the projections read back must be those facts.
 */
const C = 'club-pairs';
const fold = (facts: CompetitionFact[]) => facts.reduce(evolve, initialCompetitionState());
const fact = (type: string, data: Record<string, unknown>) =>
  ({ type, occurredAt: '2026-03-03T21:00:00Z', data }) as unknown as CompetitionFact;
const entered = (pairId: string, players: string[]) =>
  fact('PairEntered', { competitionId: C, pairId, players, group: 'A' });
const result = (session: number, pairId: string, players: string[], extra = {}) =>
  fact('SessionResultRecorded', {
    competitionId: C,
    session,
    pairId,
    players,
    percentage: 52.63,
    boardsPlayed: 24,
    group: 'A',
    source: 'imported',
    ...extra,
  });

describe('the results of a competition, kept as the facts recorded', () => {
  it('reads back every result as recorded, in ledger order', () => {
    const s = fold([
      entered('p1', ['a', 'b']),
      entered('p2', ['c', 'd']),
      result(1, 'p1', ['a', 'b']),
      result(1, 'p2', ['c', 'd'], { percentage: 47.37, sitOutRounds: 1 }),
      result(2, 'p1', ['a', 'x'], { group: undefined }),
    ]);
    expect(s.results.length).toBe(3);
    expect(resultsOf(s)).toEqual([
      {
        competitionId: C,
        session: 1,
        pairId: 'p1',
        players: ['a', 'b'],
        percentage: 52.63,
        boardsPlayed: 24,
        group: 'A',
        source: 'imported',
      },
      {
        competitionId: C,
        session: 1,
        pairId: 'p2',
        players: ['c', 'd'],
        percentage: 47.37,
        boardsPlayed: 24,
        group: 'A',
        source: 'imported',
        sitOutRounds: 1,
      },
      {
        competitionId: C,
        session: 2,
        pairId: 'p1',
        players: ['a', 'x'],
        percentage: 52.63,
        boardsPlayed: 24,
        source: 'imported',
      },
    ]);
    expect(resultOf(s, 2, 'p1')?.players).toEqual(['a', 'x']);
    expect(resultOf(s, 2, 'p2')).toBeUndefined();
    expect(resultOf(s, 1, 'nobody')).toBeUndefined();
    expect(isScored(s, 1, 'p2')).toBe(true);
    expect(isScored(s, 2, 'p2')).toBe(false);
    expect([...presentAt(s, 2)]).toEqual([
      ['a', 'p1'],
      ['x', 'p1'],
    ]);
  });

  it('keeps the fact recorded itself, no copy', () => {
    const recorded = result(1, 'p1', ['a', 'b']);
    const s = fold([entered('p1', ['a', 'b']), recorded]);
    expect(resultOf(s, 1, 'p1')).toBe(recorded.data);
    expect(resultsOf(s)[0]).toBe(recorded.data);
  });

  it("a second result for the same pair and session takes the first one's place", () => {
    const s = fold([
      entered('p1', ['a', 'b']),
      result(1, 'p1', ['a', 'b']),
      result(1, 'p1', ['a', 'b'], { percentage: 60 }),
    ]);
    expect(s.results.length).toBe(1);
    expect(resultOf(s, 1, 'p1')!.percentage).toBe(60);
  });

  it('a result recorded late for an earlier session comes after the others; a second one for any session takes its place', () => {
    const s = fold([
      entered('p1', ['a', 'b']),
      result(1, 'p1', ['a', 'b'], { percentage: 51 }),
      result(3, 'p1', ['a', 'b'], { percentage: 53 }),
      result(2, 'p1', ['a', 'b'], { percentage: 52 }),
      result(3, 'p1', ['a', 'b'], { percentage: 63 }),
      result(2, 'p1', ['a', 'b'], { percentage: 62 }),
      result(1, 'p1', ['a', 'b'], { percentage: 61 }),
      result(4, 'p1', ['a', 'b'], { percentage: 54 }),
    ]);
    expect(s.results.length).toBe(4);
    expect([1, 2, 3, 4].map((n) => resultOf(s, n, 'p1')!.percentage)).toEqual([61, 62, 63, 54]);
    expect(resultOf(s, 5, 'p1')).toBeUndefined();
    expect(resultsOf(s).map((r) => r.session)).toEqual([1, 3, 2, 4]);
  });

  it('reads a result recorded after an earlier read', () => {
    let s = fold([entered('p1', ['a', 'b']), entered('p2', ['c', 'd'])]);
    s = evolve(s, result(1, 'p1', ['a', 'b']));
    expect(resultOf(s, 1, 'p2')).toBeUndefined();
    s = evolve(s, result(1, 'p2', ['c', 'd'], { percentage: 47 }));
    expect(resultOf(s, 1, 'p2')!.percentage).toBe(47);
    expect(resultOf(s, 0, 'p2')).toBeUndefined();
    expect(resultOf(s, -1, 'p1')).toBeUndefined();
    expect(resultOf(s, 1, 'nobody')).toBeUndefined();
  });

  it('survives a JSON round trip (a saved projection state)', () => {
    const s = fold([
      entered('p1', ['a', 'b']),
      entered('p2', ['c', 'd']),
      result(2, 'p2', ['c', 'd']),
      result(1, 'p1', ['a', 'b'], { sitOutRounds: 2 }),
    ]);
    const back = JSON.parse(JSON.stringify(s)) as CompetitionState;
    expect(resultsOf(back)).toEqual(resultsOf(s));
    expect(resultOf(back, 1, 'p2')).toBeUndefined();
    expect(resultOf(back, 2, 'p1')).toBeUndefined();
    expect(resultOf(back, 1, 'p1')!.sitOutRounds).toBe(2);
  });

  it('is written as the facts, and a state read back (JSON or a structured clone) takes new results', () => {
    const s = fold([
      entered('p1', ['a', 'b']),
      entered('p2', ['c', 'd']),
      result(1, 'p1', ['a', 'b'], { sitOutRounds: 2 }),
      result(1, 'p2', ['c', 'x'], { source: 'scored' }),
    ]);
    const json = JSON.parse(JSON.stringify(s)) as { results: unknown[] };
    expect(json.results).toEqual(resultsOf(s));
    for (const back of [json as unknown as CompetitionState, structuredClone(s)]) {
      evolve(back, result(2, 'p2', ['c', 'd'], { percentage: 61.5, group: undefined }));
      expect(back.results.length).toBe(3);
      expect(resultsOf(back)).toEqual([
        ...resultsOf(s),
        {
          competitionId: C,
          session: 2,
          pairId: 'p2',
          players: ['c', 'd'],
          percentage: 61.5,
          boardsPlayed: 24,
          source: 'imported',
        },
      ]);
    }
  });

  it('a derived (board-scored) result is read after the recorded ones, never over them', () => {
    const s = fold([entered('p1', ['a', 'b']), result(1, 'p1', ['a', 'b'])]);
    const derived = { ...resultOf(s, 1, 'p1')!, source: 'scored' as const, percentage: 70 };
    const other = { ...derived, session: 2 };
    const view = { ...s, derivedResults: { '1:p1': derived, '2:p1': other } };
    expect(resultOf(view, 1, 'p1')!.percentage).toBe(52.63);
    expect(resultOf(view, 2, 'p1')).toBe(other);
    expect(resultsOf(view).map((r) => [r.session, r.source])).toEqual([
      [2, 'scored'],
      [1, 'imported'],
    ]);
  });
});
