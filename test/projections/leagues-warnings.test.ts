import { fold } from '../../src/contexts/projections';
import { leagueRulesIn, leagues, leagueTableOf } from '../../src/contexts/league/projection';
import { leagueExplainPage } from '../../src/contexts/league/pages/league.view';
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
  lineUp,
  placed,
  player,
  players,
} from '../domain/league/support';

/**
 * The warnings that carry no score on the team rows (`warnings`: rule, date, text,
 * the player when it is a player's) and in the row's explain (`because`): LCBA-6.8's first and
 * second late result forms, and LCBA-4.2's "warning due" (a player's 2nd unpaid match in
 * divisions 1–4), put on the team the player played for that day.
 */
async function stateOf(...facts: Proposed[]) {
  const ledger = new GatedLedger();
  await ledger.append(...clubFacts(), ...facts);
  return fold(leagues, await collect(ledger.store.readAll()));
}

const rowOf = (state: Awaited<ReturnType<typeof stateOf>>, team: string, asOf?: string) =>
  leagueTableOf(state, 'lcba-2009', asOf ? { asOf } : {}).divisions[0]!.rows.find(
    (r) => r.team === team,
  )!;

/** Five teams; a at home in four drawn matches, its forms received on the dates given. */
function lateForms(): Proposed[] {
  const matches: Array<[string, string, string, string]> = [
    ['m1', 'b', '2009-09-16', '2009-09-30'],
    ['m2', 'c', '2009-09-23', '2009-10-08'],
    ['m3', 'd', '2009-09-30', '2009-10-20'],
  ];
  return [
    leagueRegistered(),
    division(1),
    ...['a', 'b', 'c', 'd'].flatMap((t) => [entered(t, `${t}club`, 'A'), placed(t, 1)]),
    ...matches.map(([id, away, day]) => fixture(id, 'a', away, day)),
    ...matches.flatMap(([id, , day, received]) => [
      formResult(id, day, 24, 0),
      fact('ResultFormReceived', { fixtureId: id, receivedOn: received }),
    ]),
  ];
}

describe('warnings on the league table’s rows (LCBA-6.8, 4.2)', () => {
  it('LCBA-6.8: the first late form is a warning, the second a suspended ½ VP: both on the row, neither scored', async () => {
    const state = await stateOf(...lateForms());
    const a = rowOf(state, 'a');
    expect(a.penalties).toBe(0);
    expect(a.warnings).toEqual([
      {
        rule: 'LCBA-6.8',
        date: '2009-10-08',
        text: expect.stringMatching(/result form of m2 .* first offence, a warning$/),
      },
      {
        rule: 'LCBA-6.8',
        date: '2009-10-20',
        text: expect.stringMatching(/result form of m3 .* second offence, a 0.5 VP penalty/),
      },
    ]);
    expect(a.because.filter((b) => b.text.startsWith('warning (no score)'))).toHaveLength(2);
    // The other teams sent nothing late: no warnings.
    expect(rowOf(state, 'b').warnings).toBeUndefined();
  });

  it('LCBA-6.8: as of a day between the two offences, only the first; the day before it, none', async () => {
    const state = await stateOf(...lateForms());
    expect(rowOf(state, 'a', '2009-10-10').warnings?.map((w) => w.date)).toEqual(['2009-10-08']);
    expect(rowOf(state, 'a', '2009-10-07').warnings).toBeUndefined();
  });

  it('LCBA-4.2: a warning due on the player’s 2nd unpaid match in divisions 1–4 is on the row of the team he played for that day', async () => {
    const facts: Proposed[] = [
      leagueRegistered(),
      division(1),
      ...['a', 'b', 'c'].flatMap((t) => [entered(t, `${t}club`, 'A'), placed(t, 1)]),
      ...['a', 'b', 'c'].flatMap((t) => players(t, 9).map(player)),
      ...['a', 'b', 'c'].flatMap((t) =>
        players(t, t === 'a' ? 8 : 9).map((p) =>
          fact('SubscriptionPaid', { playerId: p, paidOn: '2009-08-01' }),
        ),
      ),
      fixture('m1', 'a', 'b', '2009-09-16'),
      fixture('m3', 'c', 'a', '2009-09-30'),
      lineUp('m1', '2009-09-16', [...players('a', 7), 'a9'], players('b', 8)),
      formResult('m1', '2009-09-16', 24, 0),
      fact('ResultFormReceived', { fixtureId: 'm1', receivedOn: '2009-09-16' }),
      lineUp('m3', '2009-09-30', players('c', 8), [...players('a', 7), 'a9']),
      formResult('m3', '2009-09-30', 24, 0),
      fact('ResultFormReceived', { fixtureId: 'm3', receivedOn: '2009-09-30' }),
    ];
    const state = await stateOf(...facts);
    const a = rowOf(state, 'a');
    // An unpaid player is a non-member too: his 2nd appearance is beyond 4.1's dispensation.
    expect(a.warnings).toEqual([
      {
        rule: 'LCBA-4.1.1',
        date: '2009-09-30',
        text: expect.stringMatching(/beyond the dispensation$/),
        player: 'a9',
      },
      {
        rule: 'LCBA-4.2',
        date: '2009-09-30',
        text: expect.stringMatching(/a warning is due: match m3/),
        player: 'a9',
      },
    ]);
    expect(a.because).toContainEqual({
      rule: 'LCBA-4.2',
      text: expect.stringMatching(/^warning \(no score\), 2009-09-30, player a9: a warning is due/),
    });
    expect(rowOf(state, 'c').warnings).toBeUndefined();
    expect(rowOf(state, 'a', '2009-09-29').warnings).toBeUndefined();
  });

  it('the explain page shows the row’s warnings in one block', async () => {
    const state = await stateOf(...lateForms());
    const view = leagueTableOf(state, 'lcba-2009');
    const html = leagueExplainPage(
      {
        view,
        moment: {},
        fixtures: new Map(),
        cites: leagueRulesIn(state, 'lcba-2009').cites,
      } as unknown as Parameters<typeof leagueExplainPage>[0],
      'a',
    )!;
    expect(html).toContain('id="warnings"');
    expect(html).toMatch(/2009-10-08[\s\S]*first offence, a warning/);
    const quiet = leagueExplainPage(
      {
        view,
        moment: {},
        fixtures: new Map(),
        cites: leagueRulesIn(state, 'lcba-2009').cites,
      } as unknown as Parameters<typeof leagueExplainPage>[0],
      'b',
    )!;
    expect(quiet).not.toContain('id="warnings"');
  });
});
