/**
 * The league context's door: what another context may use of it. Its facts, decider and read
 * model are the ledger's lists' (src/contexts/catalogue.ts, deciders.ts, projections.ts).
 */
export type * from './model';
export {
  fixtureOf,
  ledger,
  notRecordedYet,
  placedTeam,
  playerOf,
  teamOf,
  type Data,
} from './domain/lookups';
export type { LeagueState } from './domain/state';
export {
  leagueSeasonOf,
  tableDay,
  type LeagueSeason,
  type RecordedMatch,
  type SeasonFact,
  type SeasonInputs,
  type SeasonReading,
} from './season';
export {
  leagueFormats,
  leagueRulesFor,
  leagueRulesOf,
  registerLeagueRules,
  rulesOfLeague,
  scoresFormat,
  type LeagueCitations,
  type LeagueParams,
  type LeagueRules,
} from './rules';
export { isLeagueStream, leagueOfStream, leagueStreamId } from './domain/streams';
