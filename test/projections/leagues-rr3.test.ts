import { fold } from '../../src/contexts/projections';
import { leagues, leagueTableOf, matchOf } from '../../src/contexts/league/projection';
import { collect } from '../support/events';
import type { Proposed } from '../support/nz-club';
import { fact, fixture, formResult, league, lineUp, players } from '../domain/league/support';

/**
 * Division 5 of the facts' structure (test/domain/league/support.ts): Oxford B, Cambridge
 * B and Bath A. Oxford B and Cambridge B elect RR3 (LCBA-A2), Bath A does not: one real RR3
 * match (g7) and two virtual ones (A4). Results (result forms, the same IMPs on each of 24
 * boards, the EBU pre-2013 24-board scale):
 *
 *   g1 oxford-b–cam-b   RR1 +24 to Oxford B → 16-4     g4 cam-b–oxford-b RR2 +24 to Cam B → 16-4
 *   g2 cam-b–bath-a     RR1 0 → 10-10                  g5 bath-a–cam-b   RR2 −24 to Bath → 4-16
 *   g3 bath-a–oxford-b  RR1 0 → 10-10                  g6 oxford-b–bath-a RR2 +48 to Oxford B → 19-1
 *   g7 oxford-b–cam-b   RR3 (real) 0 → 10-10
 */
const RESULTS: Array<[string, string, string, string, 1 | 2 | 3, number]> = [
  ['g1', 'oxford-b', 'cam-b', '2009-09-16', 1, 1],
  ['g2', 'cam-b', 'bath-a', '2009-09-23', 1, 0],
  ['g3', 'bath-a', 'oxford-b', '2009-09-30', 1, 0],
  ['g4', 'cam-b', 'oxford-b', '2009-10-14', 2, 1],
  ['g5', 'bath-a', 'cam-b', '2009-10-21', 2, -1],
  ['g6', 'oxford-b', 'bath-a', '2009-10-28', 2, 2],
  ['g7', 'oxford-b', 'cam-b', '2009-11-11', 3, 0],
];

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function seasonFacts(lineUps: Proposed[] = []): Proposed[] {
  return [
    fact('Rr3ElectionMade', { teamId: 'oxford-b', elects: true, informedOn: '2009-08-20' }),
    fact('Rr3ElectionMade', { teamId: 'cam-b', elects: true, informedOn: '2009-08-21' }),
    fact('Rr3ElectionMade', { teamId: 'bath-a', elects: false, informedOn: '2009-08-22' }),
    ...RESULTS.map(([id, home, away, day, round]) => fixture(id, home, away, day, round)),
    ...lineUps,
    ...RESULTS.flatMap(([id, , , day, , imps]) => [
      formResult(id, day, 24, imps),
      fact('ResultFormReceived', { fixtureId: id, receivedOn: nextDay(day) }),
    ]),
  ];
}

async function stateOf(facts: Proposed[]) {
  const ledger = await league();
  await ledger.append(...facts);
  return fold(leagues, await collect(ledger.store.readAll()));
}

const totals = (view: ReturnType<typeof leagueTableOf>) =>
  view.divisions[0]!.rows.map((r) => [r.team, r.played, r.vp, r.netImps]);

