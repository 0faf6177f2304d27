import {
  Fraction,
  matchpointScores,
  scoreImpSession,
  scoreMatchpointSession,
  type ScoringSettings,
  type SessionResult,
  type TravellerLine,
} from '../../scoring';
import type { ImportedSession, Published } from '../model';

/**
 * Scores an imported session's traveller lines with our scoring module, under the conventions
 * of the program that produced the file, and compares every published number — pair
 * percentages, totals and places, butler datums, per-line points — with ours.
 */

export interface ProgramConventions {
  /** Shown in the report. */
  name: string;
  /**
   * How a matchpoint pair's TOTAL_SCORE is published: 'sum' of its (factored) matchpoints
   * (Compscore), or 'scaled': percentage × most boards played × full top (RULES.md default).
   */
  mpTotal: 'sum' | 'scaled';
  settings: Partial<ScoringSettings>;
}

/** The conventions of the program named in the file (PROGRAM_NAME). */
export function conventionsFor(program?: { name: string }): ProgramConventions {
  const name = program?.name ?? '';
  if (/compscore/i.test(name)) {
    return {
      name: 'Compscore: matchpoints 2/1 per result, Neuberg to the most results on a board, percentages and places ("1224", per field) on 2 decimals, TOTAL_SCORE = Σ matchpoints; butler datum = mean without the top and bottom score, to the nearest 10',
      mpTotal: 'sum',
      settings: { matchpointsPerResultBeaten: 2, placeDecimals: 2, factoring: 'neuberg' },
    };
  }
  return {
    name: 'RULES.md defaults: matchpoints 2/1, Neuberg, 2-decimal percentages and "1224" places per field, TOTAL_SCORE = percentage × most boards played × top',
    mpTotal: 'scaled',
    settings: {},
  };
}

export interface Comparison {
  /** What was compared, e.g. "pair 3NS percentage", "board 7 datum". */
  what: string;
  path: string;
  ours: number;
  published: number;
  decimals: number;
  /** |ours − published|, ours unrounded. */
  difference: number;
  /** Ours, rounded to the published decimals, equals the published value. */
  agrees: boolean;
}

export interface PairRow {
  pair: string;
  field: string;
  boardsPlayed: number;
  percentage?: number;
  total: number;
  place: number;
  published: { percentage?: number; total?: number; place?: number };
  agrees: boolean;
}

export interface DatumRow {
  board: number;
  ours: number;
  published?: number;
  agrees: boolean;
}

export interface CheckReport {
  session: string;
  method: ImportedSession['scoringMethod'];
  conventions: string;
  pairs: PairRow[];
  datums: DatumRow[];
  comparisons: Comparison[];
  mismatches: Comparison[];
  largest?: Comparison;
  ok: boolean;
}

const roundTo = (v: number, d: number) => Fraction.fromDecimal(v, 9).round(d);

function compare(
  what: string,
  path: string,
  ours: number | Fraction,
  p: Published | undefined,
  out: Comparison[],
): boolean {
  if (!p) return true;
  const exact = ours instanceof Fraction ? ours : Fraction.fromDecimal(ours, 9);
  const agrees = exact.round(p.decimals) === p.value;
  out.push({
    what,
    path,
    ours: exact.toNumber(),
    published: p.value,
    decimals: p.decimals,
    difference: Math.abs(exact.toNumber() - p.value),
    agrees,
  });
  return agrees;
}

export function sessionLabel(s: ImportedSession): string {
  return [
    s.eventDescription ?? s.eventId,
    s.date,
    `session ${s.session}`,
    ...(s.section ? [`section ${s.section}`] : []),
  ].join(', ');
}

function travellerLines(s: ImportedSession): TravellerLine[] {
  return s.boards.flatMap((b) =>
    b.lines.map((l) =>
      l.result.kind === 'artificial'
        ? {
            board: l.board,
            nsPair: l.nsPair,
            ewPair: l.ewPair,
            artificial: { ns: l.result.nsPercent, ew: l.result.ewPercent },
          }
        : { board: l.board, nsPair: l.nsPair, ewPair: l.ewPair, score: l.result.nsScore },
    ),
  );
}

