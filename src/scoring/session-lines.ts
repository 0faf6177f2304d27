// A session's traveller lines checked and grouped by board (STD-MP input rules), and the
// shapes of a session's result.
import { ScoringInputError, requireInteger } from './errors';
import { Fraction } from './fraction';
import { type ArtificialAward } from './settings';

/**
 * One traveller line: exactly one of a real NS score, an artificial score for each side,
 * points the director awarded, or a weighted assigned score.
 */
export interface TravellerLine {
  readonly board: number;
  readonly nsPair: string;
  readonly ewPair: string;
  /** The score from NS's point of view (Law 77 points). */
  readonly score?: number;
  /** An artificial adjusted score: a percentage or A+ / A / A− for each side. */
  readonly artificial?: { readonly ns: ArtificialAward; readonly ew: ArtificialAward };
  /**
   * Points the director set by hand — matchpoints on the 2-per-result-beaten
   * scale out of `top` (default: the board's full top; another top is scaled to it), or IMPs
   * in an IMP session. Not matchpointed; left out of Neuberg's n like an artificial score.
   */
  readonly awarded?: { readonly ns: number; readonly ew: number; readonly top?: number };
  /**
   * Law 12C1(c): a weighted assigned score, NS scores with weights (> 0,
   * Σ = 1). Each component is scored against the board's other lines and the line's points
   * are the weighted sum, exact. Counts as one result of the field.
   */
  readonly weighted?: ReadonlyArray<{ readonly weight: number; readonly score: number }>;
  /**
   * This artificial line is a pair's sit-out against a phantom (the
   * `sitOutLines` setting decides whether it counts in Neuberg's N).
   */
  readonly sitOut?: boolean;
}

/**
 * The field map: 'two-winner' (Mitchell: NS pairs and EW pairs are separate fields) or
 * 'one-winner' (Howell: one field, a pair plays both directions).
 */
export type Movement = 'two-winner' | 'one-winner';

export type Direction = 'NS' | 'EW';

/** One pair's score on one board. */
export interface PairBoardScore {
  readonly board: number;
  readonly pair: string;
  readonly direction: Direction;
  /** Matchpoints (factored where needed) — or IMPs for an IMP session. */
  readonly score: Fraction;
  /** The board's top for this pair (matchpoints); 0 for IMPs. */
  readonly top: number;
  readonly artificial: boolean;
}

/** One pair's session result. */
export interface PairResult {
  readonly pair: string;
  /** 'NS' or 'EW' in a two-winner movement, 'all' in a one-winner one. */
  readonly field: string;
  readonly boardsPlayed: number;
  /** Σ matchpoints (or IMPs). */
  readonly total: Fraction;
  /** Σ tops over the boards played (matchpoints only). */
  readonly tops: number;
  /** Σ matchpoints / Σ tops × 100, exact (matchpoints only; 0 for IMPs). */
  readonly percentage: Fraction;
  /** The percentage (or, for IMPs, the total) rounded to `placeDecimals`, as published. */
  readonly published: number;
  /** percentage × (largest number of boards played by any pair) × full top / 100. */
  readonly totalScore: Fraction;
  /**
   * The total a program publishes — under matchpointTotal 'scaled'
   * (Compscore's TOTAL_SCORE) percentage × most boards played by a pair of the same field ×
   * full top (`totalScore` in a one-winner movement), under 'sum' `total`; the IMP total in an
   * IMP session.
   */
  readonly publishedTotal: Fraction;
  /** Competition ranking ("1224") within the field on `published`. */
  readonly place: number;
}

export interface SessionResult {
  readonly boards: readonly PairBoardScore[];
  readonly pairs: readonly PairResult[];
  /** The full top of a board (matchpoints) or 0 (IMPs). */
  readonly fullTop: number;
  /** The largest number of boards played by any pair. */
  readonly maxBoardsPlayed: number;
}

