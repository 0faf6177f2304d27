import { ScoringInputError } from './errors';

/** An artificial adjusted score: a percentage, or average-plus / average / average-minus. */
export type ArtificialAward = number | 'A+' | 'A' | 'A-';

/** How many of the highest and of the lowest NS scores the butler datum leaves out. */
export interface ButlerDropBand {
  /** From this many real results on the board (inclusive) … */
  readonly fromResults: number;
  /** … leave out this many at each end. */
  readonly drop: number;
}

/**
 * Every convention that scoring programs differ on, as a named competition setting
 * (RULES.md "Conventions of the leading scoring programs"). See docs/scoring.md.
 */
export interface ScoringSettings {
  /** STD-MP: points per result beaten: 2 (ties 1, top 2(n−1): EBU / Compscore) or 1 (ties ½, top n−1: ACBL). Percentages are the same. */
  readonly matchpointsPerResultBeaten: 1 | 2;
  /** STD-NEUBERG: factor boards with fewer or artificial results ('neuberg'), or score each board on its own top ('none'). */
  readonly factoring: 'neuberg' | 'none';
  /** STD-NEUBERG: N = the largest number of results on any board of the session, or a fixed count (the movement's). */
  readonly neubergExpected: 'max-results' | number;
  /** Law 12C: average-plus/minus are fixed percentages ('fixed') or max/min with the pair's own percentage on its other boards ('law12c'). */
  readonly averagePlusMinus: 'fixed' | 'law12c';
  readonly averagePlusPercent: number;
  readonly averagePercent: number;
  readonly averageMinusPercent: number;
  /** STD-BUTLER: results left out at each end, by field size (the band with the largest fromResults ≤ n applies). */
  readonly butlerDrop: readonly ButlerDropBand[];
  /** STD-BUTLER / STD-CROSSIMP: IMPs for an artificial score, by percentage (DSB-16d: 60→+2, 55→+1, 50→0, 45→−1, 40→−2). */
  readonly artificialImps: Readonly<Record<string, number>>;
  /** STD-CROSSIMP: divide the sum by n − 1 ('n-1') or not at all ('none'). */
  readonly crossImpDivisor: 'n-1' | 'none';
  /** Places: decimals of the percentage (or IMP total) compared for ties. */
  readonly placeDecimals: number;
  /**
   * STD-NEUBERG: a pair's sit-out against a phantom (an artificial line marked
   * `sitOut`) counts in Neuberg's N ('in-field': Compscore) or not ('out-of-field': Pary).
   */
  readonly sitOutLines: 'in-field' | 'out-of-field';
  /**
   * STD-MP: a pair's session percentage is Σ matchpoints / Σ tops
   * ('total-over-tops': Compscore) or the mean of its board percentages ('mean-of-boards': Pary).
   */
  readonly sessionPercentage: 'total-over-tops' | 'mean-of-boards';
  /**
   * STD-MP: the published matchpoint total is the percentage × most boards
   * played × full top ('scaled': Compscore's TOTAL_SCORE) or Σ matchpoints ('sum').
   */
  readonly matchpointTotal: 'scaled' | 'sum';
  /** STD-NEUBERG: how a factored score is rounded before it is added up. */
  readonly factoredRounding: FactoredRounding;
  /**
   * STD-MP: how a pair's published percentage and total are rounded to their decimals: from
   * the exact value ('exact', halves away from zero) or as a program computing in binary
   * floating point prints them ('float64': the nearest double, rounded as it lies — 68.425 is
   * 68.424999… as a double and prints 68.42).
   */
  readonly arithmetic: Arithmetic;
}

/** STD-MP: the arithmetic a published figure is rounded in (`ScoringSettings.arithmetic`). */
export type Arithmetic = 'exact' | 'float64';
export const ARITHMETICS: readonly Arithmetic[] = Object.freeze(['exact', 'float64']);

/**
 * STD-NEUBERG: 'exact' keeps factored scores exact (pairs' figures are
 * rounded once, when published); 'percent-hundredths' holds each result of a factored board
 * as its percentage of the full top rounded to 2 decimals (halves up), then back to
 * matchpoints: a reading inferred from two published Compscore totals, not documented (see
 * docs/scoring.md, "Neuberg rounding").
 */
export type FactoredRounding = 'exact' | 'percent-hundredths';
export const FACTORED_ROUNDINGS: readonly FactoredRounding[] = Object.freeze([
  'exact',
  'percent-hundredths',
]);

/** An artificial IMP award is a multiple of 0.1 IMP (DSB: ±1.2), |v| ≤ 24. */
export function isTenthOfImp(v: unknown): v is number {
  if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > 24) return false;
  return Math.round(v * 10) / 10 === v;
}

/** The defaults: the conventions of the leading scoring programs (RULES.md). */
export const DEFAULT_SCORING_SETTINGS: ScoringSettings = Object.freeze({
  matchpointsPerResultBeaten: 2,
  factoring: 'neuberg',
  neubergExpected: 'max-results',
  averagePlusMinus: 'law12c',
  averagePlusPercent: 60,
  averagePercent: 50,
  averageMinusPercent: 40,
  butlerDrop: Object.freeze([
    Object.freeze({ fromResults: 1, drop: 0 }),
    Object.freeze({ fromResults: 3, drop: 1 }),
  ]),
  artificialImps: Object.freeze({ '60': 2, '55': 1, '50': 0, '45': -1, '40': -2 }),
  crossImpDivisor: 'n-1',
  placeDecimals: 2,
  sitOutLines: 'in-field',
  sessionPercentage: 'total-over-tops',
  matchpointTotal: 'scaled',
  factoredRounding: 'exact',
  arithmetic: 'exact',
} as const);

