export {
  readTeamsQuery,
  swissProposalAt,
  teamCardAt,
  teamsEventStateAt,
  teamsListAt,
  teamsMatchAt,
  teamsStandingAt,
  type TeamsMoment,
  type TeamsParam,
} from './teams';
export {
  readTeamsMoment,
  teamsDiffAt,
  teamsWhatIfAt,
  type TeamsDiffView,
  type TeamsWhatIfView,
} from './what-if';
export { playerCPointsAt, type PlayerCPointsView } from './c-points';
