import { dict } from '../dict';
import type { SessionResultRecorded } from './facts';

/**
 * A competition's recorded session results, kept as columns: row i of every column is one
 * SessionResultRecorded. A club history folds hundreds of thousands of results; as objects in
 * a record keyed by `${session}:${pairId}` each cost an object, a new key string interned by
 * V8 and the collector's copying of both, which made the fold of the 20-season benchmark
 * about a second slower than these arrays of numbers and shared references. Plain JSON still.
 */
export interface ResultTable {
  /** The competition the results are of (the first result's; a stream is one competition). */
  competitionId: string;
  /** Slot → pair id, in the order of each pair's first result. */
  pairIds: string[];
  /** Pair id → slot. */
  slotOf: Record<string, number>;
  /** Session → slot → row; a hole or null: no result. */
  rowAt: Record<number, Array<number | null>>;
  slot: number[];
  session: number[];
  percentage: number[];
  boardsPlayed: number[];
  group: Array<string | null>;
  source: Array<SessionResultRecorded['source']>;
  /** The pair's own players array when the result names the same two (shared, never mutated). */
  players: string[][];
  sitOutRounds: Array<number | null>;
}

export const emptyResults = (): ResultTable => ({
  competitionId: '',
  pairIds: [],
  slotOf: dict(),
  rowAt: dict(),
  slot: [],
  session: [],
  percentage: [],
  boardsPlayed: [],
  group: [],
  source: [],
  players: [],
  sitOutRounds: [],
});

/** How many results the table holds. */
export const resultCount = (t: ResultTable): number => t.slot.length;

/** The row of a pair's result at a session, if there is one. */
export function resultRow(t: ResultTable, session: number, pairId: string): number | undefined {
  const slot = t.slotOf[pairId];
  if (slot === undefined) return undefined;
  const row = t.rowAt[session]?.[slot];
  return typeof row === 'number' ? row : undefined;
}

/**
 * Records a result; a second one for the same pair and session replaces the first in its row
 * (the deciders refuse it: that is a correction). The players array kept is the pair's own
 * (`pairs`) when the result names the same players in the same order, so that hundreds of
 * thousands of results do not each keep a copy: nothing may mutate a result's players.
 */
export function recordResult(
  t: ResultTable,
  r: SessionResultRecorded,
  pairs: Record<string, { players: string[] } | undefined>,
): void {
  if (t.slot.length === 0) t.competitionId = r.competitionId;
  const slot = slotFor(t, r.pairId);
  const bySlot = (t.rowAt[r.session] ??= []);
  const existing = bySlot[slot];
  // Read from the pair's result at the session before when there is one: the same arrays
  // and strings, with no lookup of the new id string in the pairs' table.
  const before = t.rowAt[r.session - 1]?.[slot];
  const players = sameOr(
    typeof before === 'number' ? t.players[before] : pairs[r.pairId]?.players,
    r.players,
  );
  const last = t.group.length - 1;
  const group =
    r.group === undefined ? null : last >= 0 && t.group[last] === r.group ? t.group[last] : r.group;
  // The two values the schema allows, as constants: no string kept per result.
  const source = r.source === 'scored' ? 'scored' : 'imported';
  const sitOut = r.sitOutRounds ?? null;
  if (typeof existing === 'number') {
    t.percentage[existing] = r.percentage;
    t.boardsPlayed[existing] = r.boardsPlayed;
    t.group[existing] = group;
    t.source[existing] = source;
    t.players[existing] = players;
    t.sitOutRounds[existing] = sitOut;
    return;
  }
  bySlot[slot] = t.slot.length;
  t.slot.push(slot);
  t.session.push(r.session);
  t.percentage.push(r.percentage);
  t.boardsPlayed.push(r.boardsPlayed);
  t.group.push(group);
  t.source.push(source);
  t.players.push(players);
  t.sitOutRounds.push(sitOut);
}

/**
 * A pair's slot, a new one for a new pair. A session's results usually arrive in the order of
 * the session before, so the slot after the last result's is tried first: comparing two id
 * strings is cheaper than looking a freshly parsed one up in a table (V8 first searches its
 * table of every interned string for it).
 */
function slotFor(t: ResultTable, pairId: string): number {
  const rows = t.slot.length;
  if (rows > 0) {
    const next = t.slot[rows - 1] + 1;
    if (next < t.pairIds.length && t.pairIds[next] === pairId) return next;
    if (t.pairIds[0] === pairId) return 0;
  }
  let slot = t.slotOf[pairId];
  if (slot === undefined) {
    slot = t.pairIds.length;
    t.pairIds.push(pairId);
    t.slotOf[pairId] = slot;
  }
  return slot;
}

/** `kept` when it names the same players in the same order as `players`, else `players`. */
function sameOr(kept: string[] | undefined, players: string[]): string[] {
  if (!kept || kept.length !== players.length) return players;
  for (let i = 0; i < kept.length; i++) if (kept[i] !== players[i]) return players;
  return kept;
}

/** A row as the fact it was recorded from (a new object; its players array may be shared). */
export function resultAt(t: ResultTable, row: number): SessionResultRecorded {
  const r: SessionResultRecorded = {
    competitionId: t.competitionId,
    session: t.session[row],
    pairId: t.pairIds[t.slot[row]],
    players: t.players[row],
    percentage: t.percentage[row],
    boardsPlayed: t.boardsPlayed[row],
    source: t.source[row],
  };
  const group = t.group[row];
  if (group !== null && group !== undefined) r.group = group;
  const sitOut = t.sitOutRounds[row];
  if (sitOut !== null && sitOut !== undefined) r.sitOutRounds = sitOut;
  return r;
}
