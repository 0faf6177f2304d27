import { fold } from '../../src/contexts/projections';
import { leagues, leagueTableOf } from '../../src/contexts/league/projection';
import { GatedLedger } from '../support/gated-ledger';
import { collect } from '../support/events';
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
 * Division 1 of three teams; c defaults three of its four matches (m2, m3, m5) and plays m6.
 *   m1 a–b 09-16 +24 to a → 16-4   m4 b–a 10-14 0 → 10-10   m6 a–c 10-28 0 → 10-10
 */
async function stateOf(m3: Record<string, unknown> = { rule: 'LCBA-8' }) {
  const ledger = new GatedLedger();
  const unplayed = (fixtureId: string, offender: 'home' | 'away', on: string) =>
    fact('MatchUnplayed', { fixtureId, offender, rule: 'LCBA-8', on });
  const played = (id: string, day: string, imps: number, received: string) => [
    formResult(id, day, 24, imps),
    fact('ResultFormReceived', { fixtureId: id, receivedOn: received }),
  ];
  await ledger.append(
    ...clubFacts(),
    leagueRegistered(),
    division(1),
    ...['a', 'b', 'c'].flatMap((t) => [entered(t, `${t}club`, 'A'), placed(t, 1)]),
    fixture('m1', 'a', 'b', '2009-09-16'),
    fixture('m2', 'b', 'c', '2009-09-23'),
    fixture('m3', 'c', 'a', '2009-09-30'),
    fixture('m4', 'b', 'a', '2009-10-14', 2),
    fixture('m5', 'c', 'b', '2009-10-21', 2),
    fixture('m6', 'a', 'c', '2009-10-28', 2),
    ...played('m1', '2009-09-16', 1, '2009-09-17'),
    unplayed('m2', 'away', '2009-09-23'),
    fact('MatchUnplayed', { fixtureId: 'm3', offender: 'home', on: '2009-09-30', ...m3 }),
    ...played('m4', '2009-10-14', 0, '2009-10-15'),
    unplayed('m5', 'home', '2009-10-21'),
    ...played('m6', '2009-10-28', 0, '2009-10-29'),
  );
  return fold(leagues, await collect(ledger.store.readAll()));
}

const rows = (view: ReturnType<typeof leagueTableOf>) =>
  view.divisions[0]!.rows.map((r) => [r.team, r.played, r.vp, r.netImps]);

describe('LCBA-8 defaults and 8.4 read from MatchUnplayed facts', () => {
  it('LCBA-8.1, 8.2: as of 14 October c has failed two of four (exactly half: not cancelled)', async () => {
    const view = leagueTableOf(await stateOf(), 'lcba-2009', { asOf: '2009-10-14' });
    // m2 b–c, c offending: b's (a) average m1 4, m4 10 = 7; (b) c has no completed match; (c) m5
    // not played; (d) 7 → 7 VP, the smallest margin giving 7: −9 IMPs; c 0 VP, +9 (8.2).
    // m3 c–a, c offending: a's (a) m1 16, m4 10 = 13; (c) m6 not played → 13 VP, +9; c 0, −9.
    // a: 16 + 13 + 10 = 39, 24 + 9 + 0 = +33; b: 4 + 7 + 10 = 21, −24 − 9 + 0 = −33; c: 0, 0.
    expect(rows(view)).toEqual([
      ['a', 3, 39, 33],
      ['b', 3, 21, -33],
      ['c', 2, 0, 0],
    ]);
  });

  it('LCBA-7.5: a withdrawal after 50 minutes of incompleteness is scored as LCBA-8 scores a default', async () => {
    // m3 c–a: c incomplete for 50 minutes, a withdraws; scored as in 8: a 13 VP, +9; c 0, −9.
    const withdrawn = await stateOf({ rule: 'LCBA-7.5', incompleteMinutes: 50 });
    const view = leagueTableOf(withdrawn, 'lcba-2009', { asOf: '2009-10-14' });
    expect(rows(view)).toEqual([
      ['a', 3, 39, 33],
      ['b', 3, 21, -33],
      ['c', 2, 0, 0],
    ]);
    const m3 = view.divisions[0]!.fixtures.find((f) => f.fixture === 'm3')!;
    expect(m3.away.because[0]).toEqual({
      rule: 'LCBA-8.1',
      text: 'unplayed, c offending (LCBA-7.5, 2009-09-30): the non-offending a',
    });
  });

  it('LCBA-8.4: once c can no longer complete half its fixtures, every match of c is cancelled', async () => {
    const view = leagueTableOf(await stateOf(), 'lcba-2009');
    // m2, m3, m5, m6 cancelled: a 16 + 10 = 26, +24; b 4 + 10 = 14, −24; c none.
    expect(rows(view)).toEqual([
      ['a', 2, 26, 24],
      ['b', 2, 14, -24],
      ['c', 0, 0, 0],
    ]);
    expect(view.divisions[0]!.fixtures.filter((f) => f.cancelled).map((f) => f.fixture)).toEqual([
      'm2',
      'm3',
      'm5',
      'm6',
    ]);
  });
});
