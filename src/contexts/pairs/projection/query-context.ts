import type { Json, Rulebook } from '../../../rulebooks/rulebook';
import { lastSessionScored } from './last-session';
import { sessionDateOf, type CompetitionState } from '../domain/state';
import { scoringSettingsOf } from '../../../rulebooks/scoring-params';
import { NoRulebookError, rulebookHistory, rulebookInForce } from './rulebook-in-force';
import {
  SCORED_SESSION_SETTINGS,
  withScoredSessions,
  type ScoringSettingsFor,
} from './scored-sessions';
import { remember } from './memo';
import type { Heading, QueryOptions } from './query-types';

export type { Heading, QueryOptions } from './query-types';
import { decideOptionsOf } from '../ruleset-registry';
import type { CompetitionsState } from './state';

/**
 * What every published table of a competition reads, whatever its rulebook: the heading, the
 * rulebook in force, the competition with its board-scored sessions, and the answers kept per
 * state (src/contexts/pairs/projection/memo.ts). The rulesets' tables (src/rulesets/) are
 * computed from these.
 */
export class UnknownCompetitionError extends Error {
  readonly code = 'UNKNOWN_COMPETITION';
  constructor(readonly competitionId: string) {
    super(`no competition ${competitionId} in the ledger`);
  }
}

export class WrongRulebookError extends Error {
  readonly code = 'NO_APPLICABLE_RULEBOOK';
  constructor(competitionId: string, format: string, preset: string) {
    super(`competition ${competitionId} (${format}) cannot be scored under the ${preset} rulebook`);
  }
}

/**
 * A session number the competition does not have (1 to its sessions), named as the parameter
 * that asked for it: `session` of the C points, `afterSession` of the standings.
 */
export class UnknownSessionError extends RangeError {
  readonly code = 'INVALID_REQUEST';
  constructor(
    readonly competitionId: string,
    readonly session: unknown,
    readonly sessions: number,
    readonly field: 'session' | 'afterSession' = 'session',
  ) {
    super(
      `${field} must be a session number of competition ${competitionId} (1–${sessions}), got ${String(session)}`,
    );
  }

  answer() {
    return { message: this.message, issues: [{ field: this.field, message: this.message }] };
  }
}

/** DSB-12.2: a top-integral is seeded by a recorded draw; without it there is no field order. */
export class MissingBallotError extends Error {
  readonly code = 'NO_APPLICABLE_RULEBOOK';
  constructor(readonly competitionId: string) {
    super(`competition ${competitionId}: the first session's draw (BallotDrawn) is not recorded`);
  }
}

export function heading(state: CompetitionsState, competitionId: string, options: QueryOptions) {
  const stored = state.competitions[competitionId];
  if (!stored?.competition) throw new UnknownCompetitionError(competitionId);
  // Sessions scored from board results: their percentages derived by the scoring engine.
  const c = scoredCompetition(state, competitionId);
  const created = stored.competition;
  const asked = options.afterSession;
  if (
    asked !== undefined &&
    (!Number.isSafeInteger(asked) || asked < 1 || asked > created.sessions.length)
  ) {
    // As C points' `session`: a session the competition does not have is asked wrongly, not
    // silently read as its last one.
    throw new UnknownSessionError(competitionId, asked, created.sessions.length, 'afterSession');
  }
  const afterSession = lastScoredOf(state, c, asked);
  const sessions = [...created.sessions].sort((a, b) => a.session - b.session);
  // The rulebook in force on the day of the last session counted (as held, else planned): NZ-4
  // penalties are "calculated only at the end of the event", DSB averages final only at the end.
  const date = sessionDateOf(c, afterSession) ?? sessions[0].date;
  const rulebook = rulebookOn(state, created.clubId, date, options.whatIf);
  const head: Heading = {
    competitionId,
    name: created.name,
    clubId: created.clubId,
    season: created.season,
    format: created.format,
    afterSession,
    sessions: sessions.length,
    final: afterSession === sessions.length,
    rulebook: { preset: rulebook.preset, effectiveFrom: rulebook.effectiveFrom },
    position: state.position,
  };
  return { c, head, rulebook };
}