/** Scores the session and compares. Throws ScoringInputError when the lines cannot be scored. */
export function checkSession(
  s: ImportedSession,
  conventions: ProgramConventions = conventionsFor(s.program),
): CheckReport {
  const movement = s.winnerType === 2 ? 'two-winner' : 'one-winner';
  const lines = travellerLines(s);
  const comparisons: Comparison[] = [];
  const datums: DatumRow[] = [];
  let result: SessionResult;
  if (s.scoringMethod === 'MP') {
    result = scoreMatchpointSession(lines, { movement, settings: conventions.settings });
  } else {
    const r = scoreImpSession(lines, {
      movement,
      method: s.scoringMethod === 'BUTLER' ? 'butler' : 'cross-imp',
      settings: conventions.settings,
    });
    result = r;
    if (s.scoringMethod === 'BUTLER') {
      for (const b of s.boards) {
        const ours = r.datums[b.board];
        if (ours === undefined) continue;
        const published = b.publishedDatum;
        const agrees = compare(
          `board ${b.board} datum`,
          `${b.path}/BOARD_AVERAGE`,
          ours,
          published === undefined ? undefined : { value: published, decimals: 0 },
          comparisons,
        );
        datums.push({ board: b.board, ours, published, agrees });
      }
    }
  }

  // Per line: our points for each side beside the published ones.
  const byPairBoard = new Map(result.boards.map((x) => [`${x.board}|${x.pair}`, x.score]));
  for (const b of s.boards) {
    const real = b.lines.filter((l) => l.result.kind !== 'artificial');
    const unfactored =
      s.scoringMethod === 'MP'
        ? matchpointScores(real.map((l) => (l.result as { nsScore: number }).nsScore))
        : [];
    const top = 2 * (real.length - 1);
    for (const l of b.lines) {
      const k = real.indexOf(l);
      for (const side of ['NS', 'EW'] as const) {
        const p = l.published[side === 'NS' ? 'ns' : 'ew'];
        if (!p) continue;
        const pair = side === 'NS' ? l.nsPair : l.ewPair;
        const ours = byPairBoard.get(`${b.board}|${pair}`)!;
        // Traveller lines may show unfactored matchpoints (RULES.md): either agrees.
        const raw =
          k >= 0 && s.scoringMethod === 'MP'
            ? side === 'NS'
              ? unfactored[k]!
              : top - unfactored[k]!
            : undefined;
        const what = `board ${b.board} line ${l.line} ${side} points`;
        const at = `${l.path}/${side}_${s.scoringMethod === 'MP' ? 'MATCH' : s.scoringMethod === 'BUTLER' ? 'BUTLER' : 'CROSS_IMP'}_POINTS`;
        if (
          raw !== undefined &&
          roundTo(raw, p.decimals) === p.value &&
          ours.round(p.decimals) !== p.value
        ) {
          compare(what, at, raw, p, comparisons);
        } else compare(what, at, ours, p, comparisons);
      }
    }
  }

  const pairs: PairRow[] = [];
  const ours = new Map(result.pairs.map((p) => [p.pair, p]));
  for (const p of s.pairs) {
    const r = ours.get(p.pair);
    if (!r) continue; // a pair with no result (did not play): nothing to compare
    const total =
      s.scoringMethod === 'MP' && conventions.mpTotal === 'scaled' ? r.totalScore : r.total;
    let agrees = true;
    if (s.scoringMethod === 'MP') {
      agrees =
        compare(
          `pair ${p.pair} percentage`,
          `${p.path}/PERCENTAGE`,
          r.percentage,
          p.published.percentage,
          comparisons,
        ) && agrees;
    }
    agrees =
      compare(
        `pair ${p.pair} total`,
        `${p.path}/TOTAL_SCORE`,
        total,
        p.published.total,
        comparisons,
      ) && agrees;
    const place =
      p.published.place === undefined ? undefined : { value: p.published.place, decimals: 0 };
    agrees =
      compare(`pair ${p.pair} place`, `${p.path}/PLACE`, r.place, place, comparisons) && agrees;
    pairs.push({
      pair: p.pair,
      field: r.field,
      boardsPlayed: r.boardsPlayed,
      ...(s.scoringMethod === 'MP' ? { percentage: r.percentage.toNumber() } : {}),
      total: total.toNumber(),
      place: r.place,
      published: {
        percentage: p.published.percentage?.value,
        total: p.published.total?.value,
        place: p.published.place,
      },
      agrees,
    });
  }
  pairs.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : a.place - b.place));

  const mismatches = comparisons.filter((c) => !c.agrees);
  const largest = comparisons.reduce<Comparison | undefined>(
    (m, c) => (!m || c.difference > m.difference ? c : m),
    undefined,
  );
  return {
    session: sessionLabel(s),
    method: s.scoringMethod,
    conventions: conventions.name,
    pairs,
    datums,
    comparisons,
    mismatches,
    ...(largest ? { largest } : {}),
    ok: mismatches.length === 0,
  };
}
