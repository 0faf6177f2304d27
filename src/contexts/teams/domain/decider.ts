import type { Decider } from '../../../kernel/decider';
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
};