/** The rulebook in force, once per state, club and date (a what-if is computed each time). */
export function rulebookOn(
  state: CompetitionsState,
  clubId: string,
  date: string,
  whatIf?: Record<string, Json>,
): Rulebook {
  // The club's versions once per state: every date inside a version gets the same object, so
  // answers memoised on the parameters are shared across a competition's sessions.
  const history = remember(state, 'rulebooks', clubId, () => rulebookHistory(state, clubId));
  return rulebookInForce(state, clubId, date, whatIf, history);
}

export const expectPreset = (
  rulebook: Rulebook,
  preset: string,
  competitionId: string,
  format: string,
) => {
  if (rulebook.preset !== preset)
    throw new WrongRulebookError(competitionId, format, rulebook.preset);
};

/**
 * A competition with its board-scored sessions' percentages derived under its club's scoring
 * settings on each session's day: once per state.
 */
export function scoredCompetition(
  state: CompetitionsState,
  competitionId: string,
): CompetitionState {
  return remember(state, 'scored', competitionId, () => {
    const c = state.competitions[competitionId];
    const clubId = c.competition?.clubId;
    return withScoredSessions(
      c,
      state.boardSessions,
      clubId === undefined ? undefined : scoringSettingsFor(state, clubId),
      scoringMethodRead(state, c),
    );
  });
}

/**
 * How the sessions a competition's standing reads are scored (its format's shape under the
 * rulebook of its first session's day): matchpoints, or a butler competition's IMPs (DSB-16b).
 */
function scoringMethodRead(state: CompetitionsState, c: CompetitionState): 'MP' | 'BUTLER' {
  const created = c.competition;
  const first = created?.sessions[0]?.date;
  if (!created || first === undefined) return 'MP';
  try {
    const shape = decideOptionsOf(rulebookOn(state, created.clubId, first)).formats?.[
      created.format
    ];
    return shape?.scoringMethod ?? 'MP';
  } catch (e) {
    if (e instanceof NoRulebookError) return 'MP';
    throw e;
  }
}

/**
 * STD-MP / STD-NEUBERG: the `scoring` settings of a club's rulebook in force on a date, once per
 * state, club and date. Before the club adopted a rulebook: the engine's defaults, as the
 * presets' (a session dated before the adoption still scores; its standing asks for the
 * rulebook on its own).
 */
export function scoringSettingsFor(state: CompetitionsState, clubId: string): ScoringSettingsFor {
  return (date) =>
    remember(state, 'scoring', `${clubId}:${date}`, () => {
      try {
        return scoringSettingsOf(rulebookOn(state, clubId, date).params);
      } catch (e) {
        if (e instanceof NoRulebookError) return SCORED_SESSION_SETTINGS;
        throw e;
      }
    });
}

/** The last session scored (up to a session), once per state. */
export function lastScoredOf(state: CompetitionsState, c: CompetitionState, upTo?: number): number {
  const all = remember(state, 'last', c.competition!.competitionId, () => lastSessionScored(c));
  // Sessions are scored in order: the last scored up to `upTo` is the smaller of the two.
  if (upTo === undefined) return all;
  return Number.isInteger(upTo) ? Math.min(all, Math.max(0, upTo)) : lastSessionScored(c, upTo);
}

/**
 * The rules in force on each session's day (as held, else planned: `sessionDateOf`), for what the rules decide per
 * session (DSB-10.2 clamps, an absence's DSB-9.1/9.2/9.3/9.5; NZ-5, NZ-8h): an amendment applies
 * from its date, not to the sessions before it. Before the club's first rulebook, or under
 * another preset, the standing's own parameters.
 */
export function rulesOfSessions<P>(
  state: CompetitionsState,
  c: CompetitionState,
  params: P,
  whatIf: Record<string, Json> | undefined,
  preset: string,
  paramsOf: (rulebook: Rulebook) => P,
): (session: number) => P {
  const created = c.competition!;
  const bySession = new Map<number, P>();
  return (session) => {
    let rules = bySession.get(session);
    if (!rules) {
      const date = sessionDateOf(c, session);
      rules = params;
      if (date !== undefined) {
        try {
          const rulebook = rulebookOn(state, created.clubId, date, whatIf);
          if (rulebook.preset === preset) rules = paramsOf(rulebook);
        } catch (err) {
          if (!(err instanceof NoRulebookError)) throw err;
        }
      }
      bySession.set(session, rules);
    }
    return rules;
  };
}
