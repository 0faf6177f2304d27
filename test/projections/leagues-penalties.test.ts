import { fold } from '../../src/contexts/projections';
import { leagues, leagueTableOf } from '../../src/contexts/league/projection';
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

/** Division 1 of two teams, a and b, who draw both matches 10-10 (0 IMPs on every board). */
const twoTeams = (bEnteredOn = '2009-07-20'): Proposed[] => [
  leagueRegistered(),
  division(1),
  entered('a', 'aclub', 'A'),
  entered('b', 'bclub', 'A', bEnteredOn),
  placed('a', 1),
  placed('b', 1),
  fixture('m1', 'a', 'b', '2009-09-16'),
  fixture('m2', 'b', 'a', '2009-10-14', 2),
  formResult('m1', '2009-09-16', 24, 0),
  fact('ResultFormReceived', { fixtureId: 'm1', receivedOn: '2009-09-17' }),
  formResult('m2', '2009-10-14', 24, 0),
  fact('ResultFormReceived', { fixtureId: 'm2', receivedOn: '2009-10-15' }),
];

async function stateOf(...facts: Proposed[]) {
  const ledger = new GatedLedger();
  await ledger.append(...clubFacts(), ...facts);
  return fold(leagues, await collect(ledger.store.readAll()));
}

const rows = (view: ReturnType<typeof leagueTableOf>) =>
  view.divisions[0]!.rows.map((r) => [r.rank, r.team, r.vp, r.penalties, r.tieBreak?.step]);

describe('penalties and ballots read from the facts into the table', () => {
  it('LCBA-2.1: a late entry’s fine comes off its VPs from the day it was fined', async () => {
    // b entered on 5 August, after the 31 July deadline: fined 2 VP on 10 September.
    const state = await stateOf(
      ...twoTeams('2009-08-05'),
      fact('LateEntryFined', { teamId: 'b', vp: 2, finedOn: '2009-09-10', by: 'LS' }),
    );
    // a: 10 + 10 = 20 VP; b: 20 − 2 = 18.
    expect(rows(leagueTableOf(state, 'lcba-2009'))).toEqual([
      [1, 'a', 20, 0, undefined],
      [2, 'b', 18, 2, undefined],
    ]);
    // As of 9 September nothing is played or fined yet: level, ranked equal (no ballot: 'e' due).
    expect(rows(leagueTableOf(state, 'lcba-2009', { asOf: '2009-09-09' }))).toEqual([
      [1, 'a', 0, 0, 'e'],
      [1, 'b', 0, 0, 'e'],
    ]);
  });

  it('LCBA-3.1.1(e): teams level after (a)–(d) are placed by the recorded ballot, once drawn', async () => {
    // a and b: 20 VP each, 10-10 and 0 IMPs between them, a draw each, 0 net IMPs.
    const level = await stateOf(...twoTeams());
    const before = leagueTableOf(level, 'lcba-2009');
    expect(rows(before)).toEqual([
      [1, 'a', 20, 0, 'e'],
      [1, 'b', 20, 0, 'e'],
    ]);
    expect(before.divisions[0]!.rows[0]!.because.map((b) => b.text).join(' ')).toMatch(
      /a ballot is due/,
    );
    const drawn = await stateOf(
      ...twoTeams(),
      fact('LeagueBallotDrawn', { division: 1, teams: ['a', 'b'], order: ['b', 'a'] }),
    );
    expect(rows(leagueTableOf(drawn, 'lcba-2009'))).toEqual([
      [1, 'b', 20, 0, 'e'],
      [2, 'a', 20, 0, 'e'],
    ]);
  });
});
