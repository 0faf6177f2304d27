import type { Partitions } from '../kernel/projection';
import type { PartitionWrite, SavePartitions } from './projection-state-store';

/** What a partitioned projection's saves need to know between saves. */
export interface PartTrack {
  partitions: Partitions<unknown>;
  /**
   * Keys named by the events since the last save, each with the position of the last fact that
   * named it (what a rebuild's let-go reads once a save: cold-partitions.ts).
   */
  dirty: Map<string, number>;
  /** How many events each key was named by in this process (what is derived from it is stale when it grows). */
  changes: Map<string, number>;
  /** Keys saved, so a new one is numbered in the state's order. */
  saved: Set<string>;
  /** numberByPosition: the position of the first fact that named each key not saved yet. */
  born: Map<string, number>;
  nextSeq: number;
  /** The next save drops every saved partition first (a rebuild, a state saved whole before). */
  replace: boolean;
}

/** A new track: nothing saved yet, so the first save replaces whatever was (a rebuild). */
export function newPartTrack(partitions: Partitions<unknown>): PartTrack {
  return {
    partitions,
    dirty: new Map(),
    changes: new Map(),
    saved: new Set(),
    born: new Map(),
    nextSeq: 1,
    replace: true,
  };
}

/**
 * The partitions to write for the facts since the last save (the keys they named, and every key
 * not saved yet), and what to mark once that write has committed: a failed save leaves them all
 * to be written again by the next.
 */
export function partitionSave(
  t: PartTrack,
  state: unknown,
  position: number,
  numberByPosition: boolean,
): Omit<SavePartitions, 'version'> & { committed: () => void } {
  const { partitions } = t;
  const writes: PartitionWrite[] = [];
  let seq = t.replace ? 1 : t.nextSeq;
  // Read, not changed, until the save has committed.
  const saved: ReadonlySet<string> = t.replace ? new Set<string>() : t.saved;
  let fresh = false;
  if (!t.replace) {
    for (const key of t.dirty.keys()) {
      const value = partitions.get(state, key);
      if (!saved.has(key)) fresh ||= value !== undefined;
      else writes.push({ key, seq: 0, value });
    }
  }
  // New partitions are numbered in the state's own order (a record's keys keep the order they
  // were made in); any key not saved yet is written then, named by its events or not.
  if (t.replace || fresh) {
    const numbered = numberByPosition ? byPosition(t, position) : undefined;
    for (const key of partitions.keys(state)) {
      if (saved.has(key)) continue;
      writes.push({
        key,
        seq: numbered ? numbered(key) : seq++,
        value: partitions.get(state, key),
      });
    }
  }
  const replace = t.replace;
  return {
    position,
    writes,
    replace,
    committed: () => {
      if (replace) t.saved = new Set();
      for (const w of writes) {
        if (w.value === undefined) t.saved.delete(w.key);
        else t.saved.add(w.key);
      }
      t.nextSeq = seq;
      t.replace = false;
      t.dirty.clear();
      // Every key made by now was written: one named and never made has no place to keep.
      t.born.clear();
    },
  };
}

/**
 * Partitions per fact: a fact names few, and the keys a fact made first come in the state's own
 * order (`keys`), so a number a fact is room enough.
 */
const SEQ_PER_FACT = 64;

/**
 * Numbers by the position of the fact that first named the key (the save's position for a key
 * no fact named), then by the state's order among the keys of one fact: within each part of the
 * state, the order the keys were made in, whichever share made them.
 */
function byPosition(t: PartTrack, position: number): (key: string) => number {
  const next = new Map<number, number>();
  return (key) => {
    const born = t.born.get(key) ?? position;
    const n = next.get(born) ?? 0;
    next.set(born, n + 1);
    return born * SEQ_PER_FACT + Math.min(n, SEQ_PER_FACT - 1);
  };
}
