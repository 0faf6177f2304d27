// The one roster rule lives with the write side, which folds the roster stream with it too.
export { rosterEntryAfter, sameRecord, type RosterEntry } from '../domain/roster-entry';