/** The lines of a session, checked and grouped by board (RULES.md STD-MP input rules). */
export interface CheckedLines {
  /** Board numbers, ascending. */
  readonly boardNums: number[];
  /**
   * The lines by board (ascending), each board's in input order, four numbers a line: the
   * line's index i (−1 − i for a line without a real score), its NS pair's and its EW pair's
   * index in `pairNames`, and its score (for a line without one, its kind: `KIND_…`).
   */
  readonly recs: number[];
  /** Where each board's lines start in `recs` (four numbers a line), and the end. */
  readonly starts: number[];
  /** Pair names, by first appearance in the input. */
  readonly pairNames: string[];
  /** The largest number of lines on a board. */
  readonly maxLines: number;
  /** The largest number of lines on a board that are not sit-outs. */
  readonly maxFieldLines: number;
  /** Whether any line carries no real score (artificial, awarded or weighted). */
  readonly anyArtificial: boolean;
  /** Whether any line is a sit-out. */
  readonly anySitOut: boolean;
}

// The kind of a line without a real score, in its `recs` score slot.
const KIND_ARTIFICIAL = 0;
export const KIND_SIT_OUT = 1;
const KIND_AWARDED = 2;
export const KIND_WEIGHTED = 3;

function kindOf(l: TravellerLine): number {
  if (l.artificial !== undefined) return l.sitOut === true ? KIND_SIT_OUT : KIND_ARTIFICIAL;
  return l.awarded !== undefined ? KIND_AWARDED : KIND_WEIGHTED;
}

/**
 * The reference check, line by line: throws the first bad line's error in input order (the
 * duplicate-pair check compares a line with the board's earlier lines). Only run when the fast
 * check below has found a problem, so that the error reported is exactly this one.
 */
function reportFirstBadLine(lines: readonly TravellerLine[]): void {
  const byBoard = new Map<number, TravellerLine[]>();
  lines.forEach((l, i) => {
    checkLine(l, i);
    const list = byBoard.get(l.board) ?? [];
    for (const o of list) {
      for (const p of [l.nsPair, l.ewPair]) {
        if (o.nsPair === p || o.ewPair === p) {
          throw new ScoringInputError(
            `lines[${i}]`,
            'STD-MP',
            `pair ${p} appears twice on board ${l.board}`,
          );
        }
      }
    }
    list.push(l);
    byBoard.set(l.board, list);
  });
}

const isInteger = (v: unknown, min: number): boolean =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= Number.MAX_SAFE_INTEGER;

/** One line's own checks, in the order they have always been made. */
function checkLine(l: TravellerLine, i: number): void {
  // requireInteger names the field in its error: only called (to throw) when the check fails.
  if (!isInteger(l.board, 1)) requireInteger(l.board, `lines[${i}].board`, 'STD-MP', 1);
  if (typeof l.nsPair !== 'string' || l.nsPair === '') {
    throw new ScoringInputError(`lines[${i}].nsPair`, 'STD-MP', 'must be a non-empty string');
  }
  if (typeof l.ewPair !== 'string' || l.ewPair === '') {
    throw new ScoringInputError(`lines[${i}].ewPair`, 'STD-MP', 'must be a non-empty string');
  }
  if (l.nsPair === l.ewPair) {
    throw new ScoringInputError(`lines[${i}].ewPair`, 'STD-MP', 'must differ from nsPair');
  }
  const hasScore = l.score !== undefined;
  if (l.awarded !== undefined || l.weighted !== undefined || l.sitOut !== undefined) {
    checkAdjustedLine(l, i);
    return;
  }
  if (hasScore === (l.artificial !== undefined)) {
    throw new ScoringInputError(
      `lines[${i}].score`,
      'STD-MP',
      'a line carries either a score or an artificial score',
    );
  }
  if (hasScore && !isInteger(l.score, Number.MIN_SAFE_INTEGER)) {
    requireInteger(l.score, `lines[${i}].score`, 'STD-SCORE');
  }
}

/** Hundredths are the finest a director's figure or a weight is given in (Law 12C1(c)). */
const isHundredths = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && Math.round(v * 100) / 100 === v;