/** The defaults with some settings overridden; checks what it can. */
export function scoringSettings(overrides: Partial<ScoringSettings> = {}): ScoringSettings {
  const s: ScoringSettings = { ...DEFAULT_SCORING_SETTINGS, ...overrides };
  if (s.matchpointsPerResultBeaten !== 1 && s.matchpointsPerResultBeaten !== 2) {
    throw new ScoringInputError('matchpointsPerResultBeaten', 'STD-MP', 'must be 1 or 2');
  }
  if (s.factoring !== 'neuberg' && s.factoring !== 'none') {
    throw new ScoringInputError('factoring', 'STD-NEUBERG', "must be 'neuberg' or 'none'");
  }
  if (
    s.neubergExpected !== 'max-results' &&
    !(Number.isInteger(s.neubergExpected) && s.neubergExpected >= 1)
  ) {
    throw new ScoringInputError(
      'neubergExpected',
      'STD-NEUBERG',
      "must be 'max-results' or a positive integer",
    );
  }
  if (s.averagePlusMinus !== 'fixed' && s.averagePlusMinus !== 'law12c') {
    throw new ScoringInputError('averagePlusMinus', 'STD-NEUBERG', "must be 'fixed' or 'law12c'");
  }
  for (const k of ['averagePlusPercent', 'averagePercent', 'averageMinusPercent'] as const) {
    const v = s[k];
    if (typeof v !== 'number' || !(v >= 0 && v <= 100)) {
      throw new ScoringInputError(k, 'STD-NEUBERG', 'must be a percentage 0–100');
    }
  }
  if (!Array.isArray(s.butlerDrop) || s.butlerDrop.length === 0) {
    throw new ScoringInputError('butlerDrop', 'STD-BUTLER', 'must be a non-empty list of bands');
  }
  if (s.crossImpDivisor !== 'n-1' && s.crossImpDivisor !== 'none') {
    throw new ScoringInputError('crossImpDivisor', 'STD-CROSSIMP', "must be 'n-1' or 'none'");
  }
  if (!Number.isInteger(s.placeDecimals) || s.placeDecimals < 0 || s.placeDecimals > 6) {
    throw new ScoringInputError('placeDecimals', 'STD-MP', 'must be an integer 0–6');
  }
  const imps = s.artificialImps as unknown;
  if (typeof imps !== 'object' || imps === null || Array.isArray(imps)) {
    throw new ScoringInputError('artificialImps', 'STD-BUTLER', 'must map percentages to IMPs');
  }
  for (const [pct, v] of Object.entries(imps)) {
    if (!isTenthOfImp(v)) {
      throw new ScoringInputError(
        `artificialImps.${pct}`,
        'STD-BUTLER',
        `must be a multiple of 0.1 IMP between −24 and 24, got ${String(v)}`,
      );
    }
  }
  if (s.sitOutLines !== 'in-field' && s.sitOutLines !== 'out-of-field') {
    throw new ScoringInputError(
      'sitOutLines',
      'STD-NEUBERG',
      "must be 'in-field' or 'out-of-field'",
    );
  }
  if (s.sessionPercentage !== 'total-over-tops' && s.sessionPercentage !== 'mean-of-boards') {
    throw new ScoringInputError(
      'sessionPercentage',
      'STD-MP',
      "must be 'total-over-tops' or 'mean-of-boards'",
    );
  }
  if (s.matchpointTotal !== 'scaled' && s.matchpointTotal !== 'sum') {
    throw new ScoringInputError('matchpointTotal', 'STD-MP', "must be 'scaled' or 'sum'");
  }
  if (!FACTORED_ROUNDINGS.includes(s.factoredRounding)) {
    throw new ScoringInputError(
      'factoredRounding',
      'STD-NEUBERG',
      `must be ${FACTORED_ROUNDINGS.map((r) => `'${r}'`).join(' or ')}`,
    );
  }
  if (!ARITHMETICS.includes(s.arithmetic)) {
    throw new ScoringInputError(
      'arithmetic',
      'STD-MP',
      `must be ${ARITHMETICS.map((r) => `'${r}'`).join(' or ')}`,
    );
  }
  return s;
}

/** The percentage an award stands for under `fixed` rules (A+ 60, A 50, A− 40 by default). */
export function fixedAwardPercent(award: ArtificialAward, settings: ScoringSettings): number {
  if (award === 'A+') return settings.averagePlusPercent;
  if (award === 'A') return settings.averagePercent;
  if (award === 'A-') return settings.averageMinusPercent;
  if (typeof award !== 'number' || !(award >= 0 && award <= 100)) {
    throw new ScoringInputError(
      'award',
      'STD-NEUBERG',
      `must be A+, A, A- or 0–100, got ${String(award)}`,
    );
  }
  return award;
}
