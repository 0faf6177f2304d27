import { lcbaLeague2009 } from '../../../src/rulesets/lcba-league/preset';
import {
  eligibilityInputOf,
  eligibilityVerdicts,
} from '../../../src/rulesets/lcba-league/eligibility';
import { collect } from '../../support/events';
import {
  fact,
  fixture,
  formResult,
  LEAGUE,
  league,
  lineUp,
  players,
} from '../../domain/league/support';

describe('eligibility from the league stream’s facts as the decider accepted them', () => {
  it('LCBA-4.4/4.7: a nominee of Oxford A who plays for Oxford B makes Oxford B lose that match by default, from the line-up alone', async () => {
    const ledger = await league();
    await ledger.append(
      fact('TeamNominated', {
        teamId: 'oxford-a',
        players: players('ox', 8),
        receivedOn: '2009-09-01',
      }),
      ...players('ox', 20).map((p) =>
        fact('SubscriptionPaid', { playerId: p, paidOn: '2009-08-01' }),
      ),
      ...['cam', 'bath'].flatMap((c) =>
        players(c, 20).map((p) => fact('SubscriptionPaid', { playerId: p, paidOn: '2009-08-01' })),
      ),
      fixture('f1', 'oxford-a', 'cam-a', '2009-09-16'),
      fixture('f2', 'oxford-b', 'bath-a', '2009-09-23'),
      lineUp('f1', '2009-09-16', players('ox', 8), players('cam', 8)),
      formResult('f1', '2009-09-16'),
      fact('ResultFormReceived', { fixtureId: 'f1', receivedOn: '2009-09-18' }),
      // ox4, nominated for Oxford A, plays for Oxford B a week later.
      lineUp('f2', '2009-09-23', ['ox4', ...players('ox', 7, 9)], players('bath', 8)),
      formResult('f2', '2009-09-23'),
      fact('ResultFormReceived', { fixtureId: 'f2', receivedOn: '2009-09-24' }),
    );
    const facts = await collect(ledger.store.readStream(LEAGUE));
    const input = eligibilityInputOf(facts);
    expect(input.fixtures.find((f) => f.id === 'f2')).toMatchObject({ playedOn: '2009-09-23' });
    const v = eligibilityVerdicts(input, lcbaLeague2009.params);
    expect(v.lostByDefault.map((l) => [l.fixture, l.offender, l.rule, l.player, l.on])).toEqual([
      ['f2', 'home', 'LCBA-4.7', 'ox4', '2009-09-23'],
    ]);
    expect(v.warnings).toEqual([]);
    expect(v.penalties).toEqual([]);
    // As of the day before, the match is not yet played: nothing lost.
    expect(
      eligibilityVerdicts(eligibilityInputOf(facts, '2009-09-22'), lcbaLeague2009.params)
        .lostByDefault,
    ).toEqual([]);
  });
});
