import { requireInteger } from './errors';
import { imps } from './imp';
import { DEFAULT_SCORING_SETTINGS, type ScoringSettings } from './settings';

// STD-CROSSIMP: each result IMPed against every other real result of its direction:
// Σ IMP(own − other) divided by (n − 1) (setting: or not divided), kept to 2 decimals.

/** Round sum/divisor to hundredths, halves away from zero, from integers (exact). */
function hundredths(sum: number, divisor: number): number {
  const a = Math.abs(sum) * 100;
  const q = Math.floor((2 * a + divisor) / (2 * divisor));
  return sum < 0 ? -q : q;
}

/**
 * STD-CROSSIMP: the cross-IMP score of each NS score on a board (EW get the negatives), in
 * order, rounded to 2 decimals. A board with one real result scores 0.
 */
export function crossImps(
  nsScores: readonly number[],
  settings: Pick<ScoringSettings, 'crossImpDivisor'> = DEFAULT_SCORING_SETTINGS,
): number[] {
  nsScores.forEach((s, i) => requireInteger(s, `nsScores[${i}]`, 'STD-CROSSIMP'));
  const n = nsScores.length;
  return nsScores.map((own, i) => {
    let sum = 0;
    for (let j = 0; j < n; j++) if (j !== i) sum += imps(own - nsScores[j]!);
    const divisor = settings.crossImpDivisor === 'none' ? 1 : Math.max(n - 1, 1);
    return hundredths(sum, divisor) / 100 || 0;
  });
}

/** STD-CROSSIMP: the cross-IMP score in integer hundredths (for exact totals). */
export function crossImpsHundredths(
  nsScores: readonly number[],
  settings: Pick<ScoringSettings, 'crossImpDivisor'> = DEFAULT_SCORING_SETTINGS,
): number[] {
  return crossImps(nsScores, settings).map((x) => Math.round(x * 100));
}
