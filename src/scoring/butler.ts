import { ScoringInputError, requireInteger } from './errors';
import { imps } from './imp';
import {
  type ArtificialAward,
  type ButlerDropBand,
  type ScoringSettings,
  DEFAULT_SCORING_SETTINGS,
  fixedAwardPercent,
} from './settings';

// STD-BUTLER: IMPs against a datum. The datum is the mean of the board's NS scores after
// leaving out the top and bottom result(s), rounded to the nearest 10 (halves away from zero);
// each line scores IMP(score − datum) for NS and the negative for EW.

/** STD-BUTLER: how many results to leave out at each end for a board with n results. */
export function butlerDropCount(n: number, bands: readonly ButlerDropBand[]): number {
  let drop = 0;
  let best = -1;
  for (const b of bands) {
    if (b.fromResults <= n && b.fromResults > best) {
      best = b.fromResults;
      drop = b.drop;
    }
  }
  return 2 * drop >= n ? 0 : drop;
}

/** Integer division rounded to the nearest multiple of 10, halves away from zero: sum / count. */
function roundToTen(sum: number, count: number): number {
  const den = 10 * count;
  const a = Math.abs(sum);
  const q = Math.floor((2 * a + den) / (2 * den)); // round(|sum| / den), half up
  return (sum < 0 ? -q : q) * 10 || 0;
}

/**
 * STD-BUTLER: the datum of a board from its real NS scores: leave out `drop` results at each
 * end (by the butlerDrop setting), average the rest and round to the nearest 10, halves away
 * from zero.
 */
export function butlerDatum(
  nsScores: readonly number[],
  settings: Pick<ScoringSettings, 'butlerDrop'> = DEFAULT_SCORING_SETTINGS,
): number {
  if (!Array.isArray(nsScores) || nsScores.length === 0) {
    throw new ScoringInputError('nsScores', 'STD-BUTLER', 'must hold at least one real score');
  }
  nsScores.forEach((s, i) => requireInteger(s, `nsScores[${i}]`, 'STD-BUTLER'));
  const sorted = [...nsScores].sort((a, b) => a - b);
  const drop = butlerDropCount(sorted.length, settings.butlerDrop);
  const kept = sorted.slice(drop, sorted.length - drop);
  const sum = kept.reduce((a, b) => a + b, 0);
  return roundToTen(sum, kept.length);
}

/** STD-BUTLER: IMPs for NS of one score against a datum (EW get the negative). */
export function butlerImps(nsScore: number, datum: number): number {
  requireInteger(nsScore, 'nsScore', 'STD-BUTLER');
  requireInteger(datum, 'datum', 'STD-BUTLER');
  return imps(nsScore - datum);
}

/**
 * STD-BUTLER / STD-CROSSIMP / DSB-16d: IMPs for an artificial score, from the artificialImps
 * setting (50 % → 0; by default 60 → +2, 55 → +1, 45 → −1, 40 → −2). A+, A and A− are read as
 * the fixed average-plus, average and average-minus percentages.
 */
export function artificialImps(
  award: ArtificialAward,
  settings: Pick<
    ScoringSettings,
    'artificialImps' | 'averagePlusPercent' | 'averagePercent' | 'averageMinusPercent'
  > = DEFAULT_SCORING_SETTINGS,
): number {
  const pct = fixedAwardPercent(award, settings as ScoringSettings);
  const v = settings.artificialImps[String(pct)];
  if (v === undefined) {
    throw new ScoringInputError(
      'award',
      'STD-BUTLER',
      `has no IMP value for ${pct} % in the artificialImps setting`,
    );
  }
  return v;
}
