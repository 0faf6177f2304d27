export { competitions, type CompetitionsState } from './state';
export { rulebookInForce, NoRulebookError } from './rulebook-in-force';
export {
  standingsOf,
  nextGroupsOf,
  championshipOf,
  UnknownCompetitionError,
  MissingBallotError,
  WrongRulebookError,
  type StandingsView,
  type ChampionshipView,
  type QueryOptions,
} from './queries';
export {
  cPointsOf,
  UnknownSessionError,
  type CPointsView,
  type CPointsSessionView,
  type CPointsOptions,
} from './c-points';
