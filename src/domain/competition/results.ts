import { dict } from '../dict';
import type { SessionResultRecorded } from './facts';

/**
 * A column of numbers, row by row: a typed array while folding (its data lies outside the
 * collected heap), a plain array once a saved state is read back (and turned into a typed
 * array again at the next result recorded).
 */
export type Column = { [row: number]: number };

/**
 * A competition's recorded session results, kept as columns: row i of every column is one
 * SessionResultRecorded. A club history folds hundreds of thousands of results. As objects
 * keyed by `${session}:${pairId}` each cost an object and a key string; as JS arrays the
 * collector still copied every column on its way out of the young generation. Typed arrays
 * are numbers outside the heap: the 20-season benchmark's fold keeps about 40 MB less on it.
 * Strings (groups, players) are kept once per table and referred to by index.
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
  /** How many rows the columns hold (a typed column has room for more). */
  count: number;
  slot: Column;
  session: Column;
  percentage: Column;
  boardsPlayed: Column;
  /** Index in `groups`; -1: the result names no group. */
  group: Column;
  groups: string[];
  /** 1: scored, 0: imported (the two values the schema allows). */
  scored: Column;
  /** Index in `playerLists`. */
  players: Column;
  /** The players arrays the results name: the pair's own array when a result names the same two. */
  playerLists: string[][];
  /** -1: the result does not say. */
  sitOutRounds: Column;
}

/* Typed arrays that are written out as plain arrays: a state is saved as JSON. */
class Int32Column extends Int32Array {
  toJSON(): number[] {
    return Array.from(this);
  }
}
class Float64Column extends Float64Array {
  toJSON(): number[] {
    return Array.from(this);
  }
}
class Uint8Column extends Uint8Array {
  toJSON(): number[] {
    return Array.from(this);
  }
}

/** The numeric columns, with the typed array each is kept in while folding. */
const COLUMNS = {
  slot: Int32Column,
  session: Int32Column,
  percentage: Float64Column,
  boardsPlayed: Int32Column,
  group: Int32Column,
  scored: Uint8Column,
  players: Int32Column,
  sitOutRounds: Int32Column,
} as const;
type ColumnName = keyof typeof COLUMNS;
const NAMES = Object.keys(COLUMNS) as ColumnName[];

export const emptyResults = (): ResultTable => ({
  competitionId: '',
  pairIds: [],
  slotOf: dict(),
  rowAt: dict(),
  count: 0,
  slot: [],
  session: [],
  percentage: [],
  boardsPlayed: [],
  group: [],
  groups: [],
  scored: [],
  players: [],
  playerLists: [],
  sitOutRounds: [],
});

/** How many results the table holds. */
export const resultCount = (t: ResultTable): number => t.count;

/** The row of a pair's result at a session, if there is one. */
export function resultRow(t: ResultTable, session: number, pairId: string): number | undefined {
  const slot = t.slotOf[pairId];
  if (slot === undefined) return undefined;
  const row = t.rowAt[session]?.[slot];
  return typeof row === 'number' ? row : undefined;
}

/** The players a row names (an array shared between rows: never mutate it). */
export const playersAt = (t: ResultTable, row: number): string[] => t.playerLists[t.players[row]];

/** The group a row names, if any. */
export function groupAt(t: ResultTable, row: number): string | undefined {
  const g = t.group[row];
  return g >= 0 ? t.groups[g] : undefined;
}

/** The sit-out rounds a row states, if it does. */
export function sitOutRoundsAt(t: ResultTable, row: number): number | undefined {
  const s = t.sitOutRounds[row];
  return s >= 0 ? s : undefined;
}

/**
 * Room for one more row: every column as a typed array with room to spare (`hint` rows when
 * the table is new: the competition's sessions × its pairs), doubled when full.
 */
function ensureRoom(t: ResultTable, hint: number): void {
  const room = t.slot instanceof Int32Column ? t.slot.length : -1;
  if (t.count < room) return;
  const size = Math.max(16, hint, room * 2, t.count + 1);
  for (const name of NAMES) {
    const grown = new COLUMNS[name](size);
    const old = t[name];
    if (old instanceof COLUMNS[name]) grown.set(old);
    else for (let i = 0; i < t.count; i++) grown[i] = old[i];
    t[name] = grown;
  }
}

