// STD-BUTLER / STD-CROSSIMP: an IMP pairs session scored from its traveller lines.
import { ScoringInputError, requireInteger } from './errors';
import { Fraction } from './fraction';
import { butlerDatum, artificialImps } from './butler';
import { imps } from './imp';
import { type ScoringSettings, scoringSettings } from './settings';

import {
  Movement,
  PairBoardScore,
  SessionResult,
  TravellerLine,
  validateLines,
} from './session-lines';
import { Acc, addTo, fieldOf, place } from './session-sums';

/**
 * STD-BUTLER / STD-CROSSIMP: an IMP pairs session. Butler: each line IMPs against the board's
 * datum (computed, or given by the director in `datums`: a whole number of points, a multiple
 * of 10); cross-IMPs: against every other result, Σ IMPs / (n − 1) kept exact (a pair's total is rounded once, when published). Artificial scores take the
 * artificialImps setting (tenths allowed), awarded lines the director's IMPs, weighted scores their weighted IMPs. Per pair: total IMPs and place ("1224")
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
