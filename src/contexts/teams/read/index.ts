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