/**
 * Records a result; a second one for the same pair and session replaces the first in its row
 * (the deciders refuse it: that is a correction). The players array kept is the pair's own
 * (`pairs`) when the result names the same players in the same order, so that hundreds of
 * thousands of results do not each keep a copy: nothing may mutate a result's players.
 * `hint`: how many rows to make room for when the table is new; `share`: see `evolve`.
 */
export function recordResult(
  t: ResultTable,
  r: SessionResultRecorded,
  pairs: Record<string, { players: string[] } | undefined>,
  hint = 0,
  share?: (id: string) => string,
): void {
  if (t.count === 0) t.competitionId = r.competitionId;
  const slot = slotFor(t, r.pairId);
  const bySlot = (t.rowAt[r.session] ??= []);
  const existing = bySlot[slot];
  const row = typeof existing === 'number' ? existing : t.count;
  if (row === t.count) {
    ensureRoom(t, hint);
    bySlot[slot] = row;
    t.count++;
  }
  // Read from the pair's result at the session before when there is one: the same arrays
  // and strings, with no lookup of the new id string in the pairs' table.
  const before = t.rowAt[r.session - 1]?.[slot];
  t.players[row] = playersIndex(
    t,
    typeof before === 'number' ? t.players[before] : -1,
    pairs,
    r.pairId,
    r.players,
    share,
  );
  t.slot[row] = slot;
  t.session[row] = r.session;
  t.percentage[row] = r.percentage;
  t.boardsPlayed[row] = r.boardsPlayed;
  t.group[row] = r.group === undefined ? -1 : indexIn(t.groups, r.group);
  t.scored[row] = r.source === 'scored' ? 1 : 0;
  t.sitOutRounds[row] = r.sitOutRounds ?? -1;
}

/** A value's index in a short list, added when new. */
function indexIn(list: string[], value: string): number {
  const i = list.indexOf(value);
  return i >= 0 ? i : list.push(value) - 1;
}

/**
 * The index of the players a result names: those of the pair's result before (`before`), or
 * the pair's own array, when the same two in the same order; else the result's own. The pair
 * is looked up only when the result before differs: a lookup of a freshly parsed id string
 * is the dearest step here (it was half of this function's time when made for every result).
 */
function playersIndex(
  t: ResultTable,
  before: number,
  pairs: Record<string, { players: string[] } | undefined>,
  pairId: string,
  players: string[],
  share: ((id: string) => string) | undefined,
): number {
  if (before >= 0 && same(t.playerLists[before], players)) return before;
  const own = pairs[pairId]?.players;
  if (own && same(own, players)) {
    // The pair's own array may be listed already; the result's own players never are.
    const at = t.playerLists.lastIndexOf(own);
    return at >= 0 ? at : t.playerLists.push(own) - 1;
  }
  return t.playerLists.push(sharedIds(players, share)) - 1;
}

/** `players` with each id passed through `share` (the same array without one). */
export const sharedIds = (players: string[], share: ((id: string) => string) | undefined) =>
  share ? players.map(share) : players;

/**
 * A pair's slot, a new one for a new pair. A session's results usually arrive in the order of
 * the session before, so the slot after the last result's is tried first: comparing two id
 * strings is cheaper than looking a freshly parsed one up in a table (V8 first searches its
 * table of every interned string for it).
 */
function slotFor(t: ResultTable, pairId: string): number {
  const rows = t.count;
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

/** Whether two players arrays name the same players in the same order. */
function same(a: string[], b: string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A row as the fact it was recorded from (a new object; its players array may be shared). */
export function resultAt(t: ResultTable, row: number): SessionResultRecorded {
  const r: SessionResultRecorded = {
    competitionId: t.competitionId,
    session: t.session[row],
    pairId: t.pairIds[t.slot[row]],
    players: playersAt(t, row),
    percentage: t.percentage[row],
    boardsPlayed: t.boardsPlayed[row],
    source: t.scored[row] === 1 ? 'scored' : 'imported',
  };
  const group = groupAt(t, row);
  if (group !== undefined) r.group = group;
  const sitOut = sitOutRoundsAt(t, row);
  if (sitOut !== undefined) r.sitOutRounds = sitOut;
  return r;
}
