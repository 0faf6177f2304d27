/**
 * Equal immutable values shared: a rebuild of every standing writes hundreds of thousands of
 * session scores and explanations out of a few tens of thousands of distinct values, and each
 * one kept is an object the collector copies (the 20-season benchmark's answers kept 25 MB
 * less with the session scores shared). A value is found by a small `family` key (what it
 * is, session or count, boards: a few dozen families) and an `index` in 0 .. 10000 (a score in
 * hundredths): an array per family (dense once it holds many), so a lookup is an index.
 * A pooled value is frozen, so that a caller mutating one it was given fails instead of
 * changing another row. One pool per consistent set of answers (the projection keeps one per
 * state); without one, every value is a fresh object.
 */
export class ValuePool {
  private readonly families = new Map<number, Family>();
  /**
   * The families found last, by a hash of their key (direct-mapped): a rebuild asks for a few
   * dozen families a million times, and an index and a comparison cost less than a Map's hash.
   */
  private readonly recent: Array<Family | undefined> = new Array(RECENT);

  /**
   * The value kept under `family` and `index`, if any. Test it with `!== undefined`: a test of
   * its truth reads the object found (its hidden class), a cache miss when values are many.
   */
  find<T extends object>(family: number, index: number): T | undefined {
    const slot = recentSlot(family);
    let f = this.recent[slot];
    if (f === undefined || f.key !== family) {
      f = this.families.get(family);
      if (f === undefined) return undefined;
      this.recent[slot] = f;
    }
    return f.values[index] as T | undefined;
  }

  /**
   * Keeps `value`, frozen, and returns it. An index outside 0 .. 10000 or a family that is not
   * a small integer (`familyOf` gave NaN) keeps nothing: the value is returned as it is.
   */
  keep<T extends object>(family: number, index: number, value: T): T {
    if (!Number.isInteger(family) || !Number.isInteger(index) || index < 0 || index > MAX_INDEX)
      return value;
    let f = this.families.get(family);
    if (!f) this.families.set(family, (f = { key: family, kept: 0, values: [] }));
    // A family starts as a sparse array (V8 keeps it as a hash table: small, but a lookup
    // probes it); one that holds many values becomes a dense array of every index (80 KB, one
    // load). In a rebuild, the lookups in the hash tables were a third of the time of the
    // functions building rows.
    if (++f.kept === DENSE_FROM) {
      const dense = new Array<object | undefined>(MAX_INDEX + 1);
      f.values.forEach((v, i) => (dense[i] = v));
      f.values = dense;
    }
    const kept = Object.freeze(value);
    f.values[index] = kept;
    return kept;
  }
}

interface Family {
  key: number;
  /** How many values it holds. */
  kept: number;
  values: Array<object | undefined>;
}
const DENSE_FROM = 64;

const RECENT = 256;
/** A family key's slot in `recent`: the boards (low bits) mixed with the kind and session. */
const recentSlot = (family: number) => (family ^ (family / 4096)) & (RECENT - 1);

const MAX_INDEX = 10000;

/**
 * The family of a value of `kind` (POOL_KINDS) by a session or count (0 .. 63) and a number of
 * boards (0 .. 4095): the key every pooled score, entry and explanation is kept under.
 */
export const familyOf = (kind: number, n: number, boards: number): number =>
  mixKey(mixKey(kind, n, 64), boards, 4096);

/** The kinds of value a pool holds: the first part of each family key. */
export const POOL_KINDS = {
  played: 0,
  substitute: 1,
  average: 2,
  averageAlone: 3,
} as const;

/**
 * `key` extended by `value`, an integer in 0 .. bound − 1 (mixed radix); NaN otherwise, and a
 * NaN family finds and keeps nothing.
 */
export const mixKey = (key: number, value: number, bound: number): number =>
  Number.isInteger(value) && value >= 0 && value < bound ? key * bound + value : NaN;
