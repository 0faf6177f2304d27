import { ScoringInputError } from './errors';

// STD-MP: matchpoints. On a board each result scores 2 per result of its direction it beats
// and 1 per tie ("half-points": integers), so the top is 2(n − 1).

/** STD-MP: the top on a board with n results: 2(n − 1). */
export function matchpointTop(n: number): number {
  return n > 0 ? 2 * (n - 1) : 0;
}

/** Index of the first element >= x (strict = false) or > x (strict = true). */
function bound(sorted: Float64Array, x: number, strict: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid]!;
    if (v < x || (strict && v === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const SHIFT = 2 ** 20; // room for the index in a packed sort key
const MAX_PACKED_SCORE = 2 ** 31;

/**
 * STD-MP: matchpoints (half-points) of each score among `scores`, all from one direction's
 * point of view (NS scores for NS; pass the negated scores — or use `top − mp` — for EW).
 * O(n log n): mp = 2·(results below) + (ties − 1).
 *
 * Fast path (integer scores, the normal case): each score and its position are packed into one
 * float key (score·2^20 + index), the keys are sorted natively, and one scan over runs of equal
 * scores hands out the matchpoints — one sort plus a linear pass. Otherwise: one sort of the
 * values and two binary searches per result.
 */
export function matchpointScores(scores: ArrayLike<number>): number[] {
  const n = scores.length;
  const out = new Array<number>(n);
  let packable = n < SHIFT;
  for (let i = 0; i < n; i++) {
    const s = scores[i]!;
    if (typeof s !== 'number' || !Number.isFinite(s)) {
      throw new ScoringInputError(
        `scores[${i}]`,
        'STD-MP',
        `must be a finite number, got ${String(s)}`,
      );
    }
    if (packable && (!Number.isInteger(s) || s >= MAX_PACKED_SCORE || s <= -MAX_PACKED_SCORE)) {
      packable = false;
    }
  }
  if (packable) {
    rankPacked(scores, n, new Float64Array(n), out);
    return out;
  }
  const sorted = Float64Array.from(scores as ArrayLike<number>);
  sorted.sort();
  for (let i = 0; i < n; i++) {
    const s = scores[i]!;
    const below = bound(sorted, s, false);
    const upTo = bound(sorted, s, true);
    out[i] = 2 * below + (upTo - below - 1);
  }
  return out;
}

/**
 * The packed fast path of `matchpointScores`: `scores` are n integers with |s| < 2^31 and
 * n < 2^20 (the caller has checked); `keys` is scratch space of at least n; the matchpoints go
 * to out[0 .. n). Each score and its position are packed into one float key (score·2^20 +
 * index), the keys sorted, and one scan over runs of equal scores hands out the matchpoints.
 */
function rankPacked(scores: ArrayLike<number>, n: number, keys: Float64Array, out: number[]): void {
  if (n <= 32) {
    // A club board has few results: insertion sort beats the native sort's set-up cost.
    for (let i = 0; i < n; i++) {
      const key = scores[i]! * SHIFT + i;
      let j = i - 1;
      while (j >= 0 && keys[j]! > key) {
        keys[j + 1] = keys[j]!;
        j--;
      }
      keys[j + 1] = key;
    }
  } else {
    for (let i = 0; i < n; i++) keys[i] = scores[i]! * SHIFT + i;
    (keys.length === n ? keys : keys.subarray(0, n)).sort();
  }
  let start = 0;
  while (start < n) {
    const score = Math.floor(keys[start]! / SHIFT);
    let end = start + 1;
    while (end < n && Math.floor(keys[end]! / SHIFT) === score) end++;
    const mp = 2 * start + (end - start - 1);
    for (let k = start; k < end; k++) out[keys[k]! - score * SHIFT] = mp;
    start = end;
  }
}

let scratchKeys = new Float64Array(64);

/**
 * STD-MP: `matchpointScores` of the first n of `scores`, written to out[0 .. n) — for callers
 * that matchpoint many boards (a session) and keep their own buffers. `scores` must be a plain
 * array of integers (as checked by the session's line check); the sort keys live in a buffer
 * reused from call to call, so nothing is allocated for a board in the usual case.
 */
export function matchpointScoresInto(scores: readonly number[], n: number, out: number[]): void {
  let packable = n < SHIFT;
  for (let i = 0; i < n && packable; i++) {
    const s = scores[i]!;
    // an integer in (−2^31, 2^31), as matchpointScores asks (−2^31 itself packs exactly too)
    if ((s | 0) !== s) packable = false;
  }
  if (!packable) {
    const mps = matchpointScores(scores.length === n ? scores : scores.slice(0, n));
    for (let i = 0; i < n; i++) out[i] = mps[i]!;
    return;
  }
  if (scratchKeys.length < n) scratchKeys = new Float64Array(Math.max(n, 2 * scratchKeys.length));
  rankPacked(scores, n, scratchKeys, out);
}

/** STD-MP: a percentage (0–100, a float for display) of a matchpoint score on a top. */
export function matchpointPercent(mp: number, top: number): number {
  if (top <= 0) throw new ScoringInputError('top', 'STD-MP', 'must be positive');
  return (100 * mp) / top;
}
