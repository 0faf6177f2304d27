/**
 * The club context's door: what another context may use of it.
 */
export {
  clubOfClubStream,
  clubOfRosterStream,
  clubStreamId,
  isClubStream,
  isRosterStream,
  rosterStreamId,
} from './domain/club-streams';
export { NIGHTS, NZ_RANKS, type PlayerStatus } from './facts/club';
export { rosterEntryAfter, type RosterEntry } from './projection/roster-entry';
export { clubRoster, type ClubRoster } from './projection/club-roster';
