import type { LeagueFactData } from '../facts/league';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { LeagueFixtureState, LeagueState } from './state';

/**
 * What every league rulebook's decisions look up in the league's fold: a team, a placed team,
 * a fixture, a player, and whether a match has its outcome already. Each refusal is the
 * ledger's own (LEDGER: what is not there, or there already), whatever the rulebook.
 */
export type Data<K extends keyof LeagueFactData> = LeagueFactData[K];

export const ledger = (reason: string, field: string) => new RuleViolation('LEDGER', reason, field);

export const teamOf = (state: LeagueState, teamId: string, field: string) => {
  const team = state.teams[teamId];
  if (!team) throw ledger(`team ${teamId} has not entered the league`, field);
  return team;
};

export const placedTeam = (state: LeagueState, teamId: string, field: string) => {
  const team = teamOf(state, teamId, field);
  if (team.division === undefined) {
    throw ledger(`team ${teamId} is in no division yet (TeamPlaced)`, field);
  }
  return team as typeof team & { division: number };
};

export const fixtureOf = (
  state: LeagueState,
  fixtureId: string,
  field = 'data.fixtureId',
): LeagueFixtureState => {
  const f = state.fixtures[fixtureId];
  if (!f) throw ledger(`the league has no fixture ${fixtureId}`, field);
  return f;
};

export const playerOf = (state: LeagueState, playerId: string, field: string) => {
  const p = state.players[playerId];
  if (!p) throw ledger(`player ${playerId} is not registered in the league`, field);
  return p;
};

/** A match takes one outcome, a result or a default, once (corrections: their own context). */
export const notRecordedYet = (f: LeagueFixtureState, fixtureId: string) => {
  if (f.resulted) {
    throw ledger(
      `match ${fixtureId} has a result already: a correction goes through the corrections context`,
      'data.fixtureId',
    );
  }
  if (f.unplayed) {
    throw ledger(`match ${fixtureId} is recorded unplayed (LCBA-8 scores it)`, 'data.fixtureId');
  }
};
