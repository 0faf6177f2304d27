/**
 * The rubber-session context's door: what another context, a ruleset or the app may use of it.
 */
export { RUBBER_STREAM_PREFIX, rubberStreamId, seatsOf, type SessionKind } from './facts/scope';
export type { HandLimit, NextTableUp, RubberRules } from './rules';
export { registerRubberRules } from './rules';
export {
  playersPresent,
  type RubberSessionState,
  type SeatedUnit,
  type TableState,
} from './domain/state';
