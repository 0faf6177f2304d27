import {
  ARITHMETICS,
  DEFAULT_SCORING_SETTINGS,
  FACTORED_ROUNDINGS,
  type Arithmetic,
  type FactoredRounding,
  type ScoringSettings,
  isTenthOfImp,
} from '../scoring/settings';
import type { Json, Params } from './params';

/**
 * The `scoring` parameter group every preset carries: a club's conventions for sessions scored
 * from board results (RULES.md STD, "Conventions of the leading scoring programs, each a
 * competition setting"), one parameter per `ScoringSettings` field of src/scoring. Plain JSON,
 * so that an amendment (`scoring.factoring: 'none'`) changes it from a date.
 */
export type ScoringParams = {
  /** STD-MP: 2 per result beaten (tie 1) or 1 (tie ½); percentages are the same. */
  matchpointsPerResultBeaten: 1 | 2;
  /** STD-NEUBERG: 'neuberg' factors boards with fewer or artificial results; 'none' does not. */
  factoring: 'neuberg' | 'none';
  /** STD-NEUBERG: N = the most results on any board ('max-results') or a fixed count. */
  neubergExpected: 'max-results' | number;
  /** Law 12C: average-plus/minus as max/min with the pair's own percentage, or fixed 60/40. */
  averagePlusMinus: 'fixed' | 'law12c';
  averagePlusPercent: number;
  averagePercent: number;
  averageMinusPercent: number;
  /** STD-BUTLER: results left out at each end, by field size. */
  butlerDrop: Array<{ fromResults: number; drop: number }>;
  /** STD-BUTLER / STD-CROSSIMP: IMPs for an artificial score, by percentage. */
  artificialImps: { [percent: string]: number };
  /** STD-CROSSIMP: divide by n − 1 or not at all. */
  crossImpDivisor: 'n-1' | 'none';
  /** Places compare the percentage rounded to this many decimals. */
  placeDecimals: number;
  /** STD-NEUBERG: a sit-out against a phantom counts in N, or not (Pary). */
  sitOutLines: 'in-field' | 'out-of-field';
  /** STD-MP: Σ matchpoints / Σ tops, or the mean of board percentages (Pary). */
  sessionPercentage: 'total-over-tops' | 'mean-of-boards';
  /** STD-MP: published total = percentage × most boards × full top, or Σ. */
  matchpointTotal: 'scaled' | 'sum';
  /** STD-NEUBERG: how a factored score is rounded before it is added up. */
  factoredRounding: FactoredRounding;
  /** STD-MP: published figures rounded from the exact value, or from the double (a program's). */
  arithmetic: Arithmetic;
};

/**
 * Parameters added after groups were first stored: a whole `scoring` group written
 * before them may lack them, and the engine's default applies (scoringSettingsOf).
 */
const ADDED_LATER: ReadonlySet<string> = new Set([
  'sitOutLines',
  'sessionPercentage',
  'matchpointTotal',
  'factoredRounding',
  'arithmetic',
]);

/**
 * The engine's defaults as a preset's `scoring` group: a fresh, unfrozen JSON copy, so that a
 * preset starts from the conventions the engine scores by and states only where it differs.
 */
export const engineScoringParams = (): ScoringParams =>
  JSON.parse(JSON.stringify(DEFAULT_SCORING_SETTINGS)) as ScoringParams;

/** Paths whose value may be of more than one kind (a keyword or a count). */
export const SCORING_PARAM_KINDS: Readonly<Record<string, readonly string[]>> = {
  'scoring.neubergExpected': ['string', 'number'],
};

const isInt = (v: Json, min: number, max = Number.MAX_SAFE_INTEGER) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const isPercent = (v: Json) => typeof v === 'number' && v >= 0 && v <= 100;
const oneOf =
  (...values: Json[]) =>
  (v: Json) =>
    values.includes(v)
      ? undefined
      : `must be ${values.map((x) => JSON.stringify(x)).join(' or ')}, not ${JSON.stringify(v)}`;

/** Each parameter's check: undefined when the value is allowed, else what is wrong. */
const CHECKS: Record<keyof ScoringParams, (v: Json) => string | undefined> = {
  matchpointsPerResultBeaten: oneOf(1, 2),
  factoring: oneOf('neuberg', 'none'),
  neubergExpected: (v) =>
    v === 'max-results' || isInt(v, 1)
      ? undefined
      : `must be "max-results" or a positive integer, not ${JSON.stringify(v)}`,
  averagePlusMinus: oneOf('fixed', 'law12c'),
  averagePlusPercent: (v) => (isPercent(v) ? undefined : 'must be a percentage 0–100'),
  averagePercent: (v) => (isPercent(v) ? undefined : 'must be a percentage 0–100'),
  averageMinusPercent: (v) => (isPercent(v) ? undefined : 'must be a percentage 0–100'),
  butlerDrop: (v) =>
    Array.isArray(v) &&
    v.length > 0 &&
    v.every(
      (b) =>
        typeof b === 'object' &&
        b !== null &&
        !Array.isArray(b) &&
        Object.keys(b).length === 2 &&
        isInt(b.fromResults ?? null, 1) &&
        isInt(b.drop ?? null, 0),
    )
      ? undefined
      : 'must be a non-empty list of { fromResults: integer ≥ 1, drop: integer ≥ 0 }',
  artificialImps: (v) =>
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.entries(v).every(
      // The engine looks a percentage up as String(60), String(47.5): a key must be spelled so.
      ([pct, imps]) => String(Number(pct)) === pct && isPercent(Number(pct)) && isTenthOfImp(imps),
    )
      ? undefined
      : 'must map percentages 0–100, written as numbers are (60, 47.5; not 60.0 or 060), to IMPs in tenths (−24 … 24: 2, 1.2, −0.5)',
  crossImpDivisor: oneOf('n-1', 'none'),
  placeDecimals: (v) => (isInt(v, 0, 6) ? undefined : 'must be an integer 0–6'),
  sitOutLines: oneOf('in-field', 'out-of-field'),
  sessionPercentage: oneOf('total-over-tops', 'mean-of-boards'),
  matchpointTotal: oneOf('scaled', 'sum'),
  factoredRounding: oneOf(...FACTORED_ROUNDINGS),
  arithmetic: oneOf(...ARITHMETICS),
};

/**
 * What is wrong with a `scoring` group, as a dotted path and a message, or undefined. Checked
 * value by value (a kind check alone would let `scoring.factoring: 'neubreg'` through).
 */
export function scoringParamsIssue(
  group: Json | undefined,
): { path: string; message: string } | undefined {
  if (typeof group !== 'object' || group === null || Array.isArray(group)) {
    return { path: 'scoring', message: 'must be an object of scoring settings' };
  }
  for (const key of Object.keys(group)) {
    if (!(key in CHECKS)) return { path: `scoring.${key}`, message: 'no such parameter' };
  }
  for (const [key, check] of Object.entries(CHECKS)) {
    if (!(key in group)) {
      if (ADDED_LATER.has(key)) continue;
      return { path: `scoring.${key}`, message: 'is missing' };
    }
    const message = check(group[key]);
    if (message) return { path: `scoring.${key}`, message };
  }
  return undefined;
}

/**
 * The scoring engine's settings under a rulebook's parameters: its `scoring` group, or the
 * engine's defaults for parameters that have none (a test preset).
 */
export function scoringSettingsOf(params: Params): ScoringSettings {
  const group = params.scoring as ScoringParams | undefined;
  return group ? { ...DEFAULT_SCORING_SETTINGS, ...group } : DEFAULT_SCORING_SETTINGS;
}
