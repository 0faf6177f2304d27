import {
  ARITHMETICS,
  FACTORED_ROUNDINGS,
  Fraction,
  publishedFigure,
  type Arithmetic,
  matchpointScores,
  scoreImpSession,
  scoreMatchpointSession,
  type SessionResult,
  type TravellerLine,
} from '../../scoring';
import { conventionsFor, type ProgramConventions } from './conventions';
import type {
  DirectorAward,
  ImportedLine,
  ImportedPair,
  ImportedSession,
  Published,
} from '../model';

/**
 * Scores an imported session's traveller lines with our scoring module, under the conventions
 * of the program that produced the file, and compares every published number — pair
 * percentages, totals and places, butler datums, per-line points and percentages — with ours.
 * Each published number either agrees (to its printed decimals), or was set by the director
 * (an award on an artificial line), or is unexplained by the engine.
 */

export { conventionsFor, type ProgramConventions } from './conventions';

/** How a published number is explained. */
export type Explanation = 'agrees' | 'director' | 'unexplained';

export interface Comparison {
  /** What was compared, e.g. "pair 3NS percentage", "board 7 datum". */
  what: string;
  path: string;
  ours: number;
  published: number;
  decimals: number;
  /** |ours − published|, ours unrounded. */
  difference: number;
  /** Ours (the engine's, or the director's award it scored) agrees to the published decimals. */
  agrees: boolean;
  /** agrees; director: set by the director, not computed; unexplained: by the engine. */
  explanation: Explanation;
  /** Item 2: other factoredRounding readings of the engine under which it would agree. */
  /** The other readings that reproduce it (`factoredRounding 'exact'`, `arithmetic 'float64'`). */
  reproducedBy?: string[];
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
  /** The published numbers unexplained by the engine (nor by a director's award). */
  mismatches: Comparison[];
  /** The published numbers the director set (artificial lines with awarded points). */
  director: Comparison[];
  largest?: Comparison;
  ok: boolean;
}

const exactOf = (v: number | Fraction) => (v instanceof Fraction ? v : Fraction.fromDecimal(v, 9));
const agreesTo = (v: number | Fraction, p: Published) => exactOf(v).round(p.decimals) === p.value;

