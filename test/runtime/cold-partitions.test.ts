/**
 * A rebuild lets go of a saved partition no fact has named for `after` facts, and puts it back
 * from its save when a later fact names it. The positions it goes by are those of the last fact
 * that named each partition, as the save's track kept them: given facts naming partitions between
 * two saves, the let-go after the second save counts from each partition's last naming, not from
 * the save.
 */
import { ColdPartitions } from '../../src/ledger/cold-partitions';
import { newPartTrack, type PartTrack } from '../../src/ledger/partition-saves';
import type { Partitions } from '../../src/kernel/projection';
import { Instants } from '../../src/ledger/timeline-column';

type State = Record<string, number>;

const partitions: Partitions<State> = {
  keysOf: () => [],
  *keys(state) {
    yield* Object.keys(state);
  },
  get: (state, key) => state[key],
  put: (state, key, value) => {
    state[key] = value as number;
  },
  drop: (state, key) => delete state[key],
};

/** A save store holding `saved` (version 1 at position `at`), counting what it is asked for. */
function saveOf(saved: State, at: number) {
  const asked: string[][] = [];
  return {
    asked,
    loadSomePartitions: (_name: string, keys: readonly string[]) => {
      asked.push([...keys]);
      return {
        version: 1,
        position: at,
        partitions: keys.filter((k) => k in saved).map((k) => [k, saved[k]] as [string, unknown]),
      };
    },
  };
}

/** Facts named `keys` at these positions, then a save at `at` (its track noted, then cleared). */
function saveAfter(
  cold: ColdPartitions,
  track: PartTrack,
  state: State,
  named: Array<[key: string, position: number]>,
  at: number,
) {
  for (const [key, position] of named) {
    cold.named(state, [key]);
    track.dirty.set(key, position);
  }
  cold.noted(track.dirty);
  for (const key of track.dirty.keys()) track.saved.add(key);
  track.dirty.clear();
  cold.saved(state, track, at);
}

describe('a rebuild lets go of partitions no fact has named for a while', () => {
  it('counts from the last fact that named each partition, not from the save', () => {
    const state: State = { a: 1, b: 2 };
    const store = saveOf({ a: 1, b: 2 }, 100);
    const cold = new ColdPartitions('model', partitions, store, 50);
    const track = newPartTrack(partitions as Partitions<unknown>);
    // a last named at 10, b at 60; saved at 60: neither is 50 facts behind yet.
    saveAfter(
      cold,
      track,
      state,
      [
        ['a', 10],
        ['b', 40],
        ['b', 60],
      ],
      60,
    );
    expect(Object.keys(state).sort()).toEqual(['a', 'b']);
    // Saved at 110 with no fact naming either since: a (100 behind) goes, b (exactly 50) stays.
    saveAfter(cold, track, state, [], 110);
    expect(Object.keys(state)).toEqual(['b']);
    expect(cold.left).toBe(1);
    // At 111, b is 51 behind: let go too.
    saveAfter(cold, track, state, [], 111);
    expect(cold.left).toBe(2);
    expect(store.asked).toEqual([]);
  });

  it('puts a partition back from its save before the fact that names it', () => {
    const state: State = { a: 1 };
    const store = saveOf({ a: 7 }, 100);
    const cold = new ColdPartitions('model', partitions, store, 10);
    const track = newPartTrack(partitions as Partitions<unknown>);
    saveAfter(cold, track, state, [['a', 5]], 5);
    saveAfter(cold, track, state, [], 100);
    expect(state).toEqual({});
    // A fact naming another partition reads nothing back; one naming `a` reads it.
    cold.named(state, ['c']);
    expect(store.asked).toEqual([]);
    cold.named(state, ['c', 'a']);
    expect(store.asked).toEqual([['a']]);
    expect(state).toEqual({ a: 7 });
    expect(cold.left).toBe(0);
  });

  it('keeps a partition named since the last save, however long ago it was first named', () => {
    const state: State = { a: 1 };
    const cold = new ColdPartitions('model', partitions, saveOf({ a: 1 }, 0), 10);
    const track = newPartTrack(partitions as Partitions<unknown>);
    saveAfter(cold, track, state, [['a', 1]], 1);
    // Named again at 95, saved at 100: 5 behind.
    saveAfter(cold, track, state, [['a', 95]], 100);
    expect(state).toEqual({ a: 1 });
  });
});

describe('the directory reads a run of facts recorded at one instant once', () => {
  it('parses each instant as Date.parse does, repeated or not', () => {
    const instants = new Instants();
    const seen = [
      '2026-12-07T08:00:00.000Z',
      '2026-12-07T08:00:00.000Z',
      '2026-12-07T08:00:01.000Z',
      'not an instant',
      'not an instant',
      '',
      '2026-12-07T08:00:00.000Z',
    ].map((s) => [instants.parse(s), Date.parse(s)]);
    for (const [parsed, expected] of seen) expect(parsed).toEqual(expected);
  });
});
