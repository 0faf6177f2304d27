// LCBA match/: one match scored from its boards or from the captains' result form.
export { scaleOf } from './scale';
export { scoreMatch } from './match';
export { lateRemovals } from './late';
/** The checks scoreMatch makes on a match's records, for a decider that refuses them early. */
export { layOut as checkMatchBoards, stanzaOrder, type TableState } from './layout';
