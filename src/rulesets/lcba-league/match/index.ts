// Issue 18, LCBA match/: one match scored from its boards or from the captains' result form.
export { scaleOf } from './scale';
export { scoreMatch } from './match';
export { lateRemovals } from './late';
