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
  /**
   * Slot → the row of the pair's latest session. Which row holds a session's result is derived
   * from the columns when asked (`rowIndex`): a stored index by session and slot was an array
   * per session of every competition, 15,000 arrays in the 20-season benchmark's fold.
   */
  lastRow: number[];
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
  lastRow: [],
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
  const index = rowIndex(t);
  const slot = index.slotOf.get(pairId);
  if (slot === undefined) return undefined;
  const row = rowIn(index, session, slot);
  return row >= 0 ? row : undefined;
}

/** Which row holds each session's result of each slot, derived from the columns. */
export interface RowIndex {
  /** The table's count when derived: a new row means a new index (a replaced one does not). */
  count: number;
  slots: number;
  /** (session × slots + slot) → row + 1; 0: none. */
  rows: Int32Array;
  /** Pair id → slot. */
  slotOf: Map<string, number>;
}
const indexes = new WeakMap<ResultTable, RowIndex>();

/** The table's row index: derived once per count (kept beside the table, never saved). */
export function rowIndex(t: ResultTable): RowIndex {
  let index = indexes.get(t);
  if (index && index.count === t.count) return index;
  const slots = t.pairIds.length;
  let sessions = 0;
  for (let row = 0; row < t.count; row++) if (t.session[row] > sessions) sessions = t.session[row];
  const rows = new Int32Array((sessions + 1) * slots);
  for (let row = 0; row < t.count; row++) rows[t.session[row] * slots + t.slot[row]] = row + 1;
  const slotOf = new Map<string, number>();
  for (let slot = 0; slot < slots; slot++) slotOf.set(t.pairIds[slot], slot);
  index = { count: t.count, slots, rows, slotOf };
  indexes.set(t, index);
  return index;
}

/** The row of a slot's result at a session in an index; −1: none. */
export function rowIn(index: RowIndex, session: number, slot: number): number {
  if (!(slot >= 0 && slot < index.slots && session >= 0)) return -1;
  const at = session * index.slots + slot;
  return at < index.rows.length ? index.rows[at] - 1 : -1;
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
  share?: Share,
): void {
  if (t.count === 0) t.competitionId = r.competitionId;
  const slot = slotFor(t, r.pairId);
  const latest = slot < t.lastRow.length ? t.lastRow[slot] : -1;
  // A pair's sessions come in order: a result for a later session than its latest is new.
  const later = latest < 0 || t.session[latest] < r.session;
  const existing = later ? -1 : sessionRow(t, slot, r.session);
  const row = existing >= 0 ? existing : t.count;
  if (row === t.count) {
    ensureRoom(t, hint);
    t.count++;
    if (later) t.lastRow[slot] = row;
  }
  // Read from the pair's latest result when there is one: the same arrays and strings, with
  // no lookup of the new id string in the pairs' table.
  t.players[row] = playersIndex(
    t,
    latest >= 0 ? t.players[latest] : -1,
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

/**
 * The row of a slot's result at a session (−1: none), searched back from the last row: only
 * for a result that is not for a later session than the pair's latest (a correction, or a
 * ledger written out of order).
 */
function sessionRow(t: ResultTable, slot: number, session: number): number {
  for (let row = t.count - 1; row >= 0; row--) {
    if (t.slot[row] === slot && t.session[row] === session) return row;
  }
  return -1;
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
  share: Share | undefined,
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

/**
 * Equal values shared across a state while folding it (`evolveSharing`): one string per player
 * id, one array per list of players. A shared array is read by many pairs, results and
 * competitions: nothing may mutate it.
 */
export interface Share {
  id(id: string): string;
  /** The one array of these ids in this order (each id shared). */
  list(ids: readonly string[]): string[];
}

/**
 * A table of shared ids and lists. The 20-season benchmark names 4,224 players in about
 * 300,000 strings and 80,000 arrays (every pair entered and partnership named); shared, equal
 * ids also compare as one reference.
 */
export function shareTable(): Share {
  const ids = new Map<string, string>();
  // Lists of two (nearly all) by their first id, then their second: no key string built.
  const twos = new Map<string, Map<string, string[]>>();
  // Other lengths by their ids joined with NUL, which no id holds (a uuid or a club's code).
  const others = new Map<string, string[]>();
  const id = (s: string): string => {
    const known = ids.get(s);
    if (known !== undefined) return known;
    ids.set(s, s);
    return s;
  };
  return {
    id,
    list(players) {
      if (players.length === 2) {
        let seconds = twos.get(players[0]);
        if (seconds === undefined) twos.set(id(players[0]), (seconds = new Map()));
        const known = seconds.get(players[1]);
        if (known !== undefined) return known;
        const made = [id(players[0]), id(players[1])];
        seconds.set(made[1], made);
        return made;
      }
      const key = players.join('\u0000');
      const known = others.get(key);
      if (known !== undefined) return known;
      const made = players.map(id);
      others.set(key, made);
      return made;
    },
  };
}

/** `players` shared through `share` (the same array without one). */
export const sharedIds = (players: string[], share: Share | undefined): string[] =>
  share ? share.list(players) : players;

/**
 * A pair's slot, a new one for a new pair. A session's results usually arrive in the order of
 * the session before, so the slot after the last result's is tried first; else the pairs'
 * ids, a few dozen, are searched: comparing id strings is cheaper than looking a freshly
 * parsed one up in a table kept for it (V8 first searches its table of every interned string
 * for it), and no table is kept per competition.
 */
function slotFor(t: ResultTable, pairId: string): number {
  const rows = t.count;
  if (rows > 0) {
    const next = t.slot[rows - 1] + 1;
    if (next < t.pairIds.length && t.pairIds[next] === pairId) return next;
    if (t.pairIds[0] === pairId) return 0;
  }
  const slot = t.pairIds.indexOf(pairId);
  return slot >= 0 ? slot : t.pairIds.push(pairId) - 1;
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
