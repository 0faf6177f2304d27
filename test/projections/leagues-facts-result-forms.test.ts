import { fold } from '../../src/contexts/projections';
import { leagues, leagueTableOf } from '../../src/contexts/league/projection';
import { lcbaLeague2009 } from '../../src/rulesets/lcba-league/preset';
import { seasonInputsOf } from '../../src/rulesets/lcba-league/season';
import { GatedLedger } from '../support/gated-ledger';
import { collect } from '../support/events';
import type { Proposed } from '../support/nz-club';
import {
  clubFacts,
  division,
  entered,
  fact,
  fixture,
  formResult,
  leagueRegistered,
  placed,
} from '../domain/league/support';

/**
 * LCBA-6.8 from the facts to the table. Division 1 of five teams; a is at home in
 * four matches, each drawn (0 IMPs, 10-10), and its captain sends the result forms:
 *
 *   m1 a–b 09-16, received 09-30: the 14th day, in time
 *   m2 a–c 09-23, received 10-08: the 15th day, first offence: a warning
 *   m3 a–d 09-30, received 10-20: second offence: ½ VP suspended
 *   m4 a–e 10-07, received 10-30: third offence: ½ VP more and the suspended ½ activated, 1 VP
 *                 from the day the League Committee ratifies it (6.8 reading)
 */
const MATCHES: Array<[string, string, string, string]> = [
  ['m1', 'b', '2009-09-16', '2009-09-30'],
  ['m2', 'c', '2009-09-23', '2009-10-08'],
  ['m3', 'd', '2009-09-30', '2009-10-20'],
  ['m4', 'e', '2009-10-07', '2009-10-30'],
];

const SEASON: Proposed[] = [
  leagueRegistered(),
  division(1),
  ...['a', 'b', 'c', 'd', 'e'].flatMap((t) => [entered(t, `${t}club`, 'A'), placed(t, 1)]),
  ...MATCHES.map(([id, away, day]) => fixture(id, 'a', away, day)),
  ...MATCHES.flatMap(([id, , day, received]) => [
    formResult(id, day, 24, 0),
    fact('ResultFormReceived', { fixtureId: id, receivedOn: received }),
  ]),
];

const ratified = (fixtureId: string, ratifiedOn: string) =>
  fact('ResultFormOffenceRatified', { teamId: 'a', fixtureId, ratifiedOn });

async function ledgerOf(...facts: Proposed[]) {
  const ledger = new GatedLedger();
  await ledger.append(...clubFacts(), ...SEASON, ...facts);
  return ledger;
}

async function stateOf(...facts: Proposed[]) {
  const ledger = await ledgerOf(...facts);
  return fold(leagues, await collect(ledger.store.readAll()));
}

const rowA = (state: Awaited<ReturnType<typeof stateOf>>, asOf?: string) => {
  const row = leagueTableOf(state, 'lcba-2009', asOf ? { asOf } : {}).divisions[0]!.rows.find(
    (r) => r.team === 'a',
  )!;
  return { vp: row.vp, penalties: row.penalties, because: row.because };
};

describe('LCBA-6.8 from the facts to the league table', () => {
  it('LCBA-6.8: the third late form, once ratified, costs 1 VP (½ and the suspended ½); the first and second cost nothing', async () => {
    const state = await stateOf(ratified('m4', '2009-11-05'));
    // Four draws: 40 VP; − 1 from 5 November.
    const end = rowA(state);
    expect([end.vp, end.penalties]).toEqual([39, 1]);
    expect(end.because.filter((b) => b.rule === 'LCBA-6.8').map((b) => b.text)).toEqual([
      expect.stringMatching(
        /^result form of m4 \(played 2009-10-07\) received 2009-10-30, after 14 days: third offence, 0.5 VP and the suspended 0.5 VP activated, ratified on 2009-11-05: −1 VP on 2009-11-05$/,
      ),
      // The first two offences score nothing: the row's warnings, explained too.
      expect.stringMatching(/^warning \(no score\), 2009-10-08: .*m2.*first offence, a warning$/),
      expect.stringMatching(/^warning \(no score\), 2009-10-20: .*m3.*second offence/),
    ]);
    // The day before the ratification: nothing taken.
    const before = rowA(state, '2009-11-04');
    expect([before.vp, before.penalties]).toEqual([40, 0]);
  });

  it('LCBA-6.8: a third late form not ratified costs nothing yet; the offences are warnings, m1 (the 14th day) none', async () => {
    const state = await stateOf();
    const end = rowA(state);
    expect([end.vp, end.penalties]).toEqual([40, 0]);
    const { verdicts } = seasonInputsOf(state.leagues['lcba-2009']!.facts, {
      paramsOn: () => lcbaLeague2009.params,
    });
    expect(verdicts.warnings.map((w) => [w.team, w.on, w.because.text.split(': ').pop()])).toEqual([
      ['a', '2009-10-08', 'first offence, a warning'],
      ['a', '2009-10-20', 'second offence, a 0.5 VP penalty suspended'],
      ['a', '2009-10-30', 'offence 3, 1 VP once the League Committee ratifies it'],
    ]);
  });

  it('LCBA-6.8: the form received on the 14th day is in time, so m3 is the second offence: ratifying it is refused naming data.fixtureId; nothing is written', async () => {
    const ledger = await ledgerOf();
    await ledger.refuses(
      [ratified('m3', '2009-11-05')],
      'LCBA-6.8',
      'events[0].data.fixtureId',
      /offence 2: the League Committee ratifies a third offence/,
    );
  });
});