/** The checks of the line kinds (awarded, weighted, sitOut): off the common path. */
function checkAdjustedLine(l: TravellerLine, i: number): void {
  const kinds = ['score', 'artificial', 'awarded', 'weighted'].filter(
    (k) => l[k as keyof TravellerLine] !== undefined,
  );
  if (kinds.length !== 1) {
    throw new ScoringInputError(
      `lines[${i}]`,
      'STD-MP',
      `a line carries exactly one of score, artificial, awarded, weighted; got ${kinds.join(', ') || 'none'}`,
    );
  }
  if (l.score !== undefined && !isInteger(l.score, Number.MIN_SAFE_INTEGER)) {
    requireInteger(l.score, `lines[${i}].score`, 'STD-SCORE');
  }
  if (
    l.sitOut !== undefined &&
    (typeof l.sitOut !== 'boolean' || (l.sitOut && l.artificial === undefined))
  ) {
    throw new ScoringInputError(
      `lines[${i}].sitOut`,
      'STD-NEUBERG',
      `must be a boolean, true on an artificial line only (a sit-out against a phantom), got ${String(l.sitOut)}`,
    );
  }
  const a = l.awarded;
  if (a !== undefined) {
    if (typeof a !== 'object' || a === null) {
      throw new ScoringInputError(`lines[${i}].awarded`, 'STD-NEUBERG', 'must be { ns, ew, top? }');
    }
    for (const k of ['ns', 'ew'] as const) {
      if (!isHundredths(a[k])) {
        throw new ScoringInputError(
          `lines[${i}].awarded.${k}`,
          'STD-NEUBERG',
          `must be a number with at most 2 decimals, got ${String(a[k])}`,
        );
      }
    }
    if (a.top !== undefined && !(isHundredths(a.top) && a.top > 0)) {
      throw new ScoringInputError(
        `lines[${i}].awarded.top`,
        'STD-NEUBERG',
        `must be a positive number with at most 2 decimals, got ${String(a.top)}`,
      );
    }
  }
  const w = l.weighted;
  if (w !== undefined) {
    if (!Array.isArray(w) || w.length < 1) {
      throw new ScoringInputError(
        `lines[${i}].weighted`,
        'Law 12C1(c)',
        'must be a non-empty list of { weight, score }',
      );
    }
    let sum = 0;
    w.forEach((part: { weight: number; score: number }, j) => {
      const at = `lines[${i}].weighted[${j}]`;
      if (typeof part !== 'object' || part === null) {
        throw new ScoringInputError(at, 'Law 12C1(c)', 'must be { weight, score }');
      }
      if (!(isHundredths(part.weight) && part.weight > 0)) {
        throw new ScoringInputError(
          `${at}.weight`,
          'Law 12C1(c)',
          `must be a positive number with at most 2 decimals, got ${String(part.weight)}`,
        );
      }
      requireInteger(part.score, `${at}.score`, 'STD-SCORE');
      sum += Math.round(part.weight * 100);
    });
    if (sum !== 100) {
      throw new ScoringInputError(
        `lines[${i}].weighted`,
        'Law 12C1(c)',
        `weights must add up to 1, got ${sum / 100}`,
      );
    }
  }
}

/**
 * Checks every line and groups the lines by board. A pair may appear at most once on a board:
 * checked with a stamp per pair (the board it was last seen on), linear, not by comparing
 * lines. On any problem the reference check runs, so the error is the first bad line's, in
 * input order, as it always was.
 */
