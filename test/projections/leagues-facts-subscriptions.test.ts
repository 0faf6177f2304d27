import { fold } from '../../src/contexts/projections';
import { leagues, leagueTableOf, matchOf } from '../../src/contexts/league/projection';
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
 * LCBA-4.2 from the facts to the table. Division 1 of three teams, a, b and c, in a
 * double round robin (result forms, the same IMPs on each of 24 boards; EBU pre-2013 scale):
 *
 *   m1 a–b 09-16 +24 to a → 16-4    m4 b–a 10-14 0 → 10-10
 *   m2 b–c 09-23 0 → 10-10          m5 c–b 10-21 +48 to c → 19-1
 *   m3 c–a 09-30 −24 to c → 4-16    m6 a–c 10-28 0 → 10-10
 *
 * Every player paid on 1 August but a9, who plays for a in m1 and m3 (09-30: his 2nd match in
 * divisions 1–4, a warning is due). The secretary warns him on 1 October and gives the final
 * warning on 8 October: unpaid by 22 October (14 days), m1 and m3 are lost by default by a
 * from 23 October (LCBA-8 with 8.1 e).
 */
const SEASON: Proposed[] = [
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
  fixture('m2', 'b', 'c', '2009-09-23'),
  fixture('m3', 'c', 'a', '2009-09-30'),
  fixture('m4', 'b', 'a', '2009-10-14', 2),
  fixture('m5', 'c', 'b', '2009-10-21', 2),
  fixture('m6', 'a', 'c', '2009-10-28', 2),
];

const RESULTS: Array<[string, string, number]> = [
  ['m1', '2009-09-16', 1],
  ['m2', '2009-09-23', 0],
  ['m3', '2009-09-30', -1],
  ['m4', '2009-10-14', 0],
  ['m5', '2009-10-21', 2],
  ['m6', '2009-10-28', 0],
];

/** a9 plays m1 and m3 for a; every other match a's and the others' first eight. */
function played(): Proposed[] {
  const side = (team: string, id: string) =>
    team === 'a' && (id === 'm1' || id === 'm3') ? [...players('a', 7), 'a9'] : players(team, 8);
  const teams: Record<string, [string, string]> = {
    m1: ['a', 'b'],
    m2: ['b', 'c'],
    m3: ['c', 'a'],
    m4: ['b', 'a'],
    m5: ['c', 'b'],
    m6: ['a', 'c'],
  };
  return RESULTS.flatMap(([id, day, imps]) => [
    lineUp(id, day, side(teams[id]![0], id), side(teams[id]![1], id)),
    formResult(id, day, 24, imps),
    fact('ResultFormReceived', { fixtureId: id, receivedOn: day }),
  ]);
}

const warn = (level: 'warning' | 'final', issuedOn: string) =>
  fact('SubscriptionWarningIssued', { playerId: 'a9', level, issuedOn });

async function stateOf(...facts: Proposed[]) {
  const ledger = new GatedLedger();
  await ledger.append(...clubFacts(), ...SEASON, ...played(), ...facts);
  return fold(leagues, await collect(ledger.store.readAll()));
}

const rows = (view: ReturnType<typeof leagueTableOf>) =>
  view.divisions[0]!.rows.map((r) => [r.team, r.vp, r.netImps]);
const scoreOf = (view: ReturnType<typeof leagueTableOf>, id: string) => {
  const f = view.divisions[0]!.fixtures.find((x) => x.fixture === id)!;
  return [f.home.vp, f.home.imps, f.away.vp, f.away.imps];
};

describe('LCBA-4.2 from the facts to the league table', () => {
  it('LCBA-4.2, 8.1(e): unpaid 14 days after the final warning, every match a9 played is lost by default by a from the 15th day', async () => {
    const state = await stateOf(warn('warning', '2009-10-01'), warn('final', '2009-10-08'));
    // As of 22 October (the 14th day) nothing is lost: m1–m5 as played.
    // a 16 + 16 + 10 = 42, +24 + 24 + 0; b 4 + 10 + 10 + 1 = 25, −24 + 0 + 0 − 48;
    // c 10 + 4 + 19 = 33, 0 − 24 + 48.
    const before = leagueTableOf(state, 'lcba-2009', { asOf: '2009-10-22' });
    expect(rows(before)).toEqual([
      ['a', 42, 48],
      ['c', 33, 24],
      ['b', 25, -72],
    ]);
    expect(scoreOf(before, 'm1')).toEqual([16, 24, 4, -24]);
    // From 23 October m1 and m3 are lost by a. m1, b not offending: (a) b's completed
    // matches m2 10, m4 10, m5 1: 7; (b) 20 − a's average over m4 10, m6 10: 10; (c) m4: 10;
    // (d) 7; (e) its actual 4 VP, −24. Best 10: 10 VP, 0 IMPs; a 0 VP, 0 IMPs.
    const end = leagueTableOf(state, 'lcba-2009');
    expect(scoreOf(end, 'm1')).toEqual([0, 0, 10, 0]);
    // m3, c not offending: (a) m2 10, m5 19, m6 10: 13; (b) 10; (c) m6: 10; (d) 7; (e) 4 VP.
    // Best 13: 13 VP, +9 IMPs (9–12); a 0 VP, −9.
    expect(scoreOf(end, 'm3')).toEqual([13, 9, 0, -9]);
    // a 0 + 0 + 10 + 10 = 20, 0 − 9; b 10 + 10 + 10 + 1 = 31, −48; c 10 + 13 + 19 + 10 = 52, +57.
    expect(rows(end)).toEqual([
      ['c', 52, 57],
      ['b', 31, -48],
      ['a', 20, -9],
    ]);
    const m3 = matchOf(state, 'lcba-2009', 'm3');
    expect(m3.status).toBe('lost by default');
    expect(m3.table!.away.because[0]!.text).toMatch(
      /lost by default by a \(LCBA-4\.2, 2009-10-23\)/,
    );
    expect(matchOf(state, 'lcba-2009', 'm3', { asOf: '2009-10-22' }).status).toBe('played');
  });

  it('LCBA-4.2: a payment on the 14th day after the final warning is in time: nothing is lost', async () => {
    const state = await stateOf(
      warn('warning', '2009-10-01'),
      warn('final', '2009-10-08'),
      fact('SubscriptionPaid', { playerId: 'a9', paidOn: '2009-10-22' }),
    );
    const end = leagueTableOf(state, 'lcba-2009');
    expect(scoreOf(end, 'm1')).toEqual([16, 24, 4, -24]);
    // a 16 + 16 + 10 + 10 = 52; c 10 + 4 + 19 + 10 = 43; b 4 + 10 + 10 + 1 = 25.
    expect(rows(end)).toEqual([
      ['a', 52, 48],
      ['c', 43, 24],
      ['b', 25, -72],
    ]);
  });

  it('LCBA-4.2: without a final warning nothing is lost, however long unpaid', async () => {
    const state = await stateOf(warn('warning', '2009-10-01'));
    expect(rows(leagueTableOf(state, 'lcba-2009'))[0]).toEqual(['a', 52, 48]);
  });

  it('LCBA-4.2: a final warning before any warning is refused naming data.level; nothing is written', async () => {
    const ledger = new GatedLedger();
    await ledger.append(...clubFacts(), ...SEASON, ...played());
    await ledger.refuses([warn('final', '2009-10-08')], 'LCBA-4.2', 'events[0].data.level');
  });
});
