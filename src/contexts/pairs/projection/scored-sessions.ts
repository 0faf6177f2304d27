import type { SessionResultRecorded } from '../domain/facts';
import {
  linkedPlayers,
  sessionDateOf,
  type ButlerSessionResult,
  type CompetitionState,
  type ScoredPairLink,
} from '../domain/state';
import {
  ScoringInputError,
  scoreImpSession,
  scoreMatchpointSession,
  type ScoringSettings,
  type SessionResult,
  publishedFigure,
  type Arithmetic,
} from '../../../scoring';
import {
  travellerLinesOf,
  type BoardMovement,
  type BoardSessionFacts,
} from './board-session-facts';

export * from './board-session-facts';

/**
 * A competition's session scored here from board results: the session-context facts
 * (SessionMovementRecorded, SessionPairRegistered, BoardResultRecorded, AdjustedScoreAwarded)
 * are kept as facts, per stream, and each linked pair's percentage and boards played are
 * DERIVED from them by the scoring engine (STD-MP, STD-NEUBERG) each time a standing is asked
 * for. Nothing derived is kept in the projection and nothing derived is ever a fact.
 */

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
  for (const { key, link, row, arithmetic } of linkedRows(c, sessions, settingsFor, 'MP')) {
    out[key] = resultOf(c, link, row, arithmetic);
  }
  return out;
}

/**
 * Each linked pair's row of its scored session, the session scored once per stream under the
 * settings of its session's day (the decider refuses a second link of a stream). A session not
 * there yet is skipped; one that cannot be scored, or is scored otherwise than the format
 * reads (a percentage, STD-MP; a butler competition's IMPs, STD-BUTLER), throws.
 */
function* linkedRows(
  c: CompetitionState,
  sessions: Record<string, BoardSessionFacts> | undefined,
  settingsFor: ScoringSettingsFor,
  reads: 'MP' | 'BUTLER',
) {
  const scored = new Map<string, { s: BoardScoring; arithmetic?: Arithmetic }>();
  for (const [key, link] of Object.entries(c.scoredFromBoards ?? {})) {
    let held = scored.get(link.sessionStreamId);
    if (!held) {
      const facts = sessions?.[link.sessionStreamId];
      const date = sessionDateOf(c, link.session) ?? facts?.movement?.date;
      const settings = date === undefined ? SCORED_SESSION_SETTINGS : settingsFor(date);
      held = { s: scoreBoardSession(facts, settings), arithmetic: settings.arithmetic };
      scored.set(link.sessionStreamId, held);
    }
    const { s, arithmetic } = held;
    if (!s.ok) {
      if (s.pending) continue;
      throw new UnscorableSessionError(
        c.competition!.competitionId,
        link.session,
        link.sessionStreamId,
        s.reason,
      );
    }
    if (s.method !== reads) {
      throw new UnscorableSessionError(
        c.competition!.competitionId,
        link.session,
        link.sessionStreamId,
        reads === 'MP'
          ? `a ${s.method} session gives IMPs, not the matchpoint percentages a ${c.competition!.format} competition's standing reads (STD-MP)`
          : `a ${s.method} session is not the butler session a ${c.competition!.format} competition's standing reads (STD-BUTLER)`,
      );
    }
    const row = s.result.pairs.find((p) => p.pair === link.pairNumber);
    if (row) yield { key, link, row, arithmetic };
  }
}

function resultOf(
  c: CompetitionState,
  link: ScoredPairLink,
  row: SessionResult['pairs'][number],
  arithmetic: Arithmetic = 'exact',
): ScoredResult {
  const group = link.group ?? c.pairs[link.pairId]?.group;
  return {
    competitionId: c.competition!.competitionId,
    session: link.session,
    pairId: link.pairId,
    players: linkedPlayers(c, link),
    percentage: publishedFigure(row.percentage, 2, arithmetic),
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
 * DSB-16b: a butler competition's results from its linked butler sessions (STD-BUTLER): each
 * linked pair's IMPs against the datum, to 2 decimals, and boards played; a pair with no board
 * result did not play. The sessions are checked as `scoredResults` checks them.
 */
export function scoredButler(
  c: CompetitionState,
  sessions: Record<string, BoardSessionFacts> | undefined,
  settingsFor: ScoringSettingsFor = defaultSettings,
): Record<string, ButlerSessionResult> {
  const out: Record<string, ButlerSessionResult> = {};
  for (const { key, link, row, arithmetic } of linkedRows(c, sessions, settingsFor, 'BUTLER')) {
    out[key] = {
      session: link.session,
      pairId: link.pairId,
      players: linkedPlayers(c, link),
      imps: publishedFigure(row.total, 2, arithmetic ?? 'exact'),
      boardsPlayed: row.boardsPlayed,
      sessionStreamId: link.sessionStreamId,
      pairNumber: link.pairNumber,
    };
  }
  return out;
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
  reads: 'MP' | 'BUTLER' = 'MP',
): CompetitionState {
  if (!c.scoredFromBoards || !Object.keys(c.scoredFromBoards).length) return c;
  if (reads === 'BUTLER') return { ...c, derivedImps: scoredButler(c, sessions, settingsFor) };
  return { ...c, derivedResults: scoredResults(c, sessions, settingsFor) };
}

/** A session-result record derived here, with where it came from. */
export const isScoredResult = (r: SessionResultRecorded): r is ScoredResult =>
  r.source === 'scored' && 'scoredFrom' in r;