function compare(
  what: string,
  path: string,
  ours: number | Fraction,
  p: Published | undefined,
  out: Comparison[],
  director = false,
  arithmetic: Arithmetic = 'exact',
): boolean {
  if (!p) return true;
  const exact = exactOf(ours);
  const agrees = publishedFigure(exact, p.decimals, arithmetic) === p.value;
  out.push({
    what,
    path,
    ours: exact.toNumber(),
    published: p.value,
    decimals: p.decimals,
    difference: Math.abs(exact.toNumber() - p.value),
    agrees,
    // A line the director set agrees by construction: say so rather than "agrees".
    explanation: !agrees ? 'unexplained' : director ? 'director' : 'agrees',
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

/** The engine's traveller line for an imported line (its award in place of its percentages). */
export function travellerLine(l: ImportedLine): TravellerLine {
  const pairs = { board: l.board, nsPair: l.nsPair, ewPair: l.ewPair };
  const r = l.result;
  if (r.kind !== 'artificial') return { ...pairs, score: r.nsScore };
  if (l.award) {
    const { ns, ew, top } = l.award;
    return {
      ...pairs,
      awarded: { ns, ew, ...(top === undefined ? {} : { top }) },
    } as TravellerLine;
  }
  return {
    ...pairs,
    artificial: { ns: r.nsPercent, ew: r.ewPercent },
    ...(l.sitOut ? { sitOut: true } : {}),
  };
}

type Scored = SessionResult & { readonly datums?: Readonly<Record<number, number>> };

function score(s: ImportedSession, conventions: ProgramConventions): Scored {
  const movement = s.winnerType === 2 ? 'two-winner' : 'one-winner';
  const lines = s.boards.flatMap((b) => b.lines.map(travellerLine));
  if (s.scoringMethod === 'MP') {
    return scoreMatchpointSession(lines, { movement, settings: conventions.settings });
  }
  return scoreImpSession(lines, {
    movement,
    method: s.scoringMethod === 'BUTLER' ? 'butler' : 'cross-imp',
    settings: conventions.settings,
  });
}

const decimalsOf = (v: number) => {
  const t = String(v);
  return t.includes('.') ? t.split('.')[1]!.length : 0;
};

/**
 * The lines coded as an artificial score whose published points are not what
 * the percentage gives (a director's split, a weighted score): their published points are the
 * director's award. Scores the session once to know what the percentage gives. Returns the
 * session with `award` set on those lines (the others unchanged) and the lines it could not
 * read as an award (a published value out of range or with more than 2 decimals), which stay
 * differences. Throws ScoringInputError when the session cannot be scored.
 */
export function withDirectorAwards(
  s: ImportedSession,
  conventions: ProgramConventions = conventionsFor(s.program),
): ImportedSession {
  const candidates = s.boards.flatMap((b) =>
    b.lines.filter(
      (l) => l.result.kind === 'artificial' && !l.award && l.published.ns && l.published.ew,
    ),
  );
  if (candidates.length === 0) return s;
  const result = score(s, conventions);
  const mostLines = Math.max(...s.boards.map((b) => b.lines.length));
  const ours = new Map(result.boards.map((x) => [`${x.board}|${x.pair}`, x.score]));
  const awarded = new Map<ImportedLine, DirectorAward>();
  for (const l of candidates) {
    const ns = l.published.ns!;
    const ew = l.published.ew!;
    const nsOurs = ours.get(`${l.board}|${l.nsPair}`);
    const ewOurs = ours.get(`${l.board}|${l.ewPair}`);
    if (nsOurs && ewOurs && agreesTo(nsOurs, ns) && agreesTo(ewOurs, ew)) continue;
    const mp = s.scoringMethod === 'MP';
    // The percentages on another board's top (a program that leaves a sit-out out of the
    // field) are still what the percentage gives: not the director's.
    if (mp && onSomeTop(l, ns, ew, result.fullTop, mostLines)) continue;
    const inRange = (v: number) => (mp ? v >= 0 && v <= result.fullTop : Math.abs(v) <= 100);
    if (!inRange(ns.value) || !inRange(ew.value)) continue;
    if (decimalsOf(ns.value) > 2 || decimalsOf(ew.value) > 2) continue;
    awarded.set(l, { ns: ns.value, ew: ew.value, ...(mp ? { top: result.fullTop } : {}) });
  }
  if (awarded.size === 0) return s;
  return {
    ...s,
    boards: s.boards.map((b) => ({
      ...b,
      lines: b.lines.map((l) => (awarded.has(l) ? { ...l, award: awarded.get(l)! } : l)),
    })),
  };
}

/** Where each published number sits in the file: USEBIO elements or PBN columns. */
function pathsOf(s: ImportedSession) {
  const mp = s.scoringMethod === 'MP';
  if (s.source.startsWith('PBN')) {
    return {
      datum: (board: string) => `${board} Datum`,
      points: (line: string, side: 'NS' | 'EW') => `${line} ${mp ? 'MP' : 'IMP'}_${side}`,
      percent: (line: string, side: 'NS' | 'EW') => `${line} Percentage_${side}`,
      pair: (p: ImportedPair, what: 'percentage' | 'total' | 'place') =>
        `${p.path} ${(p.columns ?? { percentage: 'TotalPercentage', total: 'TotalScore', place: 'Rank' })[what]}`,
    };
  }
  const name = mp ? 'MATCH' : s.scoringMethod === 'BUTLER' ? 'BUTLER' : 'CROSS_IMP';
  return {
    datum: (board: string) => `${board}/BOARD_AVERAGE`,
    points: (line: string, side: 'NS' | 'EW') => `${line}/${side}_${name}_POINTS`,
    percent: (line: string, side: 'NS' | 'EW') => `${line}/${side}_PERCENTAGE`,
    pair: (p: ImportedPair, what: 'percentage' | 'total' | 'place') =>
      `${p.path}/${{ percentage: 'PERCENTAGE', total: 'TOTAL_SCORE', place: 'PLACE' }[what]}`,
  };
}

/**
 * A pair's published total: the engine's `publishedTotal` — under matchpointTotal
 * 'scaled' (Compscore) the percentage × the most boards played by a pair of its own field × the
 * full top (Compscore publishes the NS pairs of a Mitchell that all sat out a round with their
 * Σ matchpoints, the real sample shows), under 'sum' Σ matchpoints; IMPs in an IMP session.
 */
const totalOf = (r: SessionResult['pairs'][number]): Fraction => r.publishedTotal;

/**
 * The engine's other readings of a pair's figures — a factored score's rounding
 * (`factoredRounding`) and the arithmetic a figure is rounded in (`arithmetic`) — that reproduce
 * a published percentage or total the profile's reading does not: named beside the number,
 * which stays unexplained as scored.
 */
function otherReadings(
  s: ImportedSession,
  conventions: ProgramConventions,
  comparisons: Comparison[],
): void {
  const pairFigure = /^pair (\S+) (percentage|total)$/;
  const open = comparisons.filter((c) => !c.agrees && pairFigure.test(c.what));
  if (open.length === 0 || s.scoringMethod !== 'MP') return;
  const asScored = {
    factoredRounding: conventions.settings.factoredRounding ?? 'exact',
    arithmetic: conventions.settings.arithmetic ?? 'exact',
  };
  const readings = [
    ...FACTORED_ROUNDINGS.map((r) => ({ factoredRounding: r, arithmetic: asScored.arithmetic })),
    ...ARITHMETICS.map((a) => ({ factoredRounding: asScored.factoredRounding, arithmetic: a })),
  ].filter(
    (r) => r.factoredRounding !== asScored.factoredRounding || r.arithmetic !== asScored.arithmetic,
  );
  for (const reading of readings) {
    const other = { ...conventions, settings: { ...conventions.settings, ...reading } };
    const name =
      reading.arithmetic !== asScored.arithmetic
        ? `arithmetic '${reading.arithmetic}'`
        : `factoredRounding '${reading.factoredRounding}'`;
    const result = score(s, other);
    const byPair = new Map(result.pairs.map((p) => [p.pair, p]));
    for (const c of open) {
      const [, pair, what] = pairFigure.exec(c.what)!;
      const r = byPair.get(pair!);
      if (!r) continue;
      const figure = what === 'percentage' ? r.percentage : totalOf(r);
      if (publishedFigure(figure, c.decimals, reading.arithmetic) === c.published) {
        (c.reproducedBy ??= []).push(name);
      }
    }
  }
}

/** Whether both published points are the line's percentages of one top a board could have. */
function onSomeTop(
  l: ImportedLine,
  ns: Published,
  ew: Published,
  fullTop: number,
  mostLines: number,
): boolean {
  if (l.result.kind !== 'artificial' || mostLines < 2) return false;
  const { nsPercent, ewPercent } = l.result;
  const unit = fullTop / (mostLines - 1);
  for (let k = 1; k < mostLines; k++) {
    const top = unit * k;
    if (agreesTo((nsPercent * top) / 100, ns) && agreesTo((ewPercent * top) / 100, ew)) return true;
  }
  return false;
}

/** Scores the session and compares. Throws ScoringInputError when the lines cannot be scored. */
export function checkSession(
  session: ImportedSession,
  conventions: ProgramConventions = conventionsFor(session.program),
): CheckReport {
  const s = withDirectorAwards(session, conventions);
  const comparisons: Comparison[] = [];
  const datums: DatumRow[] = [];
  const result = score(s, conventions);
  const mp = s.scoringMethod === 'MP';
  const arithmetic = conventions.settings.arithmetic ?? 'exact';
  if (s.scoringMethod === 'BUTLER') {
    for (const b of s.boards) {
      const ours = result.datums?.[b.board];
      if (ours === undefined) continue;
      const published = b.publishedDatum;
      const agrees = compare(
        `board ${b.board} datum`,
        pathsOf(s).datum(b.path),
        ours,
        published === undefined ? undefined : { value: published, decimals: 0 },
        comparisons,
      );
      datums.push({ board: b.board, ours, published, agrees });
    }
  }

  // Per line: our points (and percentage) for each side beside the published ones.
  const byPairBoard = new Map(result.boards.map((x) => [`${x.board}|${x.pair}`, x]));
  const at = pathsOf(s);
  for (const b of s.boards) {
    const real = b.lines.filter((l) => l.result.kind !== 'artificial');
    const unfactored = mp
      ? matchpointScores(real.map((l) => (l.result as { nsScore: number }).nsScore))
      : [];
    const boardTop = 2 * (real.length - 1);
    for (const l of b.lines) {
      const k = real.indexOf(l);
      const director = l.award !== undefined;
      for (const side of ['NS', 'EW'] as const) {
        const pair = side === 'NS' ? l.nsPair : l.ewPair;
        const x = byPairBoard.get(`${b.board}|${pair}`)!;
        // Traveller lines may show unfactored matchpoints (RULES.md): either agrees.
        const raw =
          k >= 0 && mp ? (side === 'NS' ? unfactored[k]! : boardTop - unfactored[k]!) : undefined;
        const p = l.published[side === 'NS' ? 'ns' : 'ew'];
        if (p) {
          const useRaw = raw !== undefined && agreesTo(raw, p) && !agreesTo(x.score, p);
          compare(
            `board ${b.board} line ${l.line} ${side} points`,
            at.points(l.path, side),
            useRaw ? raw : x.score,
            p,
            comparisons,
            director,
          );
        }
        const pc = l.published[side === 'NS' ? 'nsPercent' : 'ewPercent'];
        if (pc && mp) {
          const factored = x.top > 0 ? x.score.mulInt(100).div(Fraction.of(x.top)) : undefined;
          const rawPc =
            raw !== undefined && boardTop > 0 ? Fraction.of(raw * 100, boardTop) : undefined;
          const useRaw = rawPc && agreesTo(rawPc, pc) && !(factored && agreesTo(factored, pc));
          compare(
            `board ${b.board} line ${l.line} ${side} percentage`,
            at.percent(l.path, side),
            (useRaw ? rawPc : factored) ?? Fraction.ZERO,
            pc,
            comparisons,
            director,
          );
        }
      }
    }
  }

  const pairs: PairRow[] = [];
  const ours = new Map(result.pairs.map((p) => [p.pair, p]));
  // Item 8: a phantom pair is not ranked; the real pairs' places are counted without it.
  const phantoms = new Set(s.pairs.filter((p) => p.phantom).map((p) => p.pair));
  const placeOf = (r: SessionResult['pairs'][number]) =>
    phantoms.size === 0
      ? r.place
      : 1 +
        result.pairs.filter(
          (o) => o.field === r.field && !phantoms.has(o.pair) && o.published > r.published,
        ).length;
  for (const p of s.pairs) {
    const r = ours.get(p.pair);
    // A pair with no result (did not play), or a phantom: nothing to compare.
    if (!r || p.phantom) continue;
    const total = totalOf(r);
    let agrees = true;
    if (mp) {
      agrees =
        compare(
          `pair ${p.pair} percentage`,
          at.pair(p, 'percentage'),
          r.percentage,
          p.published.percentage,
          comparisons,
          false,
          arithmetic,
        ) && agrees;
    }
    agrees =
      compare(
        `pair ${p.pair} total`,
        at.pair(p, 'total'),
        total,
        p.published.total,
        comparisons,
        false,
        arithmetic,
      ) && agrees;
    const place =
      p.published.place === undefined ? undefined : { value: p.published.place, decimals: 0 };
    agrees =
      compare(`pair ${p.pair} place`, at.pair(p, 'place'), placeOf(r), place, comparisons) &&
      agrees;
    pairs.push({
      pair: p.pair,
      field: r.field,
      boardsPlayed: r.boardsPlayed,
      ...(mp ? { percentage: r.percentage.toNumber() } : {}),
      total: total.toNumber(),
      place: placeOf(r),
      published: {
        percentage: p.published.percentage?.value,
        total: p.published.total?.value,
        place: p.published.place,
      },
      agrees,
    });
  }
  pairs.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : a.place - b.place));

  otherReadings(s, conventions, comparisons);
  const mismatches = comparisons.filter((c) => c.explanation === 'unexplained');
  const largest = comparisons
    .filter((c) => c.explanation !== 'director')
    .reduce<Comparison | undefined>(
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
    director: comparisons.filter((c) => c.explanation === 'director'),
    ...(largest ? { largest } : {}),
    ok: mismatches.length === 0,
  };
}
