import { ScoringInputError, requireInteger } from './errors';
import { Fraction } from './fraction';
import { matchpointScoresInto, matchpointTop } from './matchpoints';
import { butlerDatum, artificialImps } from './butler';
import { imps } from './imp';
import { type ArtificialAward, type ScoringSettings, scoringSettings } from './settings';

// A session's result from its traveller lines: STD-MP with STD-NEUBERG for matchpoint pairs,
// STD-BUTLER or STD-CROSSIMP for IMP pairs, and places per field (RULES.md conventions).

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
interface CheckedLines {
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
const KIND_SIT_OUT = 1;
const KIND_AWARDED = 2;
const KIND_WEIGHTED = 3;

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
function validateLines(lines: readonly TravellerLine[]): CheckedLines {
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

function fieldOf(movement: Movement, direction: Direction): string {
  if (movement === 'one-winner') return 'all';
  if (movement === 'two-winner') return direction;
  throw new ScoringInputError('movement', 'STD-MP', "must be 'two-winner' or 'one-winner'");
}

/** A pair result before its place. */
type Unplaced = { -readonly [K in keyof PairResult]: PairResult[K] };

/**
 * Places ("1224", as `competitionRanks`) per field on `published`; the pairs sorted by field,
 * then place, ties in the order given (as a stable sort by field and place would give them).
 */
function place(rows: Unplaced[]): PairResult[] {
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

interface Acc {
  pair: string;
  field: string;
  boards: number;
  total: Fraction;
  tops: number;
}

function addTo(
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

const bothDirections = (pair: string) =>
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
function fractionOf(v: number, den: number): Fraction {
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
function roundRatio(num: number, den: number, decimals: number, exact: () => Fraction): number {
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
class BoardScore implements PairBoardScore {
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
interface PairSum {
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
function hundredthsOfPercent(num: number, den: number, top: number): number {
  return Math.floor((20000 * num + den * top) / (2 * den * top));
}

/**
 * One matchpoint session's boards, worked through in two passes per board.
 *
 * Pass 1 (`realResults`): a board's real results (their matchpoints do not depend on the
 * artificial ones). Per line, NS and EW matchpoints on the 2/1 scale as numerator and
 * denominator, three numbers a line in `values`: denominator 1 when unfactored (or when the
 * factored value is whole), n when factored, 0 for a line without a result (an artificial or
 * awarded score, scored in pass 2). A board with a weighted score (Law 12C1(c)) is worked in
 * ten-thousandths (weights are hundredths, and two weighted lines meet as their product).
 *
 * Pass 2 (`boardScores`), in board order: artificial scores, the board scores and the per-pair
 * sums. Law 12C needs each pair's own result on all its real boards before an artificial
 * score is worked out, so a session with artificial scores runs pass 1 over every board
 * first; otherwise each board goes through both passes at once, reusing `values`.
 */
class MatchpointSession {
  readonly boardTop: number[] = [];
  readonly values: number[] = [];
  private readonly scores: number[] = [];
  private readonly mps: number[] = [];
  /** Law 12C: each pair's own matchpoints and tops on its real boards (artificial sessions). */
  private readonly realWhole: number[];
  private readonly realPart: (Fraction | undefined)[] = [];
  private readonly realTop: number[];
  /** Scores and tops are halved (`unitDen` 2) for 1 per result beaten. */
  readonly unitDen: number;
  private readonly unit: Fraction;
  readonly boards: PairBoardScore[];
  private readonly sums: (PairSum | undefined)[];
  /** The pairs' sums in the order the pairs were first met in pass 2. */
  readonly met: PairSum[] = [];
  private readonly nsField: string;
  private readonly ewField: string;
  /** A factored score held as its percentage of the top to 2 decimals. */
  private readonly percentHundredths: boolean;
  /** Each pair's board percentages are added up as well. */
  private readonly meanOfBoards: boolean;
  /** A sit-out line is not counted among a board's lines. */
  private readonly sitOutsOutOfField: boolean;

  constructor(
    private readonly lines: readonly TravellerLine[],
    private readonly checked: CheckedLines,
    movement: Movement,
    private readonly settings: ScoringSettings,
    private readonly noFactoring: boolean,
    private readonly fixedExpected: number,
  ) {
    const pairCount = checked.pairNames.length;
    const law12c = checked.anyArtificial;
    this.realWhole = law12c ? new Array<number>(pairCount).fill(0) : [];
    this.realTop = law12c ? new Array<number>(pairCount).fill(0) : [];
    this.unitDen = settings.matchpointsPerResultBeaten === 1 ? 2 : 1;
    this.unit = Fraction.of(1, this.unitDen);
    this.boards = [];
    this.sums = new Array<PairSum | undefined>(pairCount);
    this.nsField = fieldOf(movement, 'NS');
    this.ewField = fieldOf(movement, 'EW');
    this.percentHundredths = settings.factoredRounding === 'percent-hundredths';
    this.meanOfBoards = settings.sessionPercentage === 'mean-of-boards';
    this.sitOutsOutOfField = settings.sitOutLines === 'out-of-field';
  }

  /** Pass 1 for board g, its values written from `at`. */
  realResults(g: number, at: number): void {
    const { recs, starts } = this.checked;
    const { values, scores, mps } = this;
    const first = starts[g]!;
    const end = starts[g + 1]!;
    let n = 0;
    let weighted = 0;
    let sitOuts = 0;
    for (let k = first; k < end; k += 4) {
      if (recs[k]! >= 0) scores[n++] = recs[k + 3]!;
      else if (recs[k + 3] === KIND_WEIGHTED) weighted++;
      else if (recs[k + 3] === KIND_SIT_OUT) sitOuts++;
    }
    // A weighted score is one result of the field (Law 12C1(c)); artificial and awarded are not.
    const results = n + weighted;
    const expected = this.noFactoring
      ? results > 0
        ? results
        : (end - first) / 4 - (this.sitOutsOutOfField ? sitOuts : 0)
      : this.fixedExpected;
    const top = matchpointTop(expected);
    this.boardTop[g] = top;
    if (weighted > 0) {
      this.weightedBoard(g, at, results, expected, top);
      return;
    }
    if (n > 0) matchpointScoresInto(scores, n, mps);
    const realTopN = matchpointTop(n);
    const law12c = this.checked.anyArtificial;
    let r = 0;
    for (let k = first; k < end; k += 4, at += 3) {
      if (recs[k]! < 0) {
        values[at] = 0;
        values[at + 1] = 0;
        values[at + 2] = 0;
        continue;
      }
      const mp = mps[r++]!;
      let ns: number;
      let ew: number;
      let d = 1;
      if (n === expected) {
        ns = mp;
        ew = realTopN - mp;
      } else {
        // STD-NEUBERG: F = ((MP + 1)·N − n) / n on the full top; EW = top − F.
        const f = (mp + 1) * expected - n;
        if (this.percentHundredths) {
          ns = hundredthsOfPercent(f, n, top) * top;
          ew = hundredthsOfPercent(top * n - f, n, top) * top;
          d = 10000;
        } else if (f % n === 0) {
          ns = f / n;
          ew = top - ns;
        } else {
          ns = f;
          ew = top * n - f;
          d = n;
        }
      }
      values[at] = ns;
      values[at + 1] = ew;
      values[at + 2] = d;
      if (law12c) this.addReal(recs[k + 1]!, recs[k + 2]!, ns, ew, d, top);
    }
  }

  /**
   * Pass 1 for a board with a weighted score (Law 12C1(c)): every result is
   * a set of NS scores with weights (a real one: one score, weight 1), and a result scores,
   * per pair of components, weight × weight × 2 for beating the other, × 1 for a tie. The
   * weighted line thus scores each of its components against the other results, weighted;
   * the others score against it as a result split by the weights. In ten-thousandths.
   */
  private weightedBoard(g: number, at: number, results: number, expected: number, top: number) {
    const { recs, starts } = this.checked;
    const values = this.values;
    const first = starts[g]!;
    const end = starts[g + 1]!;
    const parts: { at: number; k: number; w: number[]; s: number[] }[] = [];
    for (let k = first, a = at; k < end; k += 4, a += 3) {
      if (recs[k]! >= 0) parts.push({ at: a, k, w: [100], s: [recs[k + 3]!] });
      else if (recs[k + 3] === KIND_WEIGHTED) {
        const w = this.lines[-1 - recs[k]!]!.weighted!;
        parts.push({
          at: a,
          k,
          w: w.map((p) => Math.round(p.weight * 100)),
          s: w.map((p) => p.score),
        });
      } else {
        values[a] = 0;
        values[a + 1] = 0;
        values[a + 2] = 0;
      }
    }
    const resultsTop = matchpointTop(results) * 10000;
    const law12c = this.checked.anyArtificial;
    for (const l of parts) {
      let x = 0; // matchpoints × 10000 against the other results
      for (const o of parts) {
        if (o === l) continue;
        for (let i = 0; i < l.s.length; i++) {
          for (let j = 0; j < o.s.length; j++) {
            const a = l.s[i]!;
            const b = o.s[j]!;
            if (a >= b) x += l.w[i]! * o.w[j]! * (a > b ? 2 : 1);
          }
        }
      }
      let ns: number;
      let ew: number;
      let d = 10000;
      if (results === expected) {
        ns = x;
        ew = resultsTop - x;
      } else {
        // STD-NEUBERG on MP = x / 10000: F = ((x + 10000)·N − n·10000) / (n·10000).
        d = results * 10000;
        ns = (x + 10000) * expected - d;
        ew = top * d - ns;
        if (this.percentHundredths) {
          ns = hundredthsOfPercent(ns, d, top) * top;
          ew = hundredthsOfPercent(ew, d, top) * top;
          d = 10000;
        }
      }
      values[l.at] = ns;
      values[l.at + 1] = ew;
      values[l.at + 2] = d;
      if (law12c) this.addReal(recs[l.k + 1]!, recs[l.k + 2]!, ns, ew, d, top);
    }
  }

  private addReal(nsPair: number, ewPair: number, ns: number, ew: number, d: number, top: number) {
    const { realWhole, realPart, realTop } = this;
    if (d === 1) {
      realWhole[nsPair] += ns;
      realWhole[ewPair] += ew;
    } else {
      const nsPart = Fraction.of(ns, d);
      const ewPart = Fraction.of(ew, d);
      realPart[nsPair] = realPart[nsPair]?.add(nsPart) ?? nsPart;
      realPart[ewPair] = realPart[ewPair]?.add(ewPart) ?? ewPart;
    }
    realTop[nsPair] += top;
    realTop[ewPair] += top;
  }

  /** Law 12C: an award as a percentage, A+ / A− against the pair's own on its real boards. */
  private percentOf(p: number, award: ArtificialAward): Fraction {
    const settings = this.settings;
    const fixed = (v: number) => Fraction.fromDecimal(v);
    if (typeof award === 'number') {
      if (!(award >= 0 && award <= 100)) {
        throw new ScoringInputError('artificial', 'STD-NEUBERG', `must be 0–100, got ${award}`);
      }
      return fixed(award);
    }
    if (award === 'A') return fixed(settings.averagePercent);
    if (award !== 'A+' && award !== 'A-') {
      throw new ScoringInputError('artificial', 'STD-NEUBERG', `unknown award ${String(award)}`);
    }
    const base = fixed(award === 'A+' ? settings.averagePlusPercent : settings.averageMinusPercent);
    const ownTop = this.realTop[p]!;
    if (settings.averagePlusMinus === 'fixed' || ownTop === 0) return base;
    const ownWhole = Fraction.of(this.realWhole[p]!);
    const ownPart = this.realPart[p];
    const ownMp = ownPart ? ownWhole.add(ownPart) : ownWhole;
    const ownPct = ownMp.mulInt(100).div(Fraction.of(ownTop));
    return award === 'A+' ? Fraction.max(base, ownPct) : Fraction.min(base, ownPct);
  }

  /**
   * The director's points on the 2/1 scale, out of `top` (default the board's
   * full top), scaled to the board's full top.
   */
  private awardedPart(line: number, side: 'ns' | 'ew', rawTop: number): Fraction {
    const a = this.lines[line]!.awarded!;
    const given = a.top ?? rawTop;
    const v = a[side];
    if (!(v >= 0 && v <= given)) {
      throw new ScoringInputError(
        `lines[${line}].awarded.${side}`,
        'STD-NEUBERG',
        `must be between 0 and the top ${given}, got ${v}`,
      );
    }
    const points = Fraction.fromDecimal(v, 2);
    if (given === rawTop || given === 0) return points;
    return points.mulInt(rawTop).div(Fraction.fromDecimal(given, 2));
  }

  /** Pass 2 for board g, its values read from `at`. */
  boardScores(g: number, at: number): void {
    const { recs, starts, boardNums, pairNames } = this.checked;
    const { values, unitDen, boards, sums, nsField, ewField, meanOfBoards } = this;
    const end = starts[g + 1]!;
    const b = boardNums[g]!;
    const rawTop = this.boardTop[g]!;
    const top = rawTop / unitDen;
    for (let k = starts[g]!; k < end; k += 4, at += 3) {
      const nsPair = recs[k + 1]!;
      const ewPair = recs[k + 2]!;
      const nsValue = values[at]!;
      const ewValue = values[at + 1]!;
      const d = values[at + 2]!;
      let nsPart: Fraction | undefined;
      let ewPart: Fraction | undefined;
      let nsScore: Fraction;
      let ewScore: Fraction;
      if (d === 1) {
        nsScore = fractionOf(nsValue, unitDen);
        ewScore = fractionOf(ewValue, unitDen);
      } else if (d === 0) {
        const i = -1 - recs[k]!;
        const l = this.lines[i]!;
        if (l.artificial !== undefined) {
          const topF = Fraction.of(rawTop);
          const hundred = Fraction.of(100);
          nsPart = this.percentOf(nsPair, l.artificial.ns).mul(topF).div(hundred);
          ewPart = this.percentOf(ewPair, l.artificial.ew).mul(topF).div(hundred);
        } else {
          nsPart = this.awardedPart(i, 'ns', rawTop);
          ewPart = this.awardedPart(i, 'ew', rawTop);
        }
        nsScore = nsPart.mul(this.unit);
        ewScore = ewPart.mul(this.unit);
      } else {
        nsPart = Fraction.of(nsValue, d);
        ewPart = Fraction.of(ewValue, d);
        nsScore = unitDen === 1 ? nsPart : Fraction.of(nsValue, d * unitDen);
        ewScore = unitDen === 1 ? ewPart : Fraction.of(ewValue, d * unitDen);
      }
      const artificial = d === 0;
      const ns = pairNames[nsPair]!;
      const ew = pairNames[ewPair]!;
      boards.push(new BoardScore(b, ns, 'NS', nsScore, top, artificial));
      let sum = sums[nsPair];
      if (sum === undefined) {
        sum = newSum(ns, nsField);
        sums[nsPair] = sum;
        this.met.push(sum);
      } else if (sum.field !== nsField) throw bothDirections(ns);
      sum.played += 1;
      sum.top += top;
      if (nsPart === undefined) sum.whole += nsValue;
      else sum.part = sum.part?.add(nsPart) ?? nsPart;
      if (meanOfBoards) addShare(sum, nsPart, nsValue, rawTop);
      boards.push(new BoardScore(b, ew, 'EW', ewScore, top, artificial));
      sum = sums[ewPair];
      if (sum === undefined) {
        sum = newSum(ew, ewField);
        sums[ewPair] = sum;
        this.met.push(sum);
      } else if (sum.field !== ewField) throw bothDirections(ew);
      sum.played += 1;
      sum.top += top;
      if (ewPart === undefined) sum.whole += ewValue;
      else sum.part = sum.part?.add(ewPart) ?? ewPart;
      if (meanOfBoards) addShare(sum, ewPart, ewValue, rawTop);
    }
  }
}

const newSum = (pair: string, field: string): PairSum => ({
  pair,
  field,
  played: 0,
  top: 0,
  whole: 0,
  part: undefined,
  share: undefined,
  shareBoards: 0,
});

/** A board's score / top (raw scale), for the mean of board percentages. */
function addShare(sum: PairSum, part: Fraction | undefined, whole: number, rawTop: number): void {
  if (rawTop === 0) return; // a board without a top has no percentage
  const share = part === undefined ? Fraction.of(whole, rawTop) : part.div(Fraction.of(rawTop));
  sum.share = sum.share?.add(share) ?? share;
  sum.shareBoards += 1;
}

/**
 * STD-MP / STD-NEUBERG: a matchpoint pairs session. Per board and pair: matchpoints, factored
 * by Neuberg to the full top (setting); per pair: total, percentage = Σ matchpoints / Σ tops
 * (or the mean of the board percentages: sessionPercentage), total score = percentage ×
 * (largest number of boards played) × full top, the published total (matchpointTotal), and
 * place ("1224") on the percentage rounded to 2 decimals, per field.
 *
 * All exact. A board's matchpoints on the 2/1 scale are integers, and a Neuberg-factored
 * result is an integer over n ((MP + 1)·N − n over n): per pair the whole matchpoints are
 * added up in plain numbers and only what is not whole (factored or artificial scores) in a
 * `Fraction`; the pair's total, percentage and total score are each built once, at the end.
 */
export function scoreMatchpointSession(
  lines: readonly TravellerLine[],
  options: { readonly movement: Movement; readonly settings?: Partial<ScoringSettings> },
): SessionResult {
  const settings = scoringSettings(options.settings);
  const movement = options.movement;
  fieldOf(movement, 'NS');
  const checked = validateLines(lines);
  const { boardNums, starts } = checked;
  // Under 'out-of-field' a sit-out line does not count in N.
  const maxResults =
    settings.sitOutLines === 'out-of-field' ? checked.maxFieldLines : checked.maxLines;
  if (typeof settings.neubergExpected === 'number' && settings.neubergExpected < maxResults) {
    throw new ScoringInputError(
      'neubergExpected',
      'STD-NEUBERG',
      `is ${settings.neubergExpected} but a board has ${maxResults} results`,
    );
  }
  const session = new MatchpointSession(
    lines,
    checked,
    movement,
    settings,
    settings.factoring === 'none',
    settings.neubergExpected === 'max-results' ? maxResults : settings.neubergExpected,
  );
  if (checked.anyArtificial) {
    const at: number[] = [];
    let offset = 0;
    for (let g = 0; g < boardNums.length; g++) {
      at.push(offset);
      session.realResults(g, offset);
      offset += (3 * (starts[g + 1]! - starts[g]!)) / 4;
    }
    for (let g = 0; g < boardNums.length; g++) session.boardScores(g, at[g]!);
  } else {
    for (let g = 0; g < boardNums.length; g++) {
      session.realResults(g, 0);
      session.boardScores(g, 0);
    }
  }
  let rawFullTop = 0;
  for (const top of session.boardTop) if (top > rawFullTop) rawFullTop = top;
  const { met, unitDen } = session;
  let maxBoardsPlayed = 0;
  for (const s of met) if (s.played > maxBoardsPlayed) maxBoardsPlayed = s.played;
  // The published total is scaled to the most boards played in the pair's
  // own field (in the Compscore Mitchell sample every NS pair played 18 boards, every EW pair
  // 21, and the NS totals published are their sums: 62.78 % × 18 × 10 = 113).
  const maxInField = new Map<string, number>();
  for (const s of met) {
    if (s.played > (maxInField.get(s.field) ?? 0)) maxInField.set(s.field, s.played);
  }
  const fullTop = rawFullTop / unitDen;
  const scale = maxBoardsPlayed * fullTop;
  const decimals = settings.placeDecimals;
  const mean = settings.sessionPercentage === 'mean-of-boards';
  const rows = met.map((s): Unplaced => {
    const { whole, part, top: tops } = s;
    let total: Fraction;
    let percentage: Fraction;
    let totalScore: Fraction;
    let published: number;
    const rawTops = tops * unitDen;
    if (mean) {
      // Item 10 (Pary): the mean of the board percentages.
      const sum = part === undefined ? Fraction.of(whole) : Fraction.of(whole).add(part);
      total = sum.mul(Fraction.of(1, unitDen));
      percentage =
        s.shareBoards > 0
          ? s.share!.mulInt(100).div(Fraction.of(s.shareBoards))
          : Fraction.fromDecimal(50);
      totalScore = percentage.mulInt(scale).div(Fraction.of(100));
      published = percentage.round(decimals);
    } else if (part === undefined && tops > 0 && Number.isSafeInteger(whole * 100 * scale)) {
      // percentage = 100 · Σ mp / Σ top, total score = Σ mp · scale / Σ top: one fraction each
      total = fractionOf(whole, unitDen);
      percentage = Fraction.of(whole * 100, rawTops);
      totalScore = Fraction.of(whole * scale, rawTops);
      published = roundRatio(whole * 100, rawTops, decimals, () => percentage);
    } else {
      const sum = part === undefined ? Fraction.of(whole) : Fraction.of(whole).add(part);
      total = sum.mul(Fraction.of(1, unitDen));
      percentage = tops > 0 ? total.mulInt(100).div(Fraction.of(tops)) : Fraction.fromDecimal(50);
      totalScore = percentage.mulInt(scale).div(Fraction.of(100));
      published = percentage.round(decimals);
    }
    return {
      pair: s.pair,
      field: s.field,
      boardsPlayed: s.played,
      total,
      tops,
      percentage,
      published,
      totalScore,
      publishedTotal:
        settings.matchpointTotal === 'sum'
          ? total
          : maxInField.get(s.field) === maxBoardsPlayed
            ? totalScore
            : percentage.mulInt(maxInField.get(s.field)! * fullTop).div(Fraction.of(100)),
      place: 0,
    };
  });
  return { boards: session.boards, pairs: place(rows), fullTop, maxBoardsPlayed };
}

/**
 * STD-BUTLER / STD-CROSSIMP: an IMP pairs session. Butler: each line IMPs against the board's
 * datum (computed, or given by the director in `datums`: a whole number of points, a multiple
 * of 10); cross-IMPs: against every other result, Σ IMPs / (n − 1) kept exact (a pair's total is rounded once, when published). Artificial scores take the
 * artificialImps setting (tenths allowed), awarded lines the director's IMPs (item
 * 4), weighted scores their weighted IMPs. Per pair: total IMPs and place ("1224")
 * on the total rounded to `placeDecimals`, per field.
 */
export function scoreImpSession(
  lines: readonly TravellerLine[],
  options: {
    readonly movement: Movement;
    readonly method: 'butler' | 'cross-imp';
    readonly settings?: Partial<ScoringSettings>;
    /** Director-given datums by board (STD-BUTLER setting; DSB-16b "datumscores"). */
    readonly datums?: Readonly<Record<number, number>>;
  },
): SessionResult & { readonly datums: Readonly<Record<number, number>> } {
  const settings = scoringSettings(options.settings);
  const { movement, method } = options;
  fieldOf(movement, 'NS');
  if (method !== 'butler' && method !== 'cross-imp') {
    throw new ScoringInputError('method', 'STD-BUTLER', "must be 'butler' or 'cross-imp'");
  }
  const checked = validateLines(lines);
  const boards: PairBoardScore[] = [];
  const accs = new Map<string, Acc>();
  const datums: Record<number, number> = {};
  const divide = settings.crossImpDivisor !== 'none';
  for (let g = 0; g < checked.boardNums.length; g++) {
    const b = checked.boardNums[g]!;
    const { recs, starts } = checked;
    const bl: TravellerLine[] = [];
    const at: number[] = [];
    for (let k = starts[g]!; k < starts[g + 1]!; k += 4) {
      const i = recs[k]! < 0 ? -1 - recs[k]! : recs[k]!;
      bl.push(lines[i]!);
      at.push(i);
    }
    // The board's results: real scores and weighted scores (Law 12C1(c)), as components with
    // weights in hundredths (a real score: one component, weight 100).
    const results: { w: number[]; s: number[] }[] = [];
    const resultOf: (number | undefined)[] = [];
    let weighted = false;
    for (const l of bl) {
      if (l.score !== undefined) {
        resultOf.push(results.length);
        results.push({ w: [100], s: [l.score] });
      } else if (l.weighted !== undefined) {
        weighted = true;
        resultOf.push(results.length);
        results.push({
          w: l.weighted.map((p) => Math.round(p.weight * 100)),
          s: l.weighted.map((p) => p.score),
        });
      } else resultOf.push(undefined);
    }
    // NS IMPs of each result, exact.
    let nsImps: Fraction[] = [];
    if (method === 'butler' && results.length > 0) {
      const given = options.datums?.[b];
      let datum: number;
      if (given !== undefined) datum = givenDatum(given, b);
      else {
        // The datum is taken from the real scores; a weighted score is not one of them.
        const realScores = bl.filter((l) => l.score !== undefined).map((l) => l.score!);
        if (realScores.length === 0) {
          throw new ScoringInputError(
            `datums[${b}]`,
            'STD-BUTLER',
            `is needed: board ${b} has no real score to take a datum from`,
          );
        }
        datum = butlerDatum(realScores, settings);
      }
      datums[b] = datum;
      nsImps = results.map((r) =>
        r.w.length === 1
          ? Fraction.of(imps(r.s[0]! - datum))
          : Fraction.of(
              r.w.reduce((sum, w, i) => sum + w * imps(r.s[i]! - datum), 0),
              100,
            ),
      );
    } else if (method === 'cross-imp') {
      const divisor = divide ? Math.max(results.length - 1, 1) : 1;
      nsImps = results.map((r, i) => {
        if (!weighted) {
          let sum = 0;
          for (let j = 0; j < results.length; j++) {
            if (j !== i) sum += imps(r.s[0]! - results[j]!.s[0]!);
          }
          return Fraction.of(sum, divisor);
        }
        // In ten-thousandths: weight × weight × IMPs, per pair of components.
        let sum = 0;
        for (let j = 0; j < results.length; j++) {
          if (j === i) continue;
          const o = results[j]!;
          for (let x = 0; x < r.s.length; x++) {
            for (let y = 0; y < o.s.length; y++) sum += r.w[x]! * o.w[y]! * imps(r.s[x]! - o.s[y]!);
          }
        }
        return Fraction.of(sum, 10000 * divisor);
      });
    }
    for (let li = 0; li < bl.length; li++) {
      const l = bl[li]!;
      let ns: Fraction;
      let ew: Fraction;
      const r = resultOf[li];
      if (r !== undefined) {
        ns = nsImps[r]!;
        ew = Fraction.ZERO.sub(ns);
      } else if (l.awarded !== undefined) {
        // The director's IMPs, as given.
        ns = Fraction.fromDecimal(l.awarded.ns, 2);
        ew = Fraction.fromDecimal(l.awarded.ew, 2);
      } else {
        ns = tenths(artificialImps(l.artificial!.ns, settings));
        ew = tenths(artificialImps(l.artificial!.ew, settings));
      }
      const artificial = r === undefined;
      boards.push({ board: b, pair: l.nsPair, direction: 'NS', score: ns, top: 0, artificial });
      addTo(accs, movement, l.nsPair, 'NS', ns, 0);
      boards.push({ board: b, pair: l.ewPair, direction: 'EW', score: ew, top: 0, artificial });
      addTo(accs, movement, l.ewPair, 'EW', ew, 0);
    }
  }
  const maxBoardsPlayed = Math.max(0, ...[...accs.values()].map((a) => a.boards));
  const pairs = place(
    [...accs.values()].map((a) => ({
      pair: a.pair,
      field: a.field,
      boardsPlayed: a.boards,
      total: a.total,
      tops: a.tops,
      percentage: Fraction.ZERO,
      published: a.total.round(settings.placeDecimals),
      totalScore: a.total,
      publishedTotal: a.total,
      place: 0,
    })),
  );
  return { boards, pairs, fullTop: 0, maxBoardsPlayed, datums };
}

/** An artificial award's IMPs (multiples of 0.1) as an exact fraction. */
const tenths = (v: number): Fraction => Fraction.of(Math.round(v * 10), 10);

/** STD-BUTLER: a datum given for a board is NS points, a multiple of 10. */
function givenDatum(given: unknown, board: number): number {
  const datum = requireInteger(given, `datums[${board}]`, 'STD-BUTLER');
  if (datum % 10 !== 0) {
    throw new ScoringInputError(
      `datums[${board}]`,
      'STD-BUTLER',
      `must be a multiple of 10 (a datum is NS points rounded to the nearest 10), got ${datum}`,
    );
  }
  return datum;
}
