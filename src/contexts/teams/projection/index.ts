export { teamsEventsProjection, type TeamsEventRecord, type TeamsReadState } from './state';
export {
  swissProposalOf,
  teamCardOf,
  teamsEventList,
  teamsMatchOf,
  teamsStandingOf,
  UnknownTeamsEventError,
  type SwissProposalView,
  type TeamCardView,
  type TeamsEventHead,
  type TeamsEventSummary,
  type TeamsMatchView,
  type TeamsStandingView,
} from './queries';
export { diffTeamsStandings, type TeamsChange } from './diff';
