import type { CompetitionFact } from '../../src/contexts/pairs/domain/facts';
import {
  presentAt,
  seatedPairs,
  seatsOf,
  seatsOfFact,
} from '../../src/contexts/pairs/domain/seating';
import {
  evolve,
  initialCompetitionState,
  type CompetitionState,
} from '../../src/contexts/pairs/domain/state';

/**
 * One seating model ("who played in which session, for whom"): the deciders (NZ-7), the append
 * gate's club-wide limits (NZ-8e, NZ-10) and the standings' verdicts all read it.
 */
const C = 'tue';
const fold = (facts: CompetitionFact[]) =>
  facts.reduce<CompetitionState>((s, f) => evolve(s, f), initialCompetitionState());
const fact = (type: string, data: Record<string, unknown>) =>
  ({
    type,
    occurredAt: '2026-03-03T21:00:00Z',
    data: { competitionId: C, ...data },
  }) as unknown as CompetitionFact;
const entered = (pairId: string, players: string[]) => fact('PairEntered', { pairId, players });
const result = (session: number, pairId: string, players: string[]) =>
  fact('SessionResultRecorded', {
    session,
    pairId,
    players,
    percentage: 55,
    boardsPlayed: 24,
    source: 'imported',
  });
const substitute = (
  session: number,
  pairId: string,
  absentPlayerId: string,
  substituteId: string,
) => fact('SubstitutePlayed', { session, pairId, absentPlayerId, substituteId });
const linked = (session: number, pairs: Array<{ pairId: string; players?: string[] }>) =>
  fact('SessionScoredFromBoards', {
    session,
    sessionStreamId: `session-${session}`,
    pairs: pairs.map((p, i) => ({ pairNumber: String(i + 1), ...p })),
  });

describe('seating: who sat down where', () => {
  const state = fold([
    entered('MT', ['mia', 'tia']),
    entered('TT', ['tom', 'tim']),
    entered('VW', ['vic', 'wes']),
    substitute(1, 'TT', 'tim', 'sub'),
    result(1, 'TT', ['tom', 'sub']),
    result(1, 'MT', ['mia', 'tia']),
    substitute(2, 'VW', 'wes', 'ann'),
    linked(2, [{ pairId: 'VW' }, { pairId: 'MT', players: ['mia', 'max'] }]),
  ]);

  it('NZ-7 NZ-6 every seat in one order: results in ledger order, linked pairs, then substitutes', () => {
    expect(seatsOf(state).map((s) => `${s.session} ${s.pairId} ${s.playerId} ${s.as}`)).toEqual([
      '1 TT tom result',
      '1 TT sub result',
      '1 MT mia result',
      '1 MT tia result',
      '2 VW vic linked',
      '2 VW ann linked',
      '2 MT mia linked',
      '2 MT max linked',
      '1 TT sub substitute',
      '2 VW ann substitute',
    ]);
  });

  it('NZ-7 a linked pair sits its link players, else its own with the substitute for the absent one; the absent player is not seated', () => {
    expect([...seatedPairs(state, 2).values()].map((e) => [e.pairId, [...e.players]])).toEqual([
      ['VW', ['vic', 'ann']],
      ['MT', ['mia', 'max']],
    ]);
    expect(presentAt(state, 2).has('wes')).toBe(false);
    expect(presentAt(state, 2).has('tia')).toBe(false);
    expect([...presentAt(state, 1)]).toEqual([
      ['tom', 'TT'],
      ['sub', 'TT'],
      ['mia', 'MT'],
      ['tia', 'MT'],
    ]);
  });

  it('NZ-8e the seats a proposed fact adds name the field that sits each player down', () => {
    expect(seatsOfFact(state, result(3, 'MT', ['mia', 'tia'])).map((s) => s.field)).toEqual([
      'data.players[0]',
      'data.players[1]',
    ]);
    expect(seatsOfFact(state, substitute(3, 'MT', 'tia', 'sub'))).toEqual([
      { session: 3, pairId: 'MT', playerId: 'sub', as: 'substitute', field: 'data.substituteId' },
    ]);
    const link = linked(3, [{ pairId: 'TT' }, { pairId: 'VW', players: ['vic', 'ann'] }]);
    expect(seatsOfFact(state, link).map((s) => `${s.playerId} ${s.field}`)).toEqual([
      'tom data.pairs[0].pairId',
      'tim data.pairs[0].pairId',
      'vic data.pairs[1].players[0]',
      'ann data.pairs[1].players[1]',
    ]);
  });

  it('DSB-3 a partnership named for a session linked to board results sits the two named; for any other session it seats no one', () => {
    const three = fold([entered('P3', ['ann', 'bob', 'cor']), linked(1, [{ pairId: 'P3' }])]);
    expect(seatsOf(three).map((s) => s.playerId)).toEqual(['ann', 'bob', 'cor']);
    const naming = (session: number) =>
      fact('PartnershipPlayersNamed', { session, pairId: 'P3', players: ['bob', 'cor'] });
    expect(seatsOfFact(three, naming(1)).map((s) => `${s.playerId} ${s.field}`)).toEqual([
      'bob data.players[0]',
      'cor data.players[1]',
    ]);
    expect(seatsOfFact(three, naming(2))).toEqual([]);
    expect(seatsOf(evolve(three, naming(1))).map((s) => s.playerId)).toEqual(['bob', 'cor']);
  });

  it('bad input: a fact that seats no one, and a session with no seats, give none', () => {
    expect(seatsOfFact(state, entered('XY', ['x', 'y']))).toEqual([]);
    expect(seatsOf(state, 9)).toEqual([]);
    expect(presentAt(initialCompetitionState(), 1).size).toBe(0);
  });
});
