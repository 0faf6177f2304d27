import type { ClubFactData } from '../facts/club';
import type { Decider, DecidedFact, StreamHome } from '../../../kernel/decider';
import {
  CLUB_HOME,
  clubOfRosterStream as clubOf,
  clubStreamId,
  isRosterStream,
  ROSTER_HOME_SUFFIX,
} from './club-streams';
import type { ClubContext } from '../../club-context';
import { RuleViolation } from '../../../kernel/rule-violation';
import { rosterEntryAfter, sameRecord, type RosterEntry } from './roster-entry';

/** Roster facts: each belongs in its club's roster stream, `club-<clubId>-players`. */
export const ROSTER_FACT_TYPES: ReadonlySet<string> = new Set([
  'PlayerRegistered',
  'PlayerStatusChanged',
] satisfies Array<keyof ClubFactData>);

/**
 * A roster fact's home: its club's roster stream. One found elsewhere (the ledger took roster
 * facts on any stream before they were placed) is still read, by the club its data names.
 */
const ROSTER_HOME: StreamHome = Object.freeze({
  ...CLUB_HOME,
  suffix: ROSTER_HOME_SUFFIX,
  elsewhere: 'read',
});

/** A player as the roster stream holds them: as registered, folded by the one roster rule. */
interface Registered {
  name: string;
  entry: RosterEntry;
}

/** The club's roster stream folded: each player registered there, as last registered or changed. */
export type RosterState = Map<string, Registered>;

const dataOf = (fact: DecidedFact) => fact.data as Record<string, unknown>;

/**
 * The roster context: a club's roster stream, `club-<clubId>-players`, holding its
 * PlayerRegistered and PlayerStatusChanged facts (that each names the stream's club is the
 * append use case's check: LEDGER, `data.clubId`). Its state is folded by the rule every roster
 * reads (`rosterEntryAfter`), so the decider and the read models cannot disagree on a record.
 * Refused:
 *
 * - a roster fact of a club not registered (LEDGER, `data.clubId`): a club registers, then
 *   takes players;
 * - a PlayerStatusChanged for a player this roster never registered (LEDGER, `data.playerId`):
 *   register them first (a player registered on another stream by a ledger written before
 *   roster facts were placed is registered again here);
 * - a PlayerRegistered of a player registered already that changes nothing (LEDGER,
 *   `data.playerId`). A re-registration that changes something is the secretary's update of
 *   the player's record, read so by every roster: a new name, a status from its date (as a
 *   PlayerStatusChanged would), a home night, rank or NZCBA number it restates (one it leaves
 *   out is kept).
 */
export const rosterDecider: Decider<RosterState, ClubContext> = {
  name: 'roster',
  owns: isRosterStream,
  streams: 'club-<clubId>-players',
  factTypes: ROSTER_FACT_TYPES,
  homeOf: () => ROSTER_HOME,
  clubWide: true,
  // A roster is of a registered club.
  readsClub: () => true,
  initialState: () => new Map(),
  evolve(state, fact, streamId) {
    const d = dataOf(fact);
    // Only the club's own (another club's fact on its stream is that club's roster's).
    if (d.clubId !== clubOf(streamId) || typeof d.playerId !== 'string') return;
    const before = state.get(d.playerId);
    if (fact.type === 'PlayerRegistered') {
      const entry = rosterEntryAfter(before?.entry, d, fact.occurredAt);
      state.set(d.playerId, { name: String(d.name), entry });
    } else if (fact.type === 'PlayerStatusChanged' && before) {
      const entry = rosterEntryAfter(before.entry, d, fact.occurredAt);
      state.set(d.playerId, { ...before, entry });
    }
  },
  decide(fact, state, club, streamId) {
    const d = dataOf(fact);
    const clubId = clubOf(streamId);
    if (!club.isRegistered(clubId)) {
      throw new RuleViolation(
        'LEDGER',
        `club ${clubId} is not registered: no ClubRegistered in ${clubStreamId(clubId)}; register the club first, then its players`,
        'data.clubId',
      );
    }
    const playerId = String(d.playerId);
    const before = state.get(playerId);
    if (fact.type === 'PlayerStatusChanged' && !before) {
      throw new RuleViolation(
        'LEDGER',
        `player ${playerId} is not on club ${clubId}'s roster: no PlayerRegistered in ${streamId}; register them first`,
        'data.playerId',
      );
    }
    if (
      fact.type === 'PlayerRegistered' &&
      before &&
      d.name === before.name &&
      sameRecord(rosterEntryAfter(before.entry, d, fact.occurredAt), before.entry)
    ) {
      throw new RuleViolation(
        'LEDGER',
        `player ${playerId} is registered already as ${before.entry.status}, ${before.name}, and this registration changes nothing; a change of status is a PlayerStatusChanged`,
        'data.playerId',
      );
    }
    return [fact];
  },
};
