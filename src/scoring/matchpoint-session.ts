// STD-MP / STD-NEUBERG: a matchpoint pairs session scored from its traveller lines.
import { ScoringInputError } from './errors';
import { publishedFigure } from './published-figure';
import { Fraction } from './fraction';
import { matchpointScoresInto, matchpointTop } from './matchpoints';
import { type ArtificialAward, type ScoringSettings, scoringSettings } from './settings';

import {
  CheckedLines,
  KIND_SIT_OUT,
  KIND_WEIGHTED,
  Movement,
  PairBoardScore,
  SessionResult,
  TravellerLine,
  validateLines,
} from './session-lines';
import {
  BoardScore,
  PairSum,
  Unplaced,
  bothDirections,
  fieldOf,
  fractionOf,
  hundredthsOfPercent,
  place,
  roundRatio,
} from './session-sums';

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
      published = publishedFigure(percentage, decimals, settings.arithmetic);
    } else if (part === undefined && tops > 0 && Number.isSafeInteger(whole * 100 * scale)) {
      // percentage = 100 · Σ mp / Σ top, total score = Σ mp · scale / Σ top: one fraction each
      total = fractionOf(whole, unitDen);
      percentage = Fraction.of(whole * 100, rawTops);
      totalScore = Fraction.of(whole * scale, rawTops);
      published =
        settings.arithmetic === 'exact'
          ? roundRatio(whole * 100, rawTops, decimals, () => percentage)
          : publishedFigure(percentage, decimals, settings.arithmetic);
    } else {
      const sum = part === undefined ? Fraction.of(whole) : Fraction.of(whole).add(part);
      total = sum.mul(Fraction.of(1, unitDen));
      percentage = tops > 0 ? total.mulInt(100).div(Fraction.of(tops)) : Fraction.fromDecimal(50);
      totalScore = percentage.mulInt(scale).div(Fraction.of(100));
      published = publishedFigure(percentage, decimals, settings.arithmetic);
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
