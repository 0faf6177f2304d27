// What both kinds of session share: fields, places ("1224") per field, pairs' running sums.
import { ScoringInputError } from './errors';
import { Fraction } from './fraction';

import { Direction, Movement, PairBoardScore, PairResult } from './session-lines';

export function fieldOf(movement: Movement, direction: Direction): string {
  if (movement === 'one-winner') return 'all';
  if (movement === 'two-winner') return direction;
  throw new ScoringInputError('movement', 'STD-MP', "must be 'two-winner' or 'one-winner'");
}

/** A pair result before its place. */
export type Unplaced = { -readonly [K in keyof PairResult]: PairResult[K] };

/**
 * Places ("1224", as `competitionRanks`) per field on `published`; the pairs sorted by field,
 * then place, ties in the order given (as a stable sort by field and place would give them).
 */
export function place(rows: Unplaced[]): PairResult[] {
  const fieldRows = new Map<string, Unplaced[]>();
  for (const r of rows) {
    const list = fieldRows.get(r.field);
    if (list === undefined) fieldRows.set(r.field, [r]);
    else list.push(r);
  }
  const fields = [...fieldRows.keys()].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const out: PairResult[] = [];
  for (const f of fields) {
    const inField = fieldRows.get(f)!;
    // Highest first, equal values in the order given: equal values share the best place.
    const order = inField
      .map((_, i) => i)
      .sort((x, y) => inField[y]!.published - inField[x]!.published);
    for (let pos = 0; pos < order.length; pos++) {
      const r = inField[order[pos]!]!;
      const prev = pos > 0 ? inField[order[pos - 1]!]! : undefined;
      r.place = prev !== undefined && prev.published === r.published ? prev.place : pos + 1;
      out.push(r);
    }
  }
  return out;
}

export interface Acc {
  pair: string;
  field: string;
  boards: number;
  total: Fraction;
  tops: number;
}

export function addTo(
  accs: Map<string, Acc>,
  movement: Movement,
  pair: string,
  direction: Direction,
  score: Fraction,
  top: number,
): void {
  const field = fieldOf(movement, direction);
  const a = accs.get(pair);
  if (a && a.field !== field) throw bothDirections(pair);
  if (a) {
    a.boards += 1;
    a.total = a.total.add(score);
    a.tops += top;
  } else accs.set(pair, { pair, field, boards: 1, total: score, tops: top });
}

export const bothDirections = (pair: string) =>
  new ScoringInputError(
    'movement',
    'STD-MP',
    `pair ${pair} plays both directions in a two-winner movement`,
  );

// Small whole numbers and halves as shared fractions (immutable): most board scores and many
// totals are one of them.
const CACHED = 8192;
const wholes: Fraction[] = [];
const halves: Fraction[] = [];

/** v / den exactly, for integers v and den (den 1 or 2 from the cache when v is small). */
export function fractionOf(v: number, den: number): Fraction {
  if (v >= 0 && v < CACHED) {
    if (den === 1) {
      while (wholes.length <= v) wholes.push(Fraction.of(wholes.length));
      return wholes[v]!;
    }
    if (den === 2) {
      while (halves.length <= v) halves.push(Fraction.of(halves.length, 2));
      return halves[v]!;
    }
  }
  return Fraction.of(v, den);
}

/**
 * `Fraction.of(num, den).round(decimals)` for safe integers num ≥ 0 and den > 0, in plain
 * numbers when every intermediate is a safe integer (halves away from zero, exact).
 */
export function roundRatio(
  num: number,
  den: number,
  decimals: number,
  exact: () => Fraction,
): number {
  const scale = 10 ** decimals;
  const a = 2 * num * scale + den;
  const b = 2 * den;
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b)) return exact().round(decimals);
  let q = Math.floor(a / b);
  if (q * b > a) q -= 1;
  else if ((q + 1) * b <= a) q += 1;
  return q / scale;
}

/** A pair's score on one board (`PairBoardScore`), one shape for every board scored. */
export class BoardScore implements PairBoardScore {
  constructor(
    readonly board: number,
    readonly pair: string,
    readonly direction: Direction,
    readonly score: Fraction,
    readonly top: number,
    readonly artificial: boolean,
  ) {}
}

/** One pair's running sums on the 2/1 scale, and its field. */
export interface PairSum {
  readonly pair: string;
  readonly field: string;
  played: number;
  /** Σ top. */
  top: number;
  /** Σ whole matchpoints. */
  whole: number;
  /** Σ the rest (factored and artificial scores), exact. */
  part: Fraction | undefined;
  /** Item 10 ('mean-of-boards' only): Σ score / top over the boards with a top. */
  share: Fraction | undefined;
  shareBoards: number;
}

/** round(10000 · num / (den · top)), halves up, for num ≥ 0: hundredths of a percent. */
export function hundredthsOfPercent(num: number, den: number, top: number): number {
  return Math.floor((20000 * num + den * top) / (2 * den * top));
}
