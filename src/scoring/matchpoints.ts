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

/**
 * STD-MP: matchpoints (half-points) of each score among `scores`, all from one direction's
 * point of view (NS scores for NS; pass the negated scores — or use `top − mp` — for EW).
 * O(n log n): one native numeric sort, then each result's rank and its run of ties are found
 * by two binary searches: mp = 2·(results below) + (ties − 1).
 */
export function matchpointScores(scores: ArrayLike<number>): number[] {
  const n = scores.length;
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = scores[i]!;
    if (typeof s !== 'number' || !Number.isFinite(s)) {
      throw new ScoringInputError(
        `scores[${i}]`,
        'STD-MP',
        `must be a finite number, got ${String(s)}`,
      );
    }
    sorted[i] = s;
  }
  sorted.sort();
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const s = scores[i]!;
    const below = bound(sorted, s, false);
    const upTo = bound(sorted, s, true);
    out[i] = 2 * below + (upTo - below - 1);
  }
  return out;
}

/** STD-MP: a percentage (0–100, a float for display) of a matchpoint score on a top. */
export function matchpointPercent(mp: number, top: number): number {
  if (top <= 0) throw new ScoringInputError('top', 'STD-MP', 'must be positive');
  return (100 * mp) / top;
}
