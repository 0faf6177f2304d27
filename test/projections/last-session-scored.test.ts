import type { CompetitionFact } from '../../src/contexts/pairs/domain/facts';
import {
  evolve,
  initialCompetitionState,
  type CompetitionState,
} from '../../src/contexts/pairs/domain/state';
import { lastSessionScored } from '../../src/contexts/pairs/projection/last-session';

/**
 * A session is published (DSB standings, DSB-7.2) once every group with pairs has a result in
 * it, and every session before it too.
 */
const C = 'c1';
const fact = (type: string, data: Record<string, unknown>) =>
  ({
    type,
    occurredAt: '2026-03-03T21:00:00Z',
    data: { competitionId: C, ...data },
  }) as unknown as CompetitionFact;
const created = fact('CompetitionCreated', {
  clubId: 'dsb',
  name: 'Parencompetitie 1',
  season: '2026-2027',
  kind: 'pairs-series',
  format: 'dsb-pairs',
  sessions: [1, 2, 3].map((session) => ({ session, date: `2026-09-0${session}` })),
  groups: ['A', 'B'],
});
const entered = (pairId: string, group: string) =>
  fact('PairEntered', { pairId, players: [`${pairId}-n`, `${pairId}-s`], group });
const result = (session: number, pairId: string, group: string) =>
  fact('SessionResultRecorded', {
    session,
    pairId,
    players: [`${pairId}-n`, `${pairId}-s`],
    percentage: 50,
    boardsPlayed: 24,
    group,
    source: 'imported',
  });
const fold = (facts: CompetitionFact[]): CompetitionState =>
  facts.reduce(evolve, initialCompetitionState());
const pairs = [created, entered('A1', 'A'), entered('A2', 'A'), entered('B1', 'B')];

describe('DSB-7.2 the last session scored: every group with pairs has a result in it and before it', () => {
  it('counts a session once each group has a result, not before', () => {
    const c = fold([...pairs, result(1, 'A1', 'A'), result(1, 'B1', 'B'), result(2, 'A1', 'A')]);
    expect(lastSessionScored(c)).toBe(1);
    expect(lastSessionScored(fold([...pairs, result(1, 'A1', 'A')]))).toBe(0);
  });

  it('a session scored with the one before it missing does not count', () => {
    const c = fold([...pairs, result(2, 'A1', 'A'), result(2, 'B1', 'B')]);
    expect(lastSessionScored(c)).toBe(0);
  });

  it('results recorded out of order count when all are in', () => {
    const c = fold([
      ...pairs,
      result(2, 'B1', 'B'),
      result(1, 'B1', 'B'),
      result(2, 'A2', 'A'),
      result(1, 'A1', 'A'),
    ]);
    expect(lastSessionScored(c)).toBe(2);
  });

  it('stops at the session asked for, and at the competition’s last', () => {
    const all = [1, 2, 3].flatMap((s) => [result(s, 'A1', 'A'), result(s, 'B1', 'B')]);
    const c = fold([...pairs, ...all, result(4, 'A1', 'A'), result(4, 'B1', 'B')]);
    expect(lastSessionScored(c)).toBe(3);
    expect(lastSessionScored(c, 2)).toBe(2);
    expect(lastSessionScored(c, 0)).toBe(0);
    expect(lastSessionScored(c, -1)).toBe(0);
    expect(lastSessionScored(c, Number.NaN)).toBe(0);
    // A fractional limit looks at the session after it, as a count "while below the limit".
    expect(lastSessionScored(c, 1.5)).toBe(2);
  });

  it('a result for a pair not entered, or before any pair, counts for no group', () => {
    expect(lastSessionScored(fold([created, result(1, 'X', 'A')]))).toBe(0);
    const c = fold([...pairs, result(1, 'X', 'A'), result(1, 'B1', 'B')]);
    expect(lastSessionScored(c)).toBe(0);
  });
});
