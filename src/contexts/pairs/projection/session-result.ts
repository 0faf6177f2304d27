import { scoringSettingsFor, rulebookOn } from './query-context';
import { NoRulebookError } from './rulebook-in-force';
import { scoreBoardSession, type BoardMovement, type BoardScoring } from './scored-sessions';
import type { CompetitionsState } from './state';
import { publishedFigure, type ScoringSettings } from '../../../scoring';

/**
 * A scored session's own result, whatever its scoring method: each pair's
 * total (matchpoints, or IMPs in a butler or cross-IMP session), percentage (matchpoints only),
 * place in its field and boards played, derived from the session's facts under the club's
 * scoring settings in force on its day, as a linked competition's standing derives them. A
 * session that cannot be scored is an error naming why, never an empty table.
 */
export interface SessionResultView {
  kind: 'session';
  sessionStreamId: string;
  clubId?: string;
  date: string;
  session: string;
  section?: string;
  scoringMethod: BoardMovement['scoringMethod'];
  /** The club's rulebook in force on the session's day, whose `scoring` settings applied. */
  rulebook: { preset: string; effectiveFrom: string } | null;
  /** Pairs that played, by field then place. */
  pairs: SessionPairRow[];
  /** Butler: the datum each board was scored against (recorded or computed), STD-BUTLER. */
  datums?: Record<number, number>;
}

export interface SessionPairRow {
  pair: string;
  /** 'NS' or 'EW' in a two-winner movement, 'all' in a one-winner one. */
  field: string;
  place: number;
  /** Σ matchpoints or IMPs, to 2 decimals (halves away from zero). */
  total: number;
  /**
   * The total a scoring program publishes: under `scoring.matchpointTotal`
   * 'scaled', percentage × most boards played × full top; under 'sum', `total`; IMPs as they are.
   */
  publishedTotal: number;
  /** Matchpoints only: Σ matchpoints / Σ tops × 100, to 2 decimals. */
  percentage?: number;
  boardsPlayed: number;
}

/** A session stream with no session facts in the ledger (404, as an unknown stream). */
export class UnknownSessionStreamError extends Error {
  readonly code = 'STREAM_NOT_FOUND';
  constructor(readonly sessionStreamId: string) {
    super(`no scored session ${sessionStreamId} in the ledger`);
  }
}

/**
 * A session whose facts cannot be scored (yet): FactsNotScorable with the reason. `pending`:
 * its facts are not all there yet (no movement, no board result), which a later fact mends;
 * otherwise the facts held cannot be scored.
 */
export class SessionNotScorableError extends Error {
  readonly code = 'FACTS_NOT_SCORABLE';
  constructor(
    readonly sessionStreamId: string,
    readonly reason: string,
    readonly pending = false,
  ) {
    super(`session ${sessionStreamId} cannot be scored: ${reason}`);
  }

  answer() {
    return { message: this.message, sessionStreamId: this.sessionStreamId, reason: this.reason };
  }
}

export function sessionResultOf(
  state: CompetitionsState,
  sessionStreamId: string,
): SessionResultView {
  return scoredSessionOf(state, sessionStreamId).view;
}

/** A session's result and the scoring it comes from (each board's points), scored once. */
export function scoredSessionOf(
  state: CompetitionsState,
  sessionStreamId: string,
): { view: SessionResultView; scored: Extract<BoardScoring, { ok: true }> } {
  const facts = state.boardSessions[sessionStreamId];
  if (!facts) throw new UnknownSessionStreamError(sessionStreamId);
  const m = facts.movement;
  if (!m) throw new SessionNotScorableError(sessionStreamId, 'the movement is not recorded', true);
  let rulebook: SessionResultView['rulebook'] = null;
  let settings: Partial<ScoringSettings> = {};
  if (m.clubId !== undefined) {
    try {
      const r = rulebookOn(state, m.clubId, m.date);
      rulebook = { preset: r.preset, effectiveFrom: r.effectiveFrom };
    } catch (e) {
      if (!(e instanceof NoRulebookError)) throw e;
    }
    settings = scoringSettingsFor(state, m.clubId)(m.date);
  }
  const scored = scoreBoardSession(facts, settings);
  if (!scored.ok) throw new SessionNotScorableError(sessionStreamId, scored.reason, scored.pending);
  const mp = scored.method === 'MP';
  const arithmetic = settings.arithmetic;
  const pairs = scored.result.pairs
    .map((p): SessionPairRow => ({
      pair: p.pair,
      field: p.field,
      place: p.place,
      total: p.total.round(2),
      // As the club's programme prints them (STD-MP: `scoring.arithmetic`).
      publishedTotal: publishedFigure(p.publishedTotal, 2, arithmetic),
      ...(mp ? { percentage: publishedFigure(p.percentage, 2, arithmetic) } : {}),
      boardsPlayed: p.boardsPlayed,
    }))
    .sort((a, b) =>
      a.field === b.field
        ? a.place - b.place || (a.pair < b.pair ? -1 : 1)
        : a.field < b.field
          ? -1
          : 1,
    );
  const view: SessionResultView = {
    kind: 'session',
    sessionStreamId,
    ...(m.clubId !== undefined ? { clubId: m.clubId } : {}),
    date: m.date,
    session: m.session,
    ...(m.section !== undefined ? { section: m.section } : {}),
    scoringMethod: m.scoringMethod,
    rulebook,
    pairs,
    ...(scored.datums ? { datums: { ...scored.datums } } : {}),
  };
  return { view, scored };
}
