import type { ClubFactData } from '../../events/contexts/club';
import type { Decider, DecidedFact, StreamHome } from '../../kernel/decider';
import { RuleViolation } from '../rule-violation';

const PREFIX = 'club-';
const SUFFIX = '-players';

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
  prefix: PREFIX,
  idField: 'clubId',
  suffix: SUFFIX,
  elsewhere: 'read',
});

export const rosterStreamId = (clubId: string) => `${PREFIX}${clubId}${SUFFIX}`;

const clubOf = (streamId: string) => streamId.slice(PREFIX.length, -SUFFIX.length);

/** A player as the roster stream holds them: the details a registration restates. */
interface Registered {
  name: string;
  status: string;
  homeNight?: string;
  rank?: string;
  nationalNumber?: string;
}

/** The club's roster stream folded: each player registered there, as last registered or changed. */
export type RosterState = Map<string, Registered>;

/** The optional details a PlayerRegistered may restate; one it leaves out is kept. */
const DETAILS = ['homeNight', 'rank', 'nationalNumber'] as const;

const dataOf = (fact: DecidedFact) => fact.data as Record<string, unknown>;

/**
 * A second PlayerRegistered of a player: what it changes (the name, the status from its date,
 * a detail it restates), as every roster reads it (`rosterEntryAfter`); empty when nothing.
 */
function changesOf(before: Registered, d: Record<string, unknown>): string[] {
  const changed: string[] = [];
  if (d.name !== before.name) changed.push('name');
  if (d.status !== before.status) changed.push('status');
  for (const k of DETAILS) if (d[k] !== undefined && d[k] !== before[k]) changed.push(k);
  return changed;
}

/**
 * The roster context: a club's roster stream, `club-<clubId>-players`, holding its
 * PlayerRegistered and PlayerStatusChanged facts (that each names the stream's club is the
 * append use case's check: LEDGER, `data.clubId`). Refused (LEDGER, `data.playerId`):
 *
 * - a PlayerStatusChanged for a player this roster never registered: register them first (a
 *   player registered on another stream by a ledger written before roster facts were placed
 *   is registered again here);
 * - a PlayerRegistered of a player registered already that changes nothing. A re-registration
 *   that changes something is the secretary's update of the player's record, read so by every
 *   roster: a new name, a status from its date (as a PlayerStatusChanged would), a home night,
 *   rank or NZCBA number it restates (one it leaves out is kept).
 */
export const rosterDecider: Decider<RosterState> = {
  name: 'roster',
  owns: (streamId) =>
    streamId.startsWith(PREFIX) &&
    streamId.endsWith(SUFFIX) &&
    streamId.length > PREFIX.length + SUFFIX.length,
  streams: 'club-<clubId>-players',
  factTypes: ROSTER_FACT_TYPES,
  homeOf: () => ROSTER_HOME,
  clubWide: true,
  initialState: () => new Map(),
  evolve(state, fact, streamId) {
    const d = dataOf(fact);
    // Only the club's own (another club's fact on its stream is that club's roster's).
    if (d.clubId !== clubOf(streamId) || typeof d.playerId !== 'string') return;
    const before = state.get(d.playerId);
    if (fact.type === 'PlayerRegistered') {
      const entry: Registered = { ...before, name: String(d.name), status: String(d.status) };
      for (const k of DETAILS) if (typeof d[k] === 'string') entry[k] = d[k];
      state.set(d.playerId, entry);
    } else if (fact.type === 'PlayerStatusChanged' && before) {
      state.set(d.playerId, { ...before, status: String(d.status) });
    }
  },
  decide(fact, state, _club, streamId) {
    const d = dataOf(fact);
    const playerId = String(d.playerId);
    const before = state.get(playerId);
    if (fact.type === 'PlayerStatusChanged' && !before) {
      throw new RuleViolation(
        'LEDGER',
        `player ${playerId} is not on club ${clubOf(streamId)}'s roster: no PlayerRegistered in ${streamId}; register them first`,
        'data.playerId',
      );
    }
    if (fact.type === 'PlayerRegistered' && before && changesOf(before, d).length === 0) {
      throw new RuleViolation(
        'LEDGER',
        `player ${playerId} is registered already as ${before.status}, ${before.name}, and this registration changes nothing; a change of status is a PlayerStatusChanged`,
        'data.playerId',
      );
    }
    return [fact];
  },
};
