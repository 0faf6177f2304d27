// A scored session's facts as kept per stream, and the traveller lines the scoring engine
// reads from them (STD-MP, STD-NEUBERG): the fold every reader and the session decider share.
import type { Corrected } from '../domain/state';
import {
  SESSION_FACT_TYPES,
  type AdjustedScoreAwardedData,
  type BoardResultRecordedData,
  type SessionMovementRecordedData,
  type SessionPairRegisteredData,
} from '../facts/session';
import type { NamedAward } from '../facts/late-boards';
import type { RecordedEvent } from '../../../kernel/envelope';
import type { TravellerLine } from '../../../scoring';
import { nsScore as computedNsScore } from '../../../scoring/duplicate-score';
import type { Level } from '../../../scoring/contract';

/** The data of the session-context facts, as far as scoring reads them (their schemas' fields). */
export type BoardMovement = Pick<
  SessionMovementRecordedData,
  'scoringMethod' | 'winnerType' | 'date' | 'session' | 'section'
> &
  Partial<Pick<SessionMovementRecordedData, 'clubId'>>;

export type BoardLine = Pick<
  BoardResultRecordedData,
  'board' | 'line' | 'nsPair' | 'ewPair' | 'kind' | 'nsScore' | 'artificial' | 'sitOut'
> & {
  /** Present on a line an accepted correction replaced. */
  corrected?: Corrected;
};

/**
 * An adjusted score an appeal upheld: the appeal, the decision's fact, the lodging's
 * and the ruling appealed against (id and fact), as far as recorded.
 */
export interface AppealMark {
  appealId: string;
  decision: string;
  lodged?: string;
  rulingId?: string;
  ruling?: string;
}

export type BoardAdjustment = Pick<
  AdjustedScoreAwardedData,
  | 'board'
  | 'nsPair'
  | 'ewPair'
  | 'kind'
  | 'nsScore'
  | 'artificial'
  | 'points'
  | 'weighted'
  | 'reason'
  | 'law'
> & {
  /** Present on an adjusted score an accepted correction replaced. */
  corrected?: Corrected;
  /** Present on the adjusted score of an appeal upheld. */
  appeal?: AppealMark;
};

/** One scored session's facts, in the order they were recorded. */
export interface BoardSessionFacts {
  movement?: BoardMovement;
  /** Pair number → its field and direction, as registered. */
  pairs: Record<string, Pick<SessionPairRegisteredData, 'field' | 'direction'>>;
  lines: BoardLine[];
  adjustments: BoardAdjustment[];
  /** Board → the datum recorded for it (the latest), STD-BUTLER. */
  datums?: Record<number, number>;
  /** DSB-19: the director's artificial scores on boards not started before the warning signal. */
  lateBoards?: LateBoardAward[];
}

/** DSB-19: a board not started, scored by an artificial score for each side (Law 12C2). */
export interface LateBoardAward {
  board: number;
  nsPair: string;
  ewPair: string;
  nsAward: NamedAward;
  ewAward: NamedAward;
}

export const isBoardSessionFact = (type: string) => SESSION_FACT_TYPES.has(type);

/** Folds one session-context fact into its stream's facts. */
export function foldBoardSessionFact(
  sessions: Record<string, BoardSessionFacts>,
  event: RecordedEvent,
): void {
  const s = (sessions[event.streamId] ??= { pairs: {}, lines: [], adjustments: [] });
  const d = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'SessionMovementRecorded':
      s.movement = {
        ...(typeof d.clubId === 'string' ? { clubId: d.clubId } : {}),
        scoringMethod: d.scoringMethod as BoardMovement['scoringMethod'],
        winnerType: d.winnerType as BoardMovement['winnerType'],
        date: d.date as string,
        session: d.session as string,
        ...(d.section !== undefined ? { section: d.section as string } : {}),
      };
      break;
    case 'SessionPairRegistered':
      s.pairs[d.pair as string] = {
        field: d.field as SessionPairRegisteredData['field'],
        ...(d.direction !== undefined
          ? { direction: d.direction as SessionPairRegisteredData['direction'] }
          : {}),
      };
      break;
    case 'BoardResultRecorded':
      s.lines.push(boardLineOf(d));
      break;
    case 'AdjustedScoreAwarded':
      s.adjustments.push(boardAdjustmentOf(d));
      break;
    case 'BoardDatumRecorded':
      (s.datums ??= {})[d.board as number] = d.datum as number;
      break;
    case 'LateBoardRuled':
      // A replay is scored by the line recorded when it is played; an award is a line of its own.
      if (d.order === 'artificial') {
        (s.lateBoards ??= []).push(
          pick<LateBoardAward>(d, ['board', 'nsPair', 'ewPair', 'nsAward', 'ewAward']),
        );
      }
      break;
  }
}

/** A traveller line as kept: the fields scoring reads (a score computed). */
export function boardLineOf(d: Record<string, unknown>): BoardLine {
  const line = pick<BoardLine>(d, [
    'board',
    'line',
    'nsPair',
    'ewPair',
    'kind',
    'nsScore',
    'artificial',
    'sitOut',
  ]);
  // A played line given by contract and tricks alone has its score computed.
  if (line.kind === 'played' && line.nsScore === undefined) {
    const computed = playedNsScore(d as unknown as BoardResultRecordedData);
    if (computed !== undefined) line.nsScore = computed;
  }
  return line;
}

