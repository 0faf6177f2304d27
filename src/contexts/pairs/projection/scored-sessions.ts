import type { SessionResultRecorded } from '../domain/facts';
import {
  linkedPlayers,
  sessionDateOf,
  type CompetitionState,
  type Corrected,
  type ScoredPairLink,
} from '../domain/state';
import type {
  AdjustedScoreAwardedData,
  BoardResultRecordedData,
  SessionMovementRecordedData,
  SessionPairRegisteredData,
} from '../facts/session';
import type { RecordedEvent } from '../../../kernel/envelope';
import {
  ScoringInputError,
  scoreImpSession,
  scoreMatchpointSession,
  type ScoringSettings,
  type SessionResult,
  type TravellerLine,
} from '../../../scoring';
import { nsScore as computedNsScore } from '../../../scoring/duplicate-score';
import type { Level } from '../../../scoring/contract';

/**
 * A competition's session scored here from board results: the session-context facts
 * (SessionMovementRecorded, SessionPairRegistered, BoardResultRecorded, AdjustedScoreAwarded)
 * are kept as facts, per stream, and each linked pair's percentage and boards played are
 * DERIVED from them by the scoring engine (STD-MP, STD-NEUBERG) each time a standing is asked
 * for. Nothing derived is kept in the projection and nothing derived is ever a fact.
 */

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
}

const BOARD_SESSION_FACTS = new Set([
  'SessionMovementRecorded',
  'SessionPairRegistered',
  'BoardResultRecorded',
  'AdjustedScoreAwarded',
  'BoardDatumRecorded',
]);

export const isBoardSessionFact = (type: string) => BOARD_SESSION_FACTS.has(type);

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

/**
 * The scoring settings of a session scored here when no rulebook gives them: the defaults (the
 * leading programs' conventions, RULES.md), which are also the presets' `scoring` values.
 */
export const SCORED_SESSION_SETTINGS: Partial<ScoringSettings> = {};

/**
 * A club's scoring settings on a session's date (the `scoring` group of its rulebook in force
 * then, see queries.ts): asked once per scored session, never per result.
 */
export type ScoringSettingsFor = (date: string) => Partial<ScoringSettings>;

const defaultSettings: ScoringSettingsFor = () => SCORED_SESSION_SETTINGS;

/**
 * A session scored from its facts: its result (with the datums a butler session used), or why
 * not. `pending`: the facts are not there yet (no movement, no line), which is not an error (a
 * session is linked before or after its import); any other refusal is the facts' (an error to
 * publish).
 */
export type BoardScoring =
  | {
      ok: true;
      method: BoardMovement['scoringMethod'];
      result: SessionResult;
      /** Butler: board → the datum each board was scored against (STD-BUTLER). */
      datums?: Readonly<Record<number, number>>;
    }
  | {
      ok: false;
      pending: boolean;
      reason: string;
      /** The engine's refusal: the rule and the field (`lines[3].nsPair`) of the facts at fault. */
      refusal?: { rule: string; field: string; reason: string };
    };

/**
 * A session's result from its facts, as `bridge-ledger check` scores an imported one: the
 * movement's scoring method decides the engine — STD-MP / STD-NEUBERG for
 * matchpoints, STD-BUTLER (against a recorded datum where one is) or STD-CROSSIMP for
 * IMPs — and its fields the field map (two winners: Mitchell, NS and EW apart; one winner:
 * Howell).
 */
export function scoreBoardSession(
  facts: BoardSessionFacts | undefined,
  settings: Partial<ScoringSettings> = SCORED_SESSION_SETTINGS,
): BoardScoring {
  if (!facts?.movement) return { ok: false, pending: true, reason: 'the movement is not recorded' };
  const lines = travellerLinesOf(facts);
  if (!lines.length) return { ok: false, pending: true, reason: 'no board results are recorded' };
  const method = facts.movement.scoringMethod;
  const movement = facts.movement.winnerType === 2 ? 'two-winner' : 'one-winner';
  try {
    if (method === 'MP') {
      return { ok: true, method, result: scoreMatchpointSession(lines, { movement, settings }) };
    }
    const butler = method === 'BUTLER';
    const result = scoreImpSession(lines, {
      movement,
      method: butler ? 'butler' : 'cross-imp',
      settings,
      ...(butler && facts.datums ? { datums: facts.datums } : {}),
    });
    return { ok: true, method, result, ...(butler ? { datums: result.datums } : {}) };
  } catch (e) {
    if (e instanceof ScoringInputError) {
      return {
        ok: false,
        pending: false,
        reason: e.message,
        refusal: { rule: e.rule, field: e.field, reason: e.reason },
      };
    }
    throw e;
  }
}

/**
 * A session linked to a competition whose facts cannot be scored (a setting
 * that cannot apply, a line the engine refuses, IMPs where the standings read percentages) is an
 * error naming the session stream and the reason, never a standing without it.
 */
