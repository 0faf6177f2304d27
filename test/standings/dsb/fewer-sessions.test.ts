import { competitionStandings } from '../../../src/rulesets/dsb-groenlo-2014/standings';
import { P, steadyGroup } from './builders';

/**
 * DSB-4: a pairs competition has AT MOST the rulebook's sessions. One planned with fewer (its
 * session dates) ends after its own last session: its final standing needs no entry past it,
 * even when the rulebook is amended to allow more sessions.
 */
describe('DSB-4 a competition of fewer sessions than the rulebook allows', () => {
  const dates = [
    '2014-09-01',
    '2014-09-08',
    '2014-09-15',
    '2014-09-22',
    '2014-09-29',
    '2014-10-06',
  ];

  it('DSB-4 six sessions planned under a rulebook of 18: the final standing is after session 6', () => {
    const params = { ...P, pairsCompetition: { ...P.pairsCompetition, sessions: 18 } };
    const [a] = competitionStandings(params, {
      id: 'c1',
      groups: [steadyGroup('A', 3)],
      sessionDates: dates,
    });
    expect(a).toMatchObject({ afterSession: 6, final: true });
    expect(a!.rows.map((r) => r.pairId)).toEqual(['A1', 'A2', 'A3']);
  });

  it('DSB-7 without planned dates, the rulebook’s sessions are the competition’s: an entry missing is refused', () => {
    const params = { ...P, pairsCompetition: { ...P.pairsCompetition, sessions: 7 } };
    expect(() => competitionStandings(params, { id: 'c1', groups: [steadyGroup('A', 3)] })).toThrow(
      /DSB-7: .*entries\[session 7\] is missing/,
    );
  });
});
