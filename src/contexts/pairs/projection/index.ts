export { competitions, type CompetitionsState } from './state';
export { rulebookInForce, NoRulebookError } from './rulebook-in-force';
export {
  standingsOf,
  championshipOf,
  NoChampionshipError,
  UnknownCompetitionError,
  MissingBallotError,
  WrongRulebookError,
  type StandingsView,
  type ChampionshipView,
  type QueryOptions,
} from './queries';
export { cPointsOf, type CPointsView, type CPointsOptions } from './c-points';
export { UnknownSessionError } from './query-context';
export {
  sessionResultOf,
  SessionNotScorableError,
  UnknownSessionStreamError,
  type SessionResultView,
  type SessionPairRow,
} from './session-result';
export { UnscorableSessionError } from './scored-sessions';
export {
  sessionSheetOf,
  resultAsScored,
  type AdjustedMark,
  type BoardDeal,
  type ScorecardRow,
  type SessionSheet,
  type TravellerRow,
} from './session-sheet';
