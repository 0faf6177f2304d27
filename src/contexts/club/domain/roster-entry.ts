import type { PlayerStatus } from '../facts/club';

/**
 * A player as a club's roster knows them, folded from PlayerRegistered and PlayerStatusChanged.
 * The roster decider (its stream's state) and both read models (club-roster, and the
 * competitions projection's `players` the NZ rules read) fold it with `rosterEntryAfter`, so
 * they cannot disagree on a player's status or record.
 */
export interface RosterEntry {
  /** The latest status. */
  status: PlayerStatus;
  homeNight?: string;
  rank?: string;
  /** PlayerRegistered.nationalNumber: for a guest or visitor, the NZCBA number of NZ-8c. */
  nationalNumber?: string;
  /** Every status with the club date it took effect (the fact's occurredAt), oldest first. */
  history?: Array<{ from: string; status: PlayerStatus }>;
}

/**
 * The entry after a PlayerRegistered or PlayerStatusChanged (`data`, at `occurredAt`): the new
 * status, dated; a home night, rank or national number not restated is kept.
 */
export function rosterEntryAfter(
  before: RosterEntry | undefined,
  data: Record<string, unknown>,
  occurredAt: string,
): RosterEntry {
  const status = data.status as PlayerStatus;
  const entry: RosterEntry = {
    status,
    history: [...(before?.history ?? []), { from: occurredAt.slice(0, 10), status }],
  };
  const homeNight = data.homeNight ? (data.homeNight as string) : before?.homeNight;
  if (homeNight !== undefined) entry.homeNight = homeNight;
  const rank = data.rank ? (data.rank as string) : before?.rank;
  if (rank !== undefined) entry.rank = rank;
  const nationalNumber = data.nationalNumber
    ? (data.nationalNumber as string)
    : before?.nationalNumber;
  if (nationalNumber !== undefined) entry.nationalNumber = nationalNumber;
  return entry;
}

/**
 * Whether two entries record the same: the status and every detail alike, whatever their
 * history (a registration that restates the record adds a dated line, and changes nothing).
 */
export function sameRecord(a: RosterEntry, b: RosterEntry): boolean {
  const { history: _a, ...x } = a;
  const { history: _b, ...y } = b;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]) as Set<keyof typeof x>;
  for (const k of keys) if (x[k] !== y[k]) return false;
  return true;
}
