import { fold } from '../../src/contexts/projections';
import { leagues, leagueTableOf } from '../../src/contexts/league/projection';
import { collect } from '../support/events';
import type { Proposed } from '../support/nz-club';
import { fact, fixture, formResult, league, lineUp, players } from '../domain/league/support';

/**
 * LCBA-5.5 from the facts to the table, on the facts' structure
 * (test/domain/league/support.ts): Oxford A (division 4) and Oxford B (division 5) both have a
 * match originally scheduled for Wednesday 16 September: g1 Oxford A–Cambridge A and g2 Oxford
 * B–Bath A. Oxford seeks to move g1 to the 23rd. ox5 (not among Oxford A's nominees ox11–ox18)
 * plays g2 on the 16th and g1 on the 23rd: 2 VP off Oxford A in g1, the match played second.
 */
const paid = ['ox', 'cam', 'bath'].flatMap((c) =>
  players(c, 20).map((p) => fact('SubscriptionPaid', { playerId: p, paidOn: '2009-08-01' })),
);

function season(g1HomeImps: number, rearranged: Record<string, unknown>): Proposed[] {
  return [
    ...paid,
    fact('TeamNominated', {
      teamId: 'oxford-a',
      players: players('ox', 8, 11),
      receivedOn: '2009-09-01',
    }),
    fixture('g1', 'oxford-a', 'cam-a', '2009-09-16'),
    fixture('g2', 'oxford-b', 'bath-a', '2009-09-16'),
    fact('MatchRearranged', {
      fixtureId: 'g1',
      soughtBy: 'home',
      newDate: '2009-09-23',
      ...rearranged,
    }),
    // g2 on the 16th: 0 IMPs, 10-10.
    lineUp('g2', '2009-09-16', players('ox', 8, 1), players('bath', 8)),
    formResult('g2', '2009-09-16', 24, 0),
    fact('ResultFormReceived', { fixtureId: 'g2', receivedOn: '2009-09-17' }),
    // g1 on the 23rd, ox5 with seven of Oxford A's nominees.
    lineUp('g1', '2009-09-23', ['ox5', ...players('ox', 7, 11)], players('cam', 8)),
    formResult('g1', '2009-09-23', 24, g1HomeImps),
    fact('ResultFormReceived', { fixtureId: 'g1', receivedOn: '2009-09-24' }),
  ];
}

async function stateOf(facts: Proposed[]) {
  const ledger = await league();
  await ledger.append(...facts);
  return fold(leagues, await collect(ledger.store.readAll()));
}

const rowsOf = (state: Awaited<ReturnType<typeof stateOf>>, division: number, asOf?: string) =>
  leagueTableOf(state, 'lcba-2009', { division, ...(asOf ? { asOf } : {}) })
    .divisions[0]!.rows.filter((r) => r.played > 0)
    .map((r) => [r.team, r.vp, r.penalties]);

describe('LCBA-5.5 from the facts to the league table', () => {
  it('LCBA-5.5: a player of the club that sought the rearrangement plays both matches of 16 September: 2 VP off the one played second', async () => {
    const state = await stateOf(season(1, {}));
    // g1: +1 a board to Oxford A, +24 → 16-4; 16 − 2 = 14 VP.
    expect(rowsOf(state, 4)).toEqual([
      ['oxford-a', 14, 2],
      ['cam-a', 4, 0],
    ]);
    const row = leagueTableOf(state, 'lcba-2009', { division: 4 }).divisions[0]!.rows[0]!;
    expect(row.because.find((b) => b.rule === 'LCBA-5.5')!.text).toMatch(
      /ox5 played g2 \(2009-09-16\) and g1 \(2009-09-23\), both originally scheduled for 2009-09-16.*−2 VP on 2009-09-23 in g1$/,
    );
    // Oxford B's g2, played first, keeps its 10 VP (level with Bath A: listed by name); as of
    // the 22nd g1 is not played and nothing is taken.
    expect(rowsOf(state, 5)).toEqual([
      ['bath-a', 10, 0],
      ['oxford-b', 10, 0],
    ]);
    expect(rowsOf(state, 4, '2009-09-22')).toEqual([]);
  });

  it('LCBA-5.5 reading: the penalty never takes the match below 0 VP (1 VP in g1: 1 taken)', async () => {
    // g1: −2 a board, −48 → 1-19.
    const state = await stateOf(season(-2, {}));
    expect(rowsOf(state, 4)).toEqual([
      ['cam-a', 19, 0],
      ['oxford-a', 0, 1],
    ]);
  });

  it('LCBA-5.5: a player the secretary approved in advance plays both without penalty', async () => {
    const state = await stateOf(season(1, { approvedPlayers: ['ox5'] }));
    expect(rowsOf(state, 4)).toEqual([
      ['oxford-a', 16, 0],
      ['cam-a', 4, 0],
    ]);
  });

  it('LCBA-5.5: a rearrangement approving a player the league does not have is refused naming him; nothing is written', async () => {
    const ledger = await league();
    await ledger.append(fixture('g1', 'oxford-a', 'cam-a', '2009-09-16'));
    await ledger.refuses(
      [
        fact('MatchRearranged', {
          fixtureId: 'g1',
          soughtBy: 'home',
          newDate: '2009-09-23',
          approvedPlayers: ['nobody'],
        }),
      ],
      'LEDGER',
      'events[0].data.approvedPlayers[0]',
    );
  });
});
