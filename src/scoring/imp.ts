import { requireInteger } from './errors';

/**
 * STD-IMP: lower bounds of the WBF IMP scale: a difference of at least BOUNDS[k-1] points
 * (absolute) is worth at least k IMPs. 0–10:0, 20–40:1, 50–80:2, … 3500–3990:23, 4000+:24.
 */
export const IMP_LOWER_BOUNDS: readonly number[] = [
  20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000,
  2250, 2500, 3000, 3500, 4000,
];

/** STD-IMP: the most IMPs one board can give. */
export const MAX_IMPS = 24;

/**
 * STD-IMP: a score difference (in points, any sign) converted to IMPs on the WBF scale; the
 * sign follows the difference. Differences are normally multiples of 10, but any integer works
 * (the bands are read as "at least the lower bound").
 */
export function imps(difference: number): number {
  requireInteger(difference, 'difference', 'STD-IMP');
  const a = Math.abs(difference);
  // Binary search for the number of lower bounds <= a.
  let lo = 0;
  let hi = IMP_LOWER_BOUNDS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (IMP_LOWER_BOUNDS[mid]! <= a) lo = mid + 1;
    else hi = mid;
  }
  return difference < 0 && lo > 0 ? -lo : lo;
}