/** A director's adjusted score as kept: the fields scoring reads. */
export const boardAdjustmentOf = (d: Record<string, unknown>): BoardAdjustment =>
  pick(d, [
    'board',
    'nsPair',
    'ewPair',
    'kind',
    'nsScore',
    'artificial',
    'points',
    'weighted',
    'reason',
    'law',
  ]);

/**
 * The NS score of a played line given by contract, declarer and tricks (STD-SCORE, Law 77):
 * the one it carries, or, when it carries none, the one computed from them.
 * A line the catalogue has accepted always has one or the other.
 */
export function playedNsScore(
  l: Pick<BoardResultRecordedData, 'board' | 'contract' | 'declarer' | 'tricks' | 'nsScore'>,
): number | undefined {
  if (l.nsScore !== undefined) return l.nsScore;
  if (!l.contract || !l.declarer || l.tricks === undefined) return undefined;
  return computedNsScore({
    board: l.board,
    contract: {
      level: l.contract.level as Level,
      strain: l.contract.strain,
      doubling: l.contract.doubling,
      declarer: l.declarer,
    },
    tricks: l.tricks,
  });
}

function pick<T>(d: Record<string, unknown>, keys: string[]): T {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (d[k] !== undefined) out[k] = d[k];
  return out as T;
}

/** One line of a traveller as the engine reads it: a table's result (STD-SCORE, STD-NEUBERG). */
function lineOf(l: BoardLine): TravellerLine {
  const at = { board: l.board, nsPair: l.nsPair, ewPair: l.ewPair };
  if (l.kind !== 'artificial') return { ...at, score: l.nsScore ?? 0 };
  return {
    ...at,
    artificial: { ns: l.artificial!.nsPercent, ew: l.artificial!.ewPercent },
    // The setting sitOutLines decides whether it is a result of the field.
    ...(l.sitOut === true ? { sitOut: true } : {}),
  };
}

/**
 * A director's adjusted score as the engine reads it: percentages (Law 12C2), a score (Law
 * 12C1), the points set by hand or a weighted score (Law 12C1(c)).
 */
function adjustmentOf(a: BoardAdjustment): TravellerLine {
  const at = { board: a.board, nsPair: a.nsPair, ewPair: a.ewPair };
  switch (a.kind) {
    case 'artificial':
      return { ...at, artificial: { ns: a.artificial!.nsPercent, ew: a.artificial!.ewPercent } };
    case 'awarded': {
      const { ns, ew, top } = a.points!;
      return { ...at, awarded: top === undefined ? { ns, ew } : { ns, ew, top } };
    }
    case 'weighted':
      return { ...at, weighted: a.weighted!.map((w) => ({ weight: w.weight, score: w.nsScore })) };
    default:
      return { ...at, score: a.nsScore! };
  }
}

/**
 * The traveller lines the scoring engine reads: each board result, with a director's adjusted
 * score in place of the table's result for the same board and pairs (the latest adjustment
 * wins), or as a line of its own when the table recorded none.
 */
export function travellerLinesOf(facts: BoardSessionFacts): TravellerLine[] {
  const byKey = new Map<string, TravellerLine>();
  const key = (x: { board: number; nsPair: string; ewPair: string }) =>
    `${x.board}|${x.nsPair}|${x.ewPair}`;
  const lines = [...facts.lines].sort((a, b) => a.board - b.board || a.line - b.line);
  for (const l of lines) byKey.set(key(l), lineOf(l));
  // DSB-19: the director's artificial score on a board not started (the decider lets no line
  // be recorded for it), Law 12C2's named scores valued by the session's settings.
  for (const b of facts.lateBoards ?? []) {
    const at = { board: b.board, nsPair: b.nsPair, ewPair: b.ewPair };
    byKey.set(key(b), { ...at, artificial: { ns: b.nsAward, ew: b.ewAward } });
  }
  for (const a of facts.adjustments) byKey.set(key(a), adjustmentOf(a));
  return [...byKey.values()];
}

/** A board with the most traveller lines, and how many. */
export interface MostLines {
  readonly board: number;
  readonly lines: number;
}

/**
 * The board with the most traveller lines (`all`), and with the most lines of the field (`field`:
 * sit-out lines against a phantom left out, as `scoring.sitOutLines: 'out-of-field'` counts
 * them): STD-NEUBERG's N is at least the one the club's settings count.
 */
export function mostLinesOnABoard(facts: BoardSessionFacts): { all: MostLines; field: MostLines } {
  const all = new Map<number, number>();
  const field = new Map<number, number>();
  for (const l of travellerLinesOf(facts)) {
    all.set(l.board, (all.get(l.board) ?? 0) + 1);
    if (l.sitOut !== true) field.set(l.board, (field.get(l.board) ?? 0) + 1);
  }
  const most = (m: Map<number, number>) => {
    let out: MostLines = { board: 0, lines: 0 };
    for (const [board, lines] of m) {
      if (lines > out.lines || (lines === out.lines && board < out.board)) out = { board, lines };
    }
    return out;
  };
  return { all: most(all), field: most(field) };
}
