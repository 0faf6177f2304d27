import { lcbaLeague2009 } from '../../../src/rulesets/lcba-league/preset';
import type { LcbaParams } from '../../../src/rulesets/lcba-league/preset';
import { eligibilityVerdicts } from '../../../src/rulesets/lcba-league/eligibility';
import type {
  EligibilityFixture,
  EligibilityInput,
  LineUp,
} from '../../../src/contexts/league/model';

/**
 * A season's players' facts for eligibility/. Oxford A (division 4) ranks above
 * Oxford B (division 5); Cambridge A (4) above Cambridge B (5); Reading A (4) and Bath A (5)
 * are their clubs' only teams.
 */
export const TEAMS: EligibilityInput['teams'] = [
  { team: 'oxford-a', club: 'oxford', letter: 'A', division: 4 },
  { team: 'oxford-b', club: 'oxford', letter: 'B', division: 5 },
  { team: 'cam-a', club: 'cambridge', letter: 'A', division: 4 },
  { team: 'cam-b', club: 'cambridge', letter: 'B', division: 5 },
  { team: 'reading-a', club: 'reading', letter: 'A', division: 4 },
  { team: 'bath-a', club: 'bath', letter: 'A', division: 5 },
];

export const eight = (prefix: string, from = 1) =>
  Array.from({ length: 8 }, (_, i) => `${prefix}${from + i}`);

/** A season builder: each match is a fixture and its line-up (played on its scheduled day). */
export class Season {
  readonly input: EligibilityInput = {
    teams: TEAMS,
    fixtures: [],
    lineUps: [],
    paid: {},
    warnings: [],
    nominations: [],
    approvals: [],
    rearrangements: [],
    sameDateApprovals: [],
    formsReceived: {},
    ratified: [],
    lateEntryFines: [],
  };

  match(
    id: string,
    home: string,
    away: string,
    playedOn: string,
    homePlayers: string[],
    awayPlayers: string[],
    scheduled = playedOn,
  ): this {
    const f: EligibilityFixture = { id, home, away, scheduled, playedOn };
    const l: LineUp = { fixture: id, playedOn, home: homePlayers, away: awayPlayers };
    this.input.fixtures.push(f);
    this.input.lineUps.push(l);
    return this;
  }

  with(changes: Partial<EligibilityInput>): this {
    Object.assign(this.input, changes);
    return this;
  }

  verdicts(params: LcbaParams = lcbaLeague2009.params) {
    return eligibilityVerdicts(this.input, params);
  }
}

/** `n` days after 2009-09-02 a week apart: the league's Wednesdays. */
export const wednesday = (n: number) => {
  const d = new Date(Date.UTC(2009, 8, 2 + 7 * n));
  return d.toISOString().slice(0, 10);
};