describe('RR3 and eligibility read from the facts into the table', () => {
  it('LCBA-A4, A5, A7: virtual matches for every pair not both electing, scored from RR1 and RR2', async () => {
    const view = leagueTableOf(await stateOf(seasonFacts()), 'lcba-2009', { division: 5 });
    const virtual = view.divisions[0]!.fixtures.filter((f) => f.fixture.startsWith('virtual:'));
    // Oxford B–Bath A: g3 0 + g6 +48 = +48, half +24 → 16 VP; Bath −24 → 4 VP.
    // Cambridge B–Bath A: g2 0 + g5 +24 = +24, half +12 → 13 VP (9–12); Bath −12 → 7 VP.
    expect(virtual.map((f) => [f.fixture, f.home.vp, f.home.imps, f.away.vp, f.away.imps])).toEqual(
      [
        ['virtual:oxford-b:bath-a', 16, 24, 4, -24],
        ['virtual:cam-b:bath-a', 13, 12, 7, -12],
      ],
    );
    // Oxford B: 16 + 10 + 4 + 19 + 10 + 16 = 75 VP; 24 + 0 − 24 + 48 + 0 + 24 = +72.
    // Cambridge B: 4 + 10 + 16 + 16 + 10 + 13 = 69; −24 + 0 + 24 + 24 + 0 + 12 = +36.
    // Bath A: 10 + 10 + 4 + 1 + 4 + 7 = 36; 0 + 0 − 24 − 48 − 24 − 12 = −108.
    // Every team has six scores (two a pair: A7's 15 in a division of six).
    expect(totals(view)).toEqual([
      ['oxford-b', 6, 75, 72],
      ['cam-b', 6, 69, 36],
      ['bath-a', 6, 36, -108],
    ]);
    const m = matchOf(await stateOf(seasonFacts()), 'lcba-2009', 'virtual:cam-b:bath-a');
    expect([m.status, m.fixture.round, m.table!.home.vp]).toEqual(['virtual', 3, 13]);
  });

  it('LCBA-4.7, 8.1(e), A5: a nominee of Oxford A playing for Oxford B loses g6 by default, and the virtual match counts it at −82', async () => {
    const paid = ['ox', 'bath'].flatMap((c) =>
      players(c, 20).map((p) => fact('SubscriptionPaid', { playerId: p, paidOn: '2009-08-01' })),
    );
    const nominated = fact('TeamNominated', {
      teamId: 'oxford-a',
      players: players('ox', 8),
      receivedOn: '2009-09-01',
    });
    // ox4, nominated for Oxford A, plays for Oxford B in g6.
    const g6 = lineUp('g6', '2009-10-28', ['ox4', ...players('ox', 7, 9)], players('bath', 8));
    const state = await stateOf([...paid, nominated, ...seasonFacts([g6])]);
    const view = leagueTableOf(state, 'lcba-2009', { division: 5 });
    const g6Score = view.divisions[0]!.fixtures.find((f) => f.fixture === 'g6')!;
    // Bath A, not offending: (a) its completed matches g2 10, g3 10, g5 4: 8; (b) 20 − Oxford
    // B's average over g1 16, g3 10, g4 4, g7 10 = 10 → 10; (c) g3: 10; (d) 7; (e) its actual
    // 1 VP, −48. Best 10 VP, margin 0. Oxford B 0 VP, 0 IMPs (8.2).
    expect([g6Score.home.vp, g6Score.home.imps, g6Score.away.vp, g6Score.away.imps]).toEqual([
      0, 0, 10, 0,
    ]);
    // Virtual Oxford B–Bath A: Oxford B g3 0 + g6 as offender −82 = −82, half −41 → 2 VP
    // (35–41: 18-2); Bath A g3 0 + g6 0 = 0 → 10 VP (A5 reading: not zero-sum).
    const v = view.divisions[0]!.fixtures.find((f) => f.fixture === 'virtual:oxford-b:bath-a')!;
    expect([v.home.vp, v.home.imps, v.away.vp, v.away.imps]).toEqual([2, -41, 10, 0]);
    // Oxford B: 16 + 10 + 4 + 0 + 10 + 2 = 42; 24 + 0 − 24 + 0 + 0 − 41 = −41.
    // Bath A: 10 + 10 + 4 + 10 + 10 + 7 = 51; 0 + 0 − 24 + 0 + 0 − 12 = −36.
    expect(totals(view)).toEqual([
      ['cam-b', 6, 69, 36],
      ['bath-a', 6, 51, -36],
      ['oxford-b', 6, 42, -41],
    ]);
    const m = matchOf(state, 'lcba-2009', 'g6');
    expect(m.status).toBe('lost by default');
    expect(m.score!.homeNetImps).toBe(48);
    // The day before g6 was played the match is not known, nor lost.
    expect(matchOf(state, 'lcba-2009', 'g6', { asOf: '2009-10-27' }).status).toBe('not played');
  });
});
