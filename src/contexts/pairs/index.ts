/**
 * The pairs context's door: what another context may use of its facts and decisions. Its read
 * model's door is ./projection/index.ts (for the other contexts' read models and services).
 */
export { clubPlaysOf } from './domain/club-plays';
export { COMPETITION_HOME, competitionStreamId } from './domain/facts';
export { scorableRefusalOn } from './domain/format-shape';
export { SESSION_STREAM_PREFIX } from './domain/session-decider';
export { sessionDateOf, type CompetitionState } from './domain/state';
export { sessionEvents } from './facts/session';
