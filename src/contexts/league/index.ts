/**
 * The league context's door: what another context may use of it. Its facts, decider and read
 * model are the ledger's lists' (src/contexts/catalogue.ts, deciders.ts, projections.ts).
 */
export { leagueStreamId } from './domain/streams';
export type { MatchInput, MatchScore } from './model';
export {
  leagueFormats,
  leagueRulesFor,
  leagueRulesOf,
  registerLeagueRules,
  rulesOfLeague,
  scoresFormat,
  type LeagueParams,
  type LeagueRules,
} from './rules';
