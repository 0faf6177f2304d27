import type { SessionResultRecorded } from '../../domain/competition/facts';
import {
  linkedPlayers,
  sessionDateOf,
  type CompetitionState,
  type ScoredPairLink,
} from '../../domain/competition/state';
import type {
  AdjustedScoreAwardedData,
  BoardResultRecordedData,
  SessionMovementRecordedData,
  SessionPairRegisteredData,
} from '../../events/contexts/session';
import type { RecordedEvent } from '../../events/envelope';
import {
  ScoringInputError,
  scoreMatchpointSession,
  type ScoringSettings,
  type SessionResult,
  type TravellerLine,
} from '../../scoring';
import { nsScore as computedNsScore } from '../../scoring/duplicate-score';
import type { Level } from '../../scoring/contract';

/**
 * A competition's session scored here from board results (issue 4): the session-context facts
 * (SessionMovementRecorded, SessionPairRegistered, BoardResultRecorded, AdjustedScoreAwarded)
 * are kept as facts, per stream, and each linked pair's percentage and boards played are
 * DERIVED from them by the scoring engine (STD-MP, STD-NEUBERG) each time a standing is asked
 * for. Nothing derived is kept in the projection and nothing derived is ever a fact.
 */

/** The data of the session-context facts, as far as scoring reads them (their schemas' fields). */
export type BoardMovement = Pick<
  SessionMovementRecordedData,
  'scoringMethod' | 'winnerType' | 'date' | 'session' | 'section'
>;

export type BoardLine = Pick<
  BoardResultRecordedData,
  'board' | 'line' | 'nsPair' | 'ewPair' | 'kind' | 'nsScore' | 'artificial'
>;

export type BoardAdjustment = Pick<
  AdjustedScoreAwardedData,
  'board' | 'nsPair' | 'ewPair' | 'kind' | 'nsScore' | 'artificial' | 'reason'
>;

/** One scored session's facts, in the order they were recorded. */
export interface BoardSessionFacts {
  movement?: BoardMovement;
  /** Pair number → its field and direction, as registered. */
  pairs: Record<string, Pick<SessionPairRegisteredData, 'field' | 'direction'>>;
  lines: BoardLine[];
  adjustments: BoardAdjustment[];
}

const BOARD_SESSION_FACTS = new Set([
  'SessionMovementRecorded',
  'SessionPairRegistered',
  'BoardResultRecorded',
  'AdjustedScoreAwarded',
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
    case 'BoardResultRecorded': {
      const line = pick<BoardLine>(d, [
        'board',
        'line',
        'nsPair',
        'ewPair',
        'kind',
        'nsScore',
        'artificial',
      ]);
      // Issue 15 item 5: a played line given by contract and tricks alone has its score computed.
      if (line.kind === 'played' && line.nsScore === undefined) {
        const computed = playedNsScore(d as unknown as BoardResultRecordedData);
        if (computed !== undefined) line.nsScore = computed;
      }
      s.lines.push(line);
      break;
    }
    case 'AdjustedScoreAwarded':
      s.adjustments.push(
        pick(d, ['board', 'nsPair', 'ewPair', 'kind', 'nsScore', 'artificial', 'reason']),
      );
      break;
  }
}

/**
 * The NS score of a played line given by contract, declarer and tricks (STD-SCORE, Law 77):
 * the one it carries, or, when it carries none (issue 15 item 5), the one computed from them.
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
  for (const l of lines) {
    byKey.set(
      key(l),
      l.kind === 'artificial'
        ? {
            board: l.board,
            nsPair: l.nsPair,
            ewPair: l.ewPair,
            artificial: { ns: l.artificial!.nsPercent, ew: l.artificial!.ewPercent },
          }
        : { board: l.board, nsPair: l.nsPair, ewPair: l.ewPair, score: l.nsScore ?? 0 },
    );
  }
  for (const a of facts.adjustments) {
    byKey.set(
      key(a),
      a.kind === 'artificial'
        ? {
            board: a.board,
            nsPair: a.nsPair,
            ewPair: a.ewPair,
            artificial: { ns: a.artificial!.nsPercent, ew: a.artificial!.ewPercent },
          }
        : { board: a.board, nsPair: a.nsPair, ewPair: a.ewPair, score: a.nsScore! },
    );
  }
  return [...byKey.values()];
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

export type BoardScoring = { ok: true; result: SessionResult } | { ok: false; reason: string };

/**
 * STD-MP / STD-NEUBERG: a matchpoint session's result from its facts, the movement's fields
 * deciding the field map (two winners: Mitchell, NS and EW apart; one winner: Howell).
 */
export function scoreBoardSession(
  facts: BoardSessionFacts | undefined,
  settings: Partial<ScoringSettings> = SCORED_SESSION_SETTINGS,
): BoardScoring {
  if (!facts?.movement) return { ok: false, reason: 'the movement is not recorded' };
  if (facts.movement.scoringMethod !== 'MP') {
    return {
      ok: false,
      reason: `a ${facts.movement.scoringMethod} session has no matchpoint percentages`,
    };
  }
  const lines = travellerLinesOf(facts);
  if (!lines.length) return { ok: false, reason: 'no board results are recorded' };
  try {
    const movement = facts.movement.winnerType === 2 ? 'two-winner' : 'one-winner';
    return { ok: true, result: scoreMatchpointSession(lines, { movement, settings }) };
  } catch (e) {
    if (e instanceof ScoringInputError) return { ok: false, reason: e.message };
    throw e;
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
 * has no result there (it did not play); a session whose facts cannot be scored yet (no
 * movement, no lines, not matchpoints) gives none, so it is not published as scored.
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
    if (!s.ok) continue;
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
