import type { CompetitionFact } from '../../src/domain/competition/facts';
import {
  evolve,
  evolveSharing,
  initialCompetitionState,
  isScored,
  presentAt,
  resultOf,
  resultsOf,
  type CompetitionState,
} from '../../src/domain/competition/state';
import { resultCount, shareTable, type Share } from '../../src/domain/competition/results';

/**
 * A competition's results are kept as columns (`ResultTable`): what the deciders and the
 * projections read back must be the facts as recorded, whatever the layout.
 */
const C = 'club-pairs';
const fold = (facts: CompetitionFact[]) =>
  facts.reduce<CompetitionState>((s, f) => evolve(s, f), initialCompetitionState());
const foldSharing = (facts: CompetitionFact[], share: Share) =>
  facts.reduce<CompetitionState>((s, f) => evolveSharing(s, f, share), initialCompetitionState());
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

describe('the results of a competition, kept as columns', () => {
  it('reads back every result as recorded, in ledger order', () => {
    const s = fold([
      entered('p1', ['a', 'b']),
      entered('p2', ['c', 'd']),
      result(1, 'p1', ['a', 'b']),
      result(1, 'p2', ['c', 'd'], { percentage: 47.37, sitOutRounds: 1 }),
      result(2, 'p1', ['a', 'x'], { group: undefined }),
    ]);
    expect(resultCount(s.results)).toBe(3);
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

  it("keeps the pair's own players array when the result names the same players, a copy of nothing", () => {
    const s = fold([entered('p1', ['a', 'b']), result(1, 'p1', ['a', 'b'])]);
    expect(resultOf(s, 1, 'p1')!.players).toBe(s.pairs.p1.players);
  });

  it('a second result for the same pair and session replaces the first in its row', () => {
    const s = fold([
      entered('p1', ['a', 'b']),
      result(1, 'p1', ['a', 'b']),
      result(1, 'p1', ['a', 'b'], { percentage: 60 }),
    ]);
    expect(resultCount(s.results)).toBe(1);
    expect(resultOf(s, 1, 'p1')!.percentage).toBe(60);
  });

  it('a result recorded late for an earlier session is a new row; a second one for any session replaces its row', () => {
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
    expect(resultCount(s.results)).toBe(4);
    expect([1, 2, 3, 4].map((n) => resultOf(s, n, 'p1')!.percentage)).toEqual([61, 62, 63, 54]);
    expect(resultOf(s, 5, 'p1')).toBeUndefined();
    expect(resultsOf(s).map((r) => r.session)).toEqual([1, 3, 2, 4]);
  });

  it('reads a result recorded after an earlier read (the row index follows new rows)', () => {
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

  it('is written as plain arrays, and a state read back (JSON or a structured clone) takes new results', () => {
    const s = fold([
      entered('p1', ['a', 'b']),
      entered('p2', ['c', 'd']),
      result(1, 'p1', ['a', 'b'], { sitOutRounds: 2 }),
      result(1, 'p2', ['c', 'x'], { source: 'scored' }),
    ]);
    const json = JSON.parse(JSON.stringify(s)) as { results: Record<string, unknown> };
    expect(Array.isArray(json.results.percentage)).toBe(true);
    expect((json.results.percentage as number[]).slice(0, 2)).toEqual([52.63, 52.63]);
    for (const back of [json as unknown as CompetitionState, structuredClone(s)]) {
      evolve(back, result(2, 'p2', ['c', 'd'], { percentage: 61.5, group: undefined }));
      expect(resultCount(back.results)).toBe(3);
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

  it('grows past the room made for every session of every pair entered', () => {
    // Two pairs and no sessions listed: room for 16 rows, then doubled as results come.
    const facts = [entered('p1', ['a', 'b']), entered('p2', ['c', 'd'])];
    for (let session = 1; session <= 20; session++) {
      facts.push(result(session, 'p1', ['a', 'b'], { percentage: session }));
      facts.push(result(session, 'p2', ['c', 'd'], { percentage: 100 - session }));
    }
    const s = fold(facts);
    expect(resultCount(s.results)).toBe(40);
    expect(resultOf(s, 20, 'p2')!.percentage).toBe(80);
    expect(resultOf(s, 1, 'p1')!.percentage).toBe(1);
    expect(resultsOf(s).map((r) => r.session)).toEqual(
      Array.from({ length: 40 }, (_, i) => Math.floor(i / 2) + 1),
    );
  });

  it('evolveSharing passes every list of players it keeps through `share`, and keeps the same facts', () => {
    const seen: string[][] = [];
    const share: Share = { id: (id) => id, list: (ids) => (seen.push([...ids]), [...ids]) };
    const facts = [
      entered('p1', ['a', 'b']),
      fact('PartnershipPlayersNamed', {
        competitionId: C,
        session: 1,
        pairId: 'p1',
        players: ['a', 'b'],
      }),
      result(1, 'p1', ['a', 'b']),
      result(2, 'p1', ['a', 'x']),
    ];
    const s = foldSharing(facts, share);
    // The pair's two, the named two, and the players of the result that names others.
    expect(seen).toEqual([
      ['a', 'b'],
      ['a', 'b'],
      ['a', 'x'],
    ]);
    expect(resultsOf(s)).toEqual(resultsOf(fold(facts)));
    expect(s.named['1:p1']).toEqual(['a', 'b']);
  });

  it('evolveSharing keeps substitutes and absences as the facts recorded, their ids passed through `share`', () => {
    const seen: string[] = [];
    const share: Share = { id: (id) => (seen.push(id), id), list: (ids) => [...ids] };
    const facts = [
      entered('p1', ['a', 'b']),
      fact('SubstitutePlayed', {
        competitionId: C,
        session: 1,
        pairId: 'p1',
        absentPlayerId: 'b',
        substituteId: 's',
        playedInGroup: 'A',
      }),
      fact('AbsenceNotified', {
        competitionId: C,
        session: 2,
        pairId: 'p1',
        validReason: true,
        reason: 'family visit',
      }),
      fact('AbsenceNotified', { competitionId: C, session: 3, pairId: 'p1', validReason: false }),
    ];
    const s = foldSharing(facts, share);
    const plain = fold(facts);
    expect(s.substitutes).toEqual(plain.substitutes);
    expect(s.absences).toEqual(plain.absences);
    // No reason given: none kept, and none written when the state is saved.
    expect(s.absences['3:p1'].reason).toBeUndefined();
    expect(JSON.parse(JSON.stringify(s.absences['3:p1']))).not.toHaveProperty('reason');
    expect(seen).toEqual([C, 'b', 's', C, 'family visit', C]);
  });

  it('shareTable gives one array for equal lists (same ids, same order), across pairs and competitions', () => {
    const share = shareTable();
    const facts = (competitionId: string) =>
      [
        entered('p1', ['a', 'b']),
        entered('p2', ['b', 'a']),
        fact('PartnershipPlayersNamed', {
          competitionId,
          session: 1,
          pairId: 'p1',
          players: ['a', 'b'],
        }),
        result(1, 'p1', ['a', 'c']),
      ].map((f) => ({ ...f, data: { ...f.data, competitionId } }) as CompetitionFact);
    const one = foldSharing(facts('one'), share);
    const two = foldSharing(facts('two'), share);
    expect(two.pairs.p1.players).toBe(one.pairs.p1.players);
    expect(one.named['1:p1']).toBe(one.pairs.p1.players);
    expect(one.pairs.p2.players).not.toBe(one.pairs.p1.players);
    expect(one.pairs.p2.players).toEqual(['b', 'a']);
    expect(resultOf(two, 1, 'p1')!.players).toBe(resultOf(one, 1, 'p1')!.players);
    expect(resultOf(one, 1, 'p1')!.players).toEqual(['a', 'c']);
    expect(share.list(['a', 'b', 'c'])).toBe(share.list(['a', 'b', 'c']));
    expect(share.list(['a', 'b', 'c'])).not.toBe(share.list(['a', 'b']));
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
