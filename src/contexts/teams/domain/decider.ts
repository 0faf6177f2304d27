import type { Decider } from '../../../kernel/decider';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { ClubContext } from '../../club-context';
import type { TeamsFactType } from '../facts/teams';
import type { TeamsEventState } from '../model';
import { decideTeamsFact } from './decide';
import { evolveTeamsEvent, initialTeamsEvent } from './state';
import { isTeamsStream, TEAMS_HOME } from './streams';

export const TEAMS_FACT_TYPES: ReadonlySet<string> = new Set([
  'TeamsEventCreated',
  'TeamEntered',
  'TeamHandicapAdjusted',
  'SwissRoundPaired',
  'TeamsMatchRecorded',
  'TeamsMatchDefaulted',
  'TeamsBallotDrawn',
] satisfies TeamsFactType[]);

/**
 * The teams context: an event's stream `teams-<eventId>` holds its creation, entries, pairings
 * and matches; each fact names the stream's event (LEDGER, `data.eventId`). Every fact is judged
 * under its club's rulebook in force on its day, by the rules of the event's format.
 */
export const teamsDecider: Decider<TeamsEventState, ClubContext> = {
  name: 'teams',
  owns: isTeamsStream,
  streams: 'teams-<eventId>',
  factTypes: TEAMS_FACT_TYPES,
  homeOf: () => TEAMS_HOME,
  readsClub: () => true,
  initialState: initialTeamsEvent,
  evolve: (state, fact) => evolveTeamsEvent(state, fact),
  decide: (fact, state, club) => decideTeamsFact(fact, state, club),
  settle: (state, batch) => {
    const reason = doubleBooked(state);
    if (!reason) return undefined;
    const index = Math.max(0, batch.length - 1);
    return { index, violation: new RuleViolation('LEDGER', reason, 'data.round') };
  },
};

/**
 * A team with two matches in one round: what the decider refuses fact by fact, checked on the
 * whole stream, so that a correction whose content is judged before the facts after it (a
 * match moved to two teams who play another match of that round later) is refused too.
 */
function doubleBooked(state: TeamsEventState): string | undefined {
  const seen = new Map<string, string>();
  const meetings = [
    ...state.matches.map((m) => ({
      id: m.matchId,
      round: m.round,
      teams: [m.home.teamId, m.away.teamId],
    })),
    ...state.defaults.map((m) => ({
      id: m.matchId,
      round: m.round,
      teams: [m.defaulting, m.defaultedTo],
    })),
  ];
  for (const m of meetings) {
    for (const team of m.teams) {
      const key = `${m.round}|${team}`;
      const other = seen.get(key);
      if (other !== undefined && other !== m.id)
        return `${team} would play two matches in round ${m.round} (${other} and ${m.id})`;
      seen.set(key, m.id);
    }
  }
  return undefined;
}
