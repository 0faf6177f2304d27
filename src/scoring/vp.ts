import { ScoringInputError, requireFinite, requireInteger } from './errors';

// STD-VP: IMP margin → Victory Points. Every scale is held as two tables of integer
// HUNDREDTHS of a VP (the winner's and the loser's award for margins 0, 1, 2, …), so there is
// no floating drift: a value is turned into a number (hundredths / 100) only when returned.

/** The VPs of both sides of a match. */
export interface VpPair {
  /** VPs of the side whose margin was given. */
  readonly own: number;
  /** VPs of its opponents. */
  readonly opponents: number;
}

/** A band of a discrete VP table: margins from `from` IMPs (up to the next band) give these VPs. */
export interface VpBand {
  /** Smallest IMP margin (≥ 0) of the band. */
  readonly from: number;
  readonly winner: number;
  readonly loser: number;
}

/** STD-VP: an IMP-to-VP scale. */
export interface VpScale {
  readonly name: string;
  /** What each side scores at a 0 margin (10 on a 20-VP scale, 15 on the old WBF 25-VP scale). */
  readonly draw: number;
  /** The most one side can score (20 or 25). */
  readonly max: number;
  /** The smallest margin at which the winner gets `max`. */
  readonly blitz: number;
  /** VPs for a signed integer IMP margin (own IMPs minus the opponents'). */
  vp(margin: number): VpPair;
  /**
   * The converse of a VP score: 2·draw − vp, clamped to 0..max (20 − vp on a 20-VP scale;
   * on the 25-VP scale the converse of 3 is 25 and of 25 is 5).
   */
  converse(vp: number): number;
  /**
   * The IMP margin of smallest size that yields `vp` (LCBA-8.1): for vp above the draw, the
   * smallest margin whose award is at least vp; at the draw, 0; below the draw, minus the
   * smallest margin at which the LOSER's award is at most vp (so, exactly vp when vp is a value
   * of the table).
   */
  smallestMarginFor(vp: number): number;
  /** The winner's award for margins 0..blitz, in hundredths (for display and tests). */
  readonly winnerHundredths: readonly number[];
  /** The loser's award for margins 0..blitz, in hundredths. */
  readonly loserHundredths: readonly number[];
}

const toHundredths = (vp: number): number => Math.round(vp * 100);

class HundredthsScale implements VpScale {
  readonly draw: number;
  readonly max: number;
  readonly blitz: number;

  constructor(
    readonly name: string,
    readonly winnerHundredths: readonly number[],
    readonly loserHundredths: readonly number[],
  ) {
    this.draw = winnerHundredths[0]! / 100;
    this.max = winnerHundredths[winnerHundredths.length - 1]! / 100;
    this.blitz = winnerHundredths.indexOf(winnerHundredths[winnerHundredths.length - 1]!);
  }

  vp(margin: number): VpPair {
    requireInteger(margin, 'margin', 'STD-VP');
    const i = Math.min(Math.abs(margin), this.winnerHundredths.length - 1);
    const w = this.winnerHundredths[i]! / 100;
    const l = this.loserHundredths[i]! / 100;
    return margin >= 0 ? { own: w, opponents: l } : { own: l, opponents: w };
  }

  converse(vp: number): number {
    requireFinite(vp, 'vp', 'STD-VP', 0, this.max);
    const c = 2 * toHundredths(this.draw) - toHundredths(vp);
    return Math.min(Math.max(c, 0), toHundredths(this.max)) / 100;
  }

  smallestMarginFor(vp: number): number {
    requireFinite(vp, 'vp', 'STD-VP', 0, this.max);
    const h = toHundredths(vp);
    const drawH = this.winnerHundredths[0]!;
    if (h === drawH) return 0;
    if (h > drawH) return this.winnerHundredths.findIndex((w) => w >= h);
    const m = this.loserHundredths.findIndex((l) => l <= h);
    if (m < 0) {
      throw new ScoringInputError('vp', 'STD-VP', `${vp} is below the least a loser can score`);
    }
    return -m;
  }
}

// ---------------------------------------------------------------------------------------------
// The WBF 2013 continuous 20-VP scale.

const TAU = (Math.sqrt(5) - 1) / 2;
const TAU3 = TAU ** 3;

/**
 * STD-VP: the winner's award (hundredths) of the WBF 2013 continuous scale for N boards, for
 * margins 0..blitz. X = 15·√N; VP = min(20, 10 + 10·(1 − τ^(3I/X)) / (1 − τ³)) rounded to 2
 * decimals; then, wherever the step from I−1 to I is larger than the step before it, VP(I−1)
 * is raised by 0.01, until no step is larger than the one before (the published tables are
 * concave).
 */
export function wbf2013WinnerHundredths(boards: number): number[] {
  requireInteger(boards, 'boards', 'STD-VP', 1, 10_000);
  const x = 15 * Math.sqrt(boards);
  const v: number[] = [];
  for (let i = 0; ; i++) {
    const raw = 10 + (10 * (1 - TAU ** ((3 * i) / x))) / (1 - TAU3);
    const h = Math.min(2000, Math.round(raw * 100));
    v.push(h);
    if (h >= 2000) break;
  }
  // Concavity repair. Each pass raises some VP(I−1) by one hundredth; values stay below the
  // next one and below 2000, so the loop ends.
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 2; i < v.length; i++) {
      if (v[i]! - v[i - 1]! > v[i - 1]! - v[i - 2]!) {
        v[i - 1]! += 1;
        changed = true;
      }
    }
  }
  return v;
}

const wbfCache = new Map<number, VpScale>();

