/**
 * The teams context's door: what another context, or a ruleset, may use of it. Its facts,
 * decider and read model are the ledger's lists' (src/contexts/catalogue.ts, deciders.ts,
 * projections.ts).
 */
export type * from './model';
export {
  registerTeamsRules,
  teamsFormats,
  teamsFormatsOf,
  teamsRulesFor,
  type TeamsRules,
} from './rules';
export { isTeamsStream, eventOfStream, teamsStreamId } from './domain/streams';
export { foldTeamsEvent, sessionOf } from './domain/state';
export { proposeSwissRound, type SwissProposal } from './domain/swiss';
