import type { CompetitionFact } from '../../src/contexts/pairs/domain/facts';
import { evolve, initialCompetitionState } from '../../src/contexts/pairs/domain/state';

/**
 * PIN-R28 counts an appeal's 30 minutes from the latest result fact of the session: the fold
 * keeps, for each session, the latest instant a result was recorded at (`scoredAt`), compared as
 * instants, whatever offset each is written in.
 */
describe('PIN-R28: the instant a session was scored is its latest result fact', () => {
  const result = (session: number, pairId: string, occurredAt: string): CompetitionFact => ({
    type: 'SessionResultRecorded',
    occurredAt,
    data: {
      competitionId: 'tue',
      session,
      pairId,
      players: ['a', 'b'],
      percentage: 50,
      boardsPlayed: 24,
      source: 'imported',
    },
  });
  const scoredAfter = (...facts: CompetitionFact[]) => {
    const state = initialCompetitionState();
    for (const f of facts) evolve(state, f);
    return state.scoredAt;
  };

  it('a session’s results recorded at one instant: that instant', () => {
    const at = '2026-03-24T22:40:00+00:00';
    expect(scoredAfter(result(1, 'p1', at), result(1, 'p2', at), result(1, 'p3', at))).toEqual({
      1: at,
    });
  });

  it('a later result moves it on; an earlier one recorded after it does not move it back', () => {
    expect(
      scoredAfter(
        result(1, 'p1', '2026-03-24T22:40:00Z'),
        result(1, 'p2', '2026-03-24T22:55:00Z'),
        result(1, 'p3', '2026-03-24T22:41:00Z'),
      ),
    ).toEqual({ 1: '2026-03-24T22:55:00Z' });
  });

  it('the same instant written in another offset is not later: the first writing is kept', () => {
    expect(
      scoredAfter(
        result(1, 'p1', '2026-03-29T00:45:00+00:00'),
        result(1, 'p2', '2026-03-29T02:45:00+02:00'),
      ),
    ).toEqual({ 1: '2026-03-29T00:45:00+00:00' });
    // One minute later in another offset is later.
    expect(
      scoredAfter(
        result(1, 'p1', '2026-03-29T00:45:00+00:00'),
        result(1, 'p2', '2026-03-29T02:46:00+02:00'),
      ),
    ).toEqual({ 1: '2026-03-29T02:46:00+02:00' });
  });

  it('each session keeps its own', () => {
    expect(
      scoredAfter(
        result(1, 'p1', '2026-03-24T22:40:00Z'),
        result(2, 'p1', '2026-03-31T22:40:00Z'),
        result(1, 'p2', '2026-03-24T22:41:00Z'),
      ),
    ).toEqual({ 1: '2026-03-24T22:41:00Z', 2: '2026-03-31T22:40:00Z' });
  });
});
