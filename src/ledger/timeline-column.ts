/** A growable column of numbers (positions, instants): 8 bytes an event, no object per event. */
export class Column {
  values: Float64Array = new Float64Array(1024);
  length = 0;
  /** The numbers pushed, as one array (a view: copy it to keep it). */
  get used(): Float64Array {
    return this.values.subarray(0, this.length);
  }
  /** Takes a restored column as it is (a read-only reader never pushes: no room made ahead). */
  restore(values: Float64Array): void {
    this.values = values.length > 0 ? values : new Float64Array(1024);
    this.length = values.length;
  }
  push(v: number): void {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = v;
  }
}

/** The largest i < n with ok(i), for `ok` true up to some index and false after; -1 for none. */
export function lastIndex(n: number, ok: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ok(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Recording instants as ms since the epoch (NaN for one that is not an instant). The facts of
 * one append share theirs and come one after another: the last is parsed once, not once a fact.
 */
export class Instants {
  private last = '';
  private time = NaN;

  parse(instant: string): number {
    if (instant !== this.last) {
      this.last = instant;
      this.time = Date.parse(instant);
    }
    return this.time;
  }
}
