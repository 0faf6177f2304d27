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
 * (the deciders refuse it: that is a correction). `players` is the array to keep: the pair's
 * own when the result names the same players.
 */
export function recordResult(t: ResultTable, r: SessionResultRecorded, players: string[]): void {
  if (t.slot.length === 0) t.competitionId = r.competitionId;
  let slot = t.slotOf[r.pairId];
  if (slot === undefined) {
    slot = t.pairIds.length;
    t.pairIds.push(r.pairId);
    t.slotOf[r.pairId] = slot;
  }
  const bySlot = (t.rowAt[r.session] ??= []);
  const existing = bySlot[slot];
  const group = r.group ?? null;
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
