import type { LeagueFactData } from '../facts/league';
import type { Decider } from '../../../kernel/decider';
import type { ClubContext } from '../../club-context';
import { decideLeagueFact, readsClub } from './decide';
import { evolveLeague, initialLeagueState, type LeagueState } from './state';
import { isLeagueStream, LEAGUE_HOME } from './streams';

export const LEAGUE_FACT_TYPES: ReadonlySet<string> = new Set([
  'LeagueRegistered',
  'DivisionFormed',
  'LeagueTeamEntered',
  'LateEntryFined',
  'TeamPlaced',
  'LeagueStructurePublished',
  'FixtureScheduled',
  'Rr3ElectionMade',
  'LeaguePlayerRegistered',
  'SubscriptionPaid',
  'TeamNominated',
  'TwoClubsApproved',
  'SubscriptionWarningIssued',
  'MatchLineUpRecorded',
  'MatchResultRecorded',
  'ResultFormReceived',
  'MatchUnplayed',
  'MatchRearranged',
  'SameDatePlayApproved',
  'LeagueBallotDrawn',
  'ResultFormOffenceRatified',
] satisfies Array<keyof LeagueFactData>);

/**
 * The league context: a league's stream `league-<leagueId>` holds its structure,
 * players and matches; each fact names the stream's league (LEDGER, `data.leagueId`: the append
 * use case's check). The league's rulebook is its organising club's in force (RulebookAdopted of
 * lcba-league-2009 on `club-<clubId>`). The decisions are src/contexts/league/domain/decide.ts's.
 */
export const leagueDecider: Decider<LeagueState, ClubContext> = {
  name: 'league',
  owns: isLeagueStream,
  streams: 'league-<leagueId>',
  factTypes: LEAGUE_FACT_TYPES,
  homeOf: () => LEAGUE_HOME,
  readsClub: (fact) => readsClub(fact.type),
  initialState: initialLeagueState,
  evolve: (state, fact, streamId) => evolveLeague(state, fact, streamId),
  decide: (fact, state, club, streamId) => decideLeagueFact(fact, state, club, streamId),
};