/** STD-VP: the WBF 2013 continuous 20-VP scale for a match of `boards` boards. */
export function wbf2013Scale(boards: number): VpScale {
  let scale = wbfCache.get(boards);
  if (!scale) {
    const winner = wbf2013WinnerHundredths(boards);
    scale = new HundredthsScale(
      `WBF 2013 continuous, ${boards} boards`,
      winner,
      winner.map((w) => 2000 - w),
    );
    wbfCache.set(boards, scale);
  }
  return scale;
}

// ---------------------------------------------------------------------------------------------
// Discrete scales given as tables.

function validateBands(name: string, bands: readonly VpBand[]): void {
  if (!Array.isArray(bands) || bands.length === 0) {
    throw new ScoringInputError('bands', 'STD-VP', `of ${name} must be a non-empty list`);
  }
  if (bands[0]!.from !== 0) {
    throw new ScoringInputError('bands', 'STD-VP', `of ${name} must start at a margin of 0`);
  }
  if (bands[0]!.winner !== bands[0]!.loser) {
    throw new ScoringInputError('bands', 'STD-VP', `of ${name} must start with a draw`);
  }
  bands.forEach((b, i) => {
    requireInteger(b.from, `bands[${i}].from`, 'STD-VP', 0);
    requireFinite(b.winner, `bands[${i}].winner`, 'STD-VP', 0);
    requireFinite(b.loser, `bands[${i}].loser`, 'STD-VP', 0, b.winner);
    if (i > 0) {
      const p = bands[i - 1]!;
      if (b.from <= p.from || b.winner < p.winner || b.loser > p.loser) {
        throw new ScoringInputError(
          `bands[${i}]`,
          'STD-VP',
          `of ${name} must have increasing margins, a winner's award that never falls and a loser's that never rises`,
        );
      }
    }
  });
}

/**
 * STD-VP: a discrete scale given as a table of bands (as printed on a match result form).
 * The last band is open-ended ("50+").
 */
export function tableVpScale(name: string, bands: readonly VpBand[]): VpScale {
  validateBands(name, bands);
  const last = bands[bands.length - 1]!.from;
  const winner: number[] = [];
  const loser: number[] = [];
  let b = 0;
  for (let m = 0; m <= last; m++) {
    while (b + 1 < bands.length && bands[b + 1]!.from <= m) b++;
    winner.push(toHundredths(bands[b]!.winner));
    loser.push(toHundredths(bands[b]!.loser));
  }
  return new HundredthsScale(name, winner, loser);
}

/** Bands from "from–to → winner-loser" rows of a 20-VP table: loser = 20 − winner. */
function twentyVpBands(froms: readonly number[]): VpBand[] {
  return froms.map((from, i) => ({ from, winner: 10 + i, loser: 10 - i }));
}

/**
 * STD-VP: the EBU 20-VP scale used before 2013, 24 boards (RULES.md): 0–1 → 10-10, 2–4 → 11-9,
 * 5–8 → 12-8, 9–12 → 13-7, 13–17 → 14-6, 18–22 → 15-5, 23–28 → 16-4, 29–34 → 17-3,
 * 35–41 → 18-2, 42–49 → 19-1, 50+ → 20-0.
 */
export const EBU_PRE2013_BANDS: Readonly<Record<number, readonly VpBand[]>> = {
  24: twentyVpBands([0, 2, 5, 9, 13, 18, 23, 29, 35, 42, 50]),
};

/**
 * STD-VP: the EBU pre-2013 20-VP scale for a board count. Only the 24-board table is in the
 * rulebook; other board counts are refused until their table is supplied (use tableVpScale).
 */
export function ebuPre2013Scale(boards: number): VpScale {
  requireInteger(boards, 'boards', 'STD-VP', 1);
  const bands = EBU_PRE2013_BANDS[boards];
  if (!bands) {
    throw new ScoringInputError(
      'boards',
      'STD-VP',
      `has no EBU pre-2013 table for ${boards} boards (known: ${Object.keys(EBU_PRE2013_BANDS).join(', ')})`,
    );
  }
  return tableVpScale(`EBU 20-VP (pre-2013), ${boards} boards`, bands);
}

/**
 * STD-VP: the old WBF 25-VP scale ("the 15-15 scale" of the NZ club) for a board count, from
 * the table the competition publishes. We did not find the WBF's own tables to verify, so none
 * is built in: the caller supplies the margins. The scale's shape is checked: it starts at
 * 15-15, the winner's award rises to 25 with the loser's falling as 30 − winner, and from 25-5
 * the loser alone falls (25-4 … 25-0).
 *
 * `winnerFroms[k]` is the smallest margin giving 15+k to the winner (k = 0..10, 15..25);
 * `loserFroms[j]` the smallest margin giving the loser 4−j (25-4, 25-3, …, 25-0), may be empty.
 */
export function oldWbf25Scale(
  boards: number,
  winnerFroms: readonly number[],
  loserFroms: readonly number[] = [],
): VpScale {
  requireInteger(boards, 'boards', 'STD-VP', 1);
  if (winnerFroms.length !== 11) {
    throw new ScoringInputError(
      'winnerFroms',
      'STD-VP',
      `must give 11 margins (15-15 … 25-5), got ${winnerFroms.length}`,
    );
  }
  if (loserFroms.length > 5) {
    throw new ScoringInputError(
      'loserFroms',
      'STD-VP',
      'must give at most 5 margins (25-4 … 25-0)',
    );
  }
  const bands: VpBand[] = [
    ...winnerFroms.map((from, k) => ({ from, winner: 15 + k, loser: 15 - k })),
    ...loserFroms.map((from, j) => ({ from, winner: 25, loser: 4 - j })),
  ];
  return tableVpScale(`Old WBF 25-VP (15-15), ${boards} boards`, bands);
}