export class UnscorableSessionError extends Error {
  readonly code = 'FACTS_NOT_SCORABLE';
  constructor(
    readonly competitionId: string,
    readonly session: number,
    readonly sessionStreamId: string,
    readonly reason: string,
  ) {
    super(
      `session ${session} of competition ${competitionId} is scored from ${sessionStreamId}, which cannot be scored: ${reason}`,
    );
  }

  answer() {
    return {
      message: this.message,
      competitionId: this.competitionId,
      session: this.session,
      sessionStreamId: this.sessionStreamId,
      reason: this.reason,
    };
  }
}

/** A pair's session result derived from board results: shaped as a result, never a fact. */
export interface ScoredResult extends SessionResultRecorded {
  source: 'scored';
  scoredFrom: {
    sessionStreamId: string;
    pairNumber: string;
    /** Σ matchpoints (Neuberg-factored) and Σ tops, exact: the percentage is total / tops. */
    matchpoints: string;
    tops: number;
    /** The exact percentage as a fraction. */
    exact: string;
  };
}

/**
 * The results of a competition's pairs at sessions linked to board results
 * (`${session}:${pairId}` → result): percentage to 2 decimals (halves away from zero) and
 * boards played, from the scoring engine. A pair with no board result in the linked session
 * has no result there (it did not play); a session whose facts are not there yet (no movement,
 * no lines) gives none, so it is not published as scored. A session whose facts are there but
 * cannot be scored, or give IMPs (butler, cross-IMP), throws UnscorableSessionError: a standing without it would be silently wrong.
 */
export function scoredResults(
  c: CompetitionState,
  sessions: Record<string, BoardSessionFacts> | undefined,
  settingsFor: ScoringSettingsFor = defaultSettings,
): Record<string, ScoredResult> {
  const out: Record<string, ScoredResult> = {};
  // A session stream is linked to one session of the competition (the decider refuses a second
  // link), so one scoring per stream, under the settings of that session's day.
  const scored = new Map<string, BoardScoring>();
  for (const [key, link] of Object.entries(c.scoredFromBoards ?? {})) {
    let s = scored.get(link.sessionStreamId);
    if (!s) {
      const facts = sessions?.[link.sessionStreamId];
      const date = sessionDateOf(c, link.session) ?? facts?.movement?.date;
      s = scoreBoardSession(
        facts,
        date === undefined ? SCORED_SESSION_SETTINGS : settingsFor(date),
      );
      scored.set(link.sessionStreamId, s);
    }
    if (!s.ok) {
      if (s.pending) continue;
      throw new UnscorableSessionError(
        c.competition!.competitionId,
        link.session,
        link.sessionStreamId,
        s.reason,
      );
    }
    if (s.method !== 'MP') {
      // Every competition format reads a pair's session percentage (STD-MP); IMPs have none.
      throw new UnscorableSessionError(
        c.competition!.competitionId,
        link.session,
        link.sessionStreamId,
        `a ${s.method} session gives IMPs, not the matchpoint percentages a ${c.competition!.format} competition's standing reads (STD-MP)`,
      );
    }
    const row = s.result.pairs.find((p) => p.pair === link.pairNumber);
    if (!row) continue;
    out[key] = resultOf(c, link, row);
  }
  return out;
}

function resultOf(
  c: CompetitionState,
  link: ScoredPairLink,
  row: SessionResult['pairs'][number],
): ScoredResult {
  const group = link.group ?? c.pairs[link.pairId]?.group;
  return {
    competitionId: c.competition!.competitionId,
    session: link.session,
    pairId: link.pairId,
    players: linkedPlayers(c, link),
    percentage: row.percentage.round(2),
    boardsPlayed: row.boardsPlayed,
    ...(group !== undefined ? { group } : {}),
    source: 'scored',
    scoredFrom: {
      sessionStreamId: link.sessionStreamId,
      pairNumber: link.pairNumber,
      matchpoints: row.total.toString(),
      tops: row.tops,
      exact: row.percentage.toString(),
    },
  };
}

/**
 * The competition as the standings read it: its imported results and, for the sessions linked
 * to board results, the results derived from them under `settingsFor` the session's day (the
 * club's rulebook; the defaults when not given). The competition's own state is not changed.
 */
export function withScoredSessions(
  c: CompetitionState,
  sessions: Record<string, BoardSessionFacts> | undefined,
  settingsFor?: ScoringSettingsFor,
): CompetitionState {
  if (!c.scoredFromBoards || !Object.keys(c.scoredFromBoards).length) return c;
  return { ...c, derivedResults: scoredResults(c, sessions, settingsFor) };
}

/** A session-result record derived here, with where it came from. */
export const isScoredResult = (r: SessionResultRecorded): r is ScoredResult =>
  r.source === 'scored' && 'scoredFrom' in r;
