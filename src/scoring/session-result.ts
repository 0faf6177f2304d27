// A session's result from its traveller lines: the lines and the result's shapes
// (session-lines.ts), STD-MP with STD-NEUBERG for matchpoint pairs (matchpoint-session.ts),
// STD-BUTLER or STD-CROSSIMP for IMP pairs (imp-session.ts).
export type {
  Direction,
  Movement,
  PairBoardScore,
  PairResult,
  SessionResult,
  TravellerLine,
} from './session-lines';
export { scoreMatchpointSession } from './matchpoint-session';
export { scoreImpSession } from './imp-session';
