import { ScoringInputError, requireInteger } from '../../../src/scoring/errors';
import { Fraction } from '../../../src/scoring/fraction';
import { type BoardEntry, neubergBoard } from '../../../src/scoring/neuberg';
import { butlerDatum, butlerImps, artificialImps } from '../../../src/scoring/butler';
import { imps } from '../../../src/scoring/imp';
import { competitionRanks } from '../../../src/scoring/ranking';
import {
  type ArtificialAward,
  type ScoringSettings,
  scoringSettings,
} from '../../../src/scoring/settings';

// A session's result from its traveller lines: STD-MP with STD-NEUBERG for matchpoint pairs,
// STD-BUTLER or STD-CROSSIMP for IMP pairs, and places per field (RULES.md conventions).

/** One traveller line: a real NS score, or an artificial score for each side. */
export interface TravellerLine {
  readonly board: number;
  readonly nsPair: string;
  readonly ewPair: string;
  /** The score from NS's point of view (Law 77 points). */
  readonly score?: number;
  /** An artificial adjusted score: a percentage or A+ / A / A− for each side. */
  readonly artificial?: { readonly ns: ArtificialAward; readonly ew: ArtificialAward };
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
  /** Item 1 (added since): the default matchpointTotal 'scaled', the IMP total. */
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

function validateLines(lines: readonly TravellerLine[]): Map<number, TravellerLine[]> {
  if (!Array.isArray(lines)) throw new ScoringInputError('lines', 'STD-MP', 'must be a list');
  const byBoard = new Map<number, TravellerLine[]>();
  lines.forEach((l, i) => {
    requireInteger(l.board, `lines[${i}].board`, 'STD-MP', 1);
    for (const k of ['nsPair', 'ewPair'] as const) {
      if (typeof l[k] !== 'string' || l[k] === '') {
        throw new ScoringInputError(`lines[${i}].${k}`, 'STD-MP', 'must be a non-empty string');
      }
    }
    if (l.nsPair === l.ewPair) {
      throw new ScoringInputError(`lines[${i}].ewPair`, 'STD-MP', 'must differ from nsPair');
    }
    const hasScore = l.score !== undefined;
    if (hasScore === (l.artificial !== undefined)) {
      throw new ScoringInputError(
        `lines[${i}].score`,
        'STD-MP',
        'a line carries either a score or an artificial score',
      );
    }
    if (hasScore) requireInteger(l.score, `lines[${i}].score`, 'STD-SCORE');
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
  return byBoard;
}

function fieldOf(movement: Movement, direction: Direction): string {
  if (movement === 'one-winner') return 'all';
  if (movement === 'two-winner') return direction;
  throw new ScoringInputError('movement', 'STD-MP', "must be 'two-winner' or 'one-winner'");
}

interface Acc {
  pair: string;
  field: string;
  boards: number;
  total: Fraction;
  tops: number;
}

function place(
  accs: Map<string, Acc>,
  publish: (a: Acc) => {
    percentage: Fraction;
    published: number;
    totalScore: Fraction;
    publishedTotal?: Fraction;
  },
): PairResult[] {
  const rows = [...accs.values()].map((a) => ({ a, ...publish(a) }));
  const out: PairResult[] = [];
  const fields = [...new Set(rows.map((r) => r.a.field))];
  const places = new Map<string, number>();
  for (const f of fields) {
    const inField = rows.filter((r) => r.a.field === f);
    const ranks = competitionRanks(inField.map((r) => r.published));
    inField.forEach((r, i) => places.set(r.a.pair, ranks[i]!));
  }
  for (const r of rows) {
    out.push({
      pair: r.a.pair,
      field: r.a.field,
      boardsPlayed: r.a.boards,
      total: r.a.total,
      tops: r.a.tops,
      percentage: r.percentage,
      published: r.published,
      totalScore: r.totalScore,
      publishedTotal: r.publishedTotal ?? r.totalScore,
      place: places.get(r.a.pair)!,
    });
  }
  return out.sort((x, y) => (x.field < y.field ? -1 : x.field > y.field ? 1 : x.place - y.place));
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
  if (a && a.field !== field) {
    throw new ScoringInputError(
      'movement',
      'STD-MP',
      `pair ${pair} plays both directions in a two-winner movement`,
    );
  }
  if (a) {
    a.boards += 1;
    a.total = a.total.add(score);
    a.tops += top;
  } else accs.set(pair, { pair, field, boards: 1, total: score, tops: top });
}

/**
 * STD-MP / STD-NEUBERG: a matchpoint pairs session. Per board and pair: matchpoints, factored
 * by Neuberg to the full top (setting); per pair: total, percentage = Σ matchpoints / Σ tops,
 * total score = percentage × (largest number of boards played) × full top, and place ("1224")
 * on the percentage rounded to 2 decimals, per field.
 */
export function scoreMatchpointSession(
  lines: readonly TravellerLine[],
  options: { readonly movement: Movement; readonly settings?: Partial<ScoringSettings> },
): SessionResult {
  const settings = scoringSettings(options.settings);
  const movement = options.movement;
  fieldOf(movement, 'NS');
  const byBoard = validateLines(lines);
  const maxResults = Math.max(0, ...[...byBoard.values()].map((l) => l.length));
  if (typeof settings.neubergExpected === 'number' && settings.neubergExpected < maxResults) {
    throw new ScoringInputError(
      'neubergExpected',
      'STD-NEUBERG',
      `is ${settings.neubergExpected} but a board has ${maxResults} results`,
    );
  }
  const expectedFor = (boardLines: TravellerLine[]): number => {
    if (settings.factoring === 'none') {
      const real = boardLines.filter((l) => l.score !== undefined).length;
      return real > 0 ? real : boardLines.length;
    }
    return settings.neubergExpected === 'max-results' ? maxResults : settings.neubergExpected;
  };

  // Pass 1: real results (their matchpoints do not depend on the artificial ones).
  const boardNums = [...byBoard.keys()].sort((a, b) => a - b);
  const real = new Map<string, { mp: Fraction; top: number }>();
  const computed = new Map<number, { top: number; ns: Fraction[]; ew: Fraction[] }>();
  for (const b of boardNums) {
    const bl = byBoard.get(b)!;
    const entries: BoardEntry[] = bl.map((l) =>
      l.score !== undefined ? { score: l.score } : { nsPercent: 0, ewPercent: 0 },
    );
    const fb = neubergBoard(entries, expectedFor(bl));
    computed.set(b, { top: fb.top, ns: [...fb.ns], ew: [...fb.ew] });
    bl.forEach((l, i) => {
      if (l.score === undefined) return;
      for (const [pair, mp] of [
        [l.nsPair, fb.ns[i]!],
        [l.ewPair, fb.ew[i]!],
      ] as const) {
        const r = real.get(pair) ?? { mp: Fraction.ZERO, top: 0 };
        real.set(pair, { mp: r.mp.add(mp), top: r.top + fb.top });
      }
    });
  }

  // Law 12C: the pair's own percentage on its other (real) boards.
  const percentOf = (pair: string, award: ArtificialAward): Fraction => {
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
    const own = real.get(pair);
    if (settings.averagePlusMinus === 'fixed' || !own || own.top === 0) return base;
    const ownPct = own.mp.mulInt(100).div(Fraction.of(own.top));
    return award === 'A+' ? Fraction.max(base, ownPct) : Fraction.min(base, ownPct);
  };

  // Pass 2: artificial scores, then totals.
  const unit = settings.matchpointsPerResultBeaten === 1 ? Fraction.of(1, 2) : Fraction.of(1);
  const boards: PairBoardScore[] = [];
  const accs = new Map<string, Acc>();
  for (const b of boardNums) {
    const bl = byBoard.get(b)!;
    const c = computed.get(b)!;
    bl.forEach((l, i) => {
      const artificial = l.artificial !== undefined;
      if (artificial) {
        const top = Fraction.of(c.top);
        c.ns[i] = percentOf(l.nsPair, l.artificial!.ns).mul(top).div(Fraction.of(100));
        c.ew[i] = percentOf(l.ewPair, l.artificial!.ew).mul(top).div(Fraction.of(100));
      }
      for (const [pair, direction, mp] of [
        [l.nsPair, 'NS', c.ns[i]!],
        [l.ewPair, 'EW', c.ew[i]!],
      ] as const) {
        const score = mp.mul(unit);
        const top = settings.matchpointsPerResultBeaten === 1 ? c.top / 2 : c.top;
        boards.push({ board: b, pair, direction, score, top, artificial });
        addTo(accs, movement, pair, direction, score, top);
      }
    });
  }
  const maxBoardsPlayed = Math.max(0, ...[...accs.values()].map((a) => a.boards));
  const rawFullTop = Math.max(0, ...[...computed.values()].map((c) => c.top));
  const fullTop = settings.matchpointsPerResultBeaten === 1 ? rawFullTop / 2 : rawFullTop;
  const pairs = place(accs, (a) => {
    const percentage =
      a.tops > 0 ? a.total.mulInt(100).div(Fraction.of(a.tops)) : Fraction.fromDecimal(50);
    return {
      percentage,
      published: percentage.round(settings.placeDecimals),
      totalScore: percentage.mulInt(maxBoardsPlayed * fullTop).div(Fraction.of(100)),
      // Item 1 (since): scaled to the most boards played in the pair's field.
      publishedTotal: percentage
        .mulInt(
          Math.max(...[...accs.values()].filter((o) => o.field === a.field).map((o) => o.boards)) *
            fullTop,
        )
        .div(Fraction.of(100)),
    };
  });
  return { boards, pairs, fullTop, maxBoardsPlayed };
}

/**
 * STD-BUTLER / STD-CROSSIMP: an IMP pairs session. Butler: each line IMPs against the board's
 * datum (computed, or given by the director in `datums`); cross-IMPs: against every other
 * real result. Artificial scores take the artificialImps setting. Per pair: total IMPs and
 * place ("1224") on the total rounded to 2 decimals, per field.
 */
export function scoreImpSession(
  lines: readonly TravellerLine[],
  options: {
    readonly movement: Movement;
    readonly method: 'butler' | 'cross-imp';
    readonly settings?: Partial<ScoringSettings>;
    /** Director-given datums by board (STD-BUTLER setting). */
    readonly datums?: Readonly<Record<number, number>>;
  },
): SessionResult & { readonly datums: Readonly<Record<number, number>> } {
  const settings = scoringSettings(options.settings);
  const { movement, method } = options;
  fieldOf(movement, 'NS');
  if (method !== 'butler' && method !== 'cross-imp') {
    throw new ScoringInputError('method', 'STD-BUTLER', "must be 'butler' or 'cross-imp'");
  }
  const byBoard = validateLines(lines);
  const boards: PairBoardScore[] = [];
  const accs = new Map<string, Acc>();
  const datums: Record<number, number> = {};
  for (const b of [...byBoard.keys()].sort((x, y) => x - y)) {
    const bl = byBoard.get(b)!;
    const realLines = bl.filter((l) => l.score !== undefined);
    const realScores = realLines.map((l) => l.score!);
    // Item 3 (since): cross-IMP board scores are kept exact, Σ IMPs / (n − 1).
    let nsExact: Fraction[] = [];
    if (method === 'butler' && realScores.length > 0) {
      const given = options.datums?.[b];
      const datum =
        given !== undefined
          ? requireInteger(given, `datums[${b}]`, 'STD-BUTLER')
          : butlerDatum(realScores, settings);
      datums[b] = datum;
      nsExact = realScores.map((s) => Fraction.of(butlerImps(s, datum)));
    } else if (method === 'cross-imp') {
      realScores.forEach((s, i) => requireInteger(s, `nsScores[${i}]`, 'STD-CROSSIMP'));
      const n = realScores.length;
      const divisor = settings.crossImpDivisor === 'none' ? 1 : Math.max(n - 1, 1);
      nsExact = realScores.map((own, i) => {
        let sum = 0;
        for (let j = 0; j < n; j++) if (j !== i) sum += imps(own - realScores[j]!);
        return Fraction.of(sum, divisor);
      });
    }
    let k = 0;
    for (const l of bl) {
      let ns: Fraction;
      let ew: Fraction;
      if (l.score !== undefined) {
        ns = nsExact[k]!;
        ew = Fraction.ZERO.sub(ns);
        k++;
      } else {
        ns = Fraction.of(artificialImps(l.artificial!.ns, settings) * 100, 100);
        ew = Fraction.of(artificialImps(l.artificial!.ew, settings) * 100, 100);
      }
      for (const [pair, direction, h] of [
        [l.nsPair, 'NS', ns],
        [l.ewPair, 'EW', ew],
      ] as const) {
        const score = h;
        boards.push({
          board: b,
          pair,
          direction,
          score,
          top: 0,
          artificial: l.score === undefined,
        });
        addTo(accs, movement, pair, direction, score, 0);
      }
    }
  }
  const maxBoardsPlayed = Math.max(0, ...[...accs.values()].map((a) => a.boards));
  const pairs = place(accs, (a) => ({
    percentage: Fraction.ZERO,
    published: a.total.round(settings.placeDecimals),
    totalScore: a.total,
  }));
  return { boards, pairs, fullTop: 0, maxBoardsPlayed, datums };
}
