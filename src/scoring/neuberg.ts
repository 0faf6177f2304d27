import { ScoringInputError, requireInteger } from './errors';
import { Fraction } from './fraction';
import { matchpointScores, matchpointTop } from './matchpoints';

// STD-NEUBERG: a result among n real results on a board where N were expected scores
// F = (MP + 1)·N/n − 1 on the full top 2(N − 1). Artificial adjusted scores are left out of n
// and receive their percentage of the full top; the two sides' percentages need not add up
// to 100 (60/40, 60/60, 50/50, 40/40 …). All arithmetic is exact (Fraction).

/** One line of a board: a real NS score, or an artificial score (a percentage for each side). */
export type BoardEntry =
  | { readonly score: number }
  | { readonly nsPercent: Fraction | number; readonly ewPercent: Fraction | number };

/** A board matchpointed for both directions. */
export interface FactoredBoard {
  /** The full top 2(N − 1). */
  readonly top: number;
  /** N: the number of results the board is factored to. */
  readonly expected: number;
  /** n: the number of real results. */
  readonly real: number;
  /** Factored matchpoints of each entry for NS, in entry order. */
  readonly ns: readonly Fraction[];
  /** Factored matchpoints of each entry for EW, in entry order. */
  readonly ew: readonly Fraction[];
  /** Unfactored NS matchpoints of the real results (top 2(n − 1)); null for artificial. */
  readonly nsUnfactored: readonly (number | null)[];
}

/** STD-NEUBERG: F = (MP + 1)·N/n − 1, exactly. */
export function neubergFactor(mp: number, real: number, expected: number): Fraction {
  requireInteger(real, 'real', 'STD-NEUBERG', 1);
  requireInteger(expected, 'expected', 'STD-NEUBERG', real);
  requireInteger(mp, 'mp', 'STD-NEUBERG', 0, matchpointTop(real));
  return Fraction.of((mp + 1) * expected - real, real);
}

const asPercent = (p: Fraction | number, field: string): Fraction => {
  const f = p instanceof Fraction ? p : Fraction.fromDecimal(p);
  if (f.compare(Fraction.ZERO) < 0 || f.compare(Fraction.of(100)) > 0) {
    throw new ScoringInputError(field, 'STD-NEUBERG', `must be a percentage 0–100, got ${f}`);
  }
  return f;
};

/**
 * STD-NEUBERG (with STD-MP): matchpoint one board's entries. `expected` is N (≥ the number of
 * real results); pass the number of real results to matchpoint without factoring.
 */
export function neubergBoard(entries: readonly BoardEntry[], expected: number): FactoredBoard {
  if (!Array.isArray(entries)) {
    throw new ScoringInputError('entries', 'STD-NEUBERG', 'must be a list');
  }
  const realIdx: number[] = [];
  const realScores: number[] = [];
  entries.forEach((e, i) => {
    if ('score' in e) {
      requireInteger(e.score, `entries[${i}].score`, 'STD-MP');
      realIdx.push(i);
      realScores.push(e.score);
    }
  });
  const n = realScores.length;
  requireInteger(expected, 'expected', 'STD-NEUBERG', Math.max(n, 1));
  const top = matchpointTop(expected);
  const fullTop = Fraction.of(top);
  const ns: Fraction[] = new Array<Fraction>(entries.length);
  const ew: Fraction[] = new Array<Fraction>(entries.length);
  const nsUnfactored: (number | null)[] = entries.map(() => null);
  if (n > 0) {
    const mps = matchpointScores(realScores);
    const realTop = matchpointTop(n);
    for (let k = 0; k < n; k++) {
      const i = realIdx[k]!;
      const f = n === expected ? Fraction.of(mps[k]!) : neubergFactor(mps[k]!, n, expected);
      ns[i] = f;
      ew[i] = n === expected ? Fraction.of(realTop - mps[k]!) : fullTop.sub(f);
      nsUnfactored[i] = mps[k]!;
    }
  }
  entries.forEach((e, i) => {
    if (!('score' in e)) {
      ns[i] = asPercent(e.nsPercent, `entries[${i}].nsPercent`).mul(fullTop).div(Fraction.of(100));
      ew[i] = asPercent(e.ewPercent, `entries[${i}].ewPercent`).mul(fullTop).div(Fraction.of(100));
    }
  });
  return { top, expected, real: n, ns, ew, nsUnfactored };
}
