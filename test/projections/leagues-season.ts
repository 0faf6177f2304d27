import { GatedLedger } from '../support/gated-ledger';
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
import { boardsMatch } from '../rulesets/lcba-league/match-builder';

/**
 * A small season through the gate. Division 1 of the league `lcba-2009` (the LCBA's,
 * rulebook lcba-league-2009: 24 boards, the EBU pre-2013 24-board scale) has three teams, north,
 * south and east, in a double round robin of six fixtures:
 *
 *   f1 north–south 2009-09-16  form: +1 IMP a board to north: +24 → 16-4 (23–28 IMPs)
 *   f2 south–east  2009-09-23  form: 0 → 10-10
 *   f3 east–north  2009-09-30  unplayed, north the offender (LCBA-8.1, 8.2)
 *   f4 south–north 2009-10-14  form: −1 a board to south: −24 → 4-16
 *   f5 east–south  2009-10-21  form: +2 a board to east: +48 → 19-1 (42–49 IMPs)
 *   f6 north–east  2009-10-28  every table's score: board 1 +200 to north (5 IMPs), board 2
 *                              −200 (−5 IMPs), the rest level: net 0 → 10-10
 *
 * Each result form is received the next day (no LCBA-6.8 offence).
 */
export const season = {
  structure: [
    leagueRegistered(),
    division(1),
    entered('north', 'northclub', 'A'),
    entered('south', 'southclub', 'A'),
    entered('east', 'eastclub', 'A'),
    placed('north', 1),
    placed('south', 1),
    placed('east', 1),
    fixture('f1', 'north', 'south', '2009-09-16'),
    fixture('f2', 'south', 'east', '2009-09-23'),
    fixture('f3', 'east', 'north', '2009-09-30'),
    fixture('f4', 'south', 'north', '2009-10-14', 2),
    fixture('f5', 'east', 'south', '2009-10-21', 2),
    fixture('f6', 'north', 'east', '2009-10-28', 2),
  ] as Proposed[],
  results: [
    formResult('f1', '2009-09-16', 24, 1),
    received('f1', '2009-09-17'),
    formResult('f2', '2009-09-23', 24, 0),
    received('f2', '2009-09-24'),
    fact('MatchUnplayed', { fixtureId: 'f3', offender: 'away', rule: 'LCBA-8', on: '2009-09-30' }),
    formResult('f4', '2009-10-14', 24, -1),
    received('f4', '2009-10-15'),
    formResult('f5', '2009-10-21', 24, 2),
    received('f5', '2009-10-22'),
    fact('MatchResultRecorded', {
      fixtureId: 'f6',
      playedOn: '2009-10-28',
      result: boardsMatch(24, { 1: [620, 420, 420, 420], 2: [420, 620, 420, 420] }),
    }),
    received('f6', '2009-10-29'),
  ] as Proposed[],
};

function received(fixtureId: string, receivedOn: string): Proposed {
  return fact('ResultFormReceived', { fixtureId, receivedOn });
}

/** The season's ledger: the LCBA, its rulebook, the structure and every result. */
export async function seasonLedger(): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(...clubFacts(), ...season.structure, ...season.results);
  return ledger;
}