export function validateLines(lines: readonly TravellerLine[]): CheckedLines {
  if (!Array.isArray(lines)) throw new ScoringInputError('lines', 'STD-MP', 'must be a list');
  const count = lines.length;
  const pairIndex = new Map<string, number>();
  const pairNames: string[] = [];
  const nextNs: number[] = []; // per pair: the NS pair that followed it last time, or −1
  const nextEw: number[] = [];
  let prevNs = -1;
  let prevEw = -1;
  let recs: number[] = [];
  let anyArtificial = false;
  let anySitOut = false;
  // Boards in input order; when the lines come board by board in ascending order (the usual
  // case) these are already the groups.
  let boardNums: number[] = [];
  let starts: number[] = [];
  let inOrder = true;
  let prevBoard = 0;
  try {
    for (let i = 0; i < count; i++) {
      const l = lines[i]!;
      if (l === undefined && !(i in lines)) continue; // a hole: forEach skips it too
      checkLine(l, i);
      // The pairs' indices. Travellers list the pairs in much the same order board after
      // board, so first try the pair that followed the previous line's pair last time (one
      // string comparison), then the map.
      let ns = prevNs < 0 ? -1 : nextNs[prevNs]!;
      if (ns < 0 || pairNames[ns] !== l.nsPair) {
        let found = pairIndex.get(l.nsPair);
        if (found === undefined) {
          found = pairNames.length;
          pairIndex.set(l.nsPair, found);
          pairNames.push(l.nsPair);
          nextNs.push(-1);
          nextEw.push(-1);
        }
        ns = found;
        if (prevNs >= 0) nextNs[prevNs] = ns;
      }
      prevNs = ns;
      let ew = prevEw < 0 ? -1 : nextEw[prevEw]!;
      if (ew < 0 || pairNames[ew] !== l.ewPair) {
        let found = pairIndex.get(l.ewPair);
        if (found === undefined) {
          found = pairNames.length;
          pairIndex.set(l.ewPair, found);
          pairNames.push(l.ewPair);
          nextNs.push(-1);
          nextEw.push(-1);
        }
        ew = found;
        if (prevEw >= 0) nextEw[prevEw] = ew;
      }
      prevEw = ew;
      if (l.board !== prevBoard) {
        if (l.board < prevBoard) inOrder = false;
        boardNums.push(l.board);
        starts.push(recs.length);
        prevBoard = l.board;
      }
      if (l.score === undefined) {
        anyArtificial = true;
        const kind = kindOf(l);
        if (kind === KIND_SIT_OUT) anySitOut = true;
        recs.push(-1 - i, ns, ew, kind);
      } else recs.push(i, ns, ew, l.score);
    }
  } catch (e) {
    reportFirstBadLine(lines);
    throw e;
  }
  starts.push(recs.length);
  if (!inOrder) {
    // Group by board, ascending, each board's lines in input order (a stable sort).
    const lineCount = recs.length / 4;
    const boardOf = (r: number) =>
      lines[recs[4 * r]! < 0 ? -1 - recs[4 * r]! : recs[4 * r]!]!.board;
    const order = Array.from({ length: lineCount }, (_, r) => r).sort(
      (x, y) => boardOf(x) - boardOf(y) || x - y,
    );
    const sorted: number[] = [];
    boardNums = [];
    starts = [];
    for (const r of order) {
      const board = boardOf(r);
      if (board !== boardNums[boardNums.length - 1]) {
        boardNums.push(board);
        starts.push(sorted.length);
      }
      sorted.push(recs[4 * r]!, recs[4 * r + 1]!, recs[4 * r + 2]!, recs[4 * r + 3]!);
    }
    starts.push(sorted.length);
    recs = sorted;
  }
  // A pair twice on a board: stamp each pair with the board it was last seen on.
  const seenOn = new Array<number>(pairNames.length).fill(-1);
  let maxLines = 0;
  let maxFieldLines = 0;
  for (let g = 0; g < boardNums.length; g++) {
    const end = starts[g + 1]!;
    if ((end - starts[g]!) / 4 > maxLines) maxLines = (end - starts[g]!) / 4;
    if (anySitOut) {
      let field = 0;
      for (let k = starts[g]!; k < end; k += 4) {
        if (recs[k]! >= 0 || recs[k + 3] !== KIND_SIT_OUT) field++;
      }
      if (field > maxFieldLines) maxFieldLines = field;
    }
    for (let k = starts[g]!; k < end; k += 4) {
      const ns = recs[k + 1]!;
      const ew = recs[k + 2]!;
      if (seenOn[ns] === g || seenOn[ew] === g) {
        reportFirstBadLine(lines); // throws: a pair appears twice on this board
      }
      seenOn[ns] = g;
      seenOn[ew] = g;
    }
  }
  if (!anySitOut) maxFieldLines = maxLines;
  return {
    boardNums,
    recs,
    starts,
    pairNames,
    maxLines,
    maxFieldLines,
    anyArtificial,
    anySitOut,
  };
}
