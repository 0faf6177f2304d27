import { applyRulebookFact, buildRulebookHistory } from '../../../rulebooks/rulebook-facts';
import { InvalidTableQueryError, wholeNumber } from '../../../audit/table-query';
import { isDay, isInstant } from '../../../kernel/instant';
import type { Json } from '../../../rulebooks/rulebook';
import type { EventStore } from '../../../store/event-store';
import {
  diffTeamsStandings,
  teamsStandingOf,
  UnknownTeamsEventError,
  type TeamsChange,
  type TeamsReadState,
  type TeamsStandingView,
} from '../projection';
import { teamsEventStateAt, type TeamsMoment } from './teams';

const invalid = (field: string, message: string) =>
  new InvalidTableQueryError([{ field, message }]);

/** Two readings of a teams event's standing and every number that changed between them. */
export interface TeamsDiffView {
  eventId: string;
  from: { at: string; position: number | null; rulebook?: TeamsStandingView['rulebook'] };
  to: {
    at: string;
    position: number;
    rulebook?: TeamsStandingView['rulebook'];
    override?: Record<string, Json>;
  };
  changes: TeamsChange[];
}

export interface TeamsWhatIfView {
  override: Record<string, Json>;
  whatIf: TeamsStandingView;
  diff: TeamsDiffView;
}

/**
 * A moment as written for a diff: `now` (for `to`), a ledger position (digits), a club date
 * (the event as played by that day) or an instant with a zone (as recorded by then).
 */
export function readTeamsMoment(
  text: unknown,
  field: 'from' | 'to',
  name: string = field,
): TeamsMoment {
  if (typeof text === 'string') {
    const t = text.trim();
    if (t === 'now' && field === 'to') return {};
    const n = wholeNumber(t);
    if (n !== undefined) return { atPosition: n };
    if (isDay(t)) return { day: t };
    if (isInstant(t)) return { asOf: t };
  }
  throw invalid(
    field,
    `${name} must be a ledger position (a whole number >= 0), a club date YYYY-MM-DD or an ISO 8601 instant with a zone${field === 'to' ? ', or now' : ''}; got ${JSON.stringify(text ?? null)}`,
  );
}

const said = (m: TeamsMoment) =>
  m.atPosition !== undefined
    ? `position ${m.atPosition}`
    : m.day !== undefined
      ? `as played by ${m.day}`
      : m.asOf !== undefined
        ? `as recorded by ${m.asOf}`
        : 'now';

/** `diff`: every number of a teams event's standing that changed between two moments. */
export async function teamsDiffAt(
  store: EventStore,
  eventId: string,
  from: TeamsMoment,
  to: TeamsMoment,
): Promise<TeamsDiffView> {
  const after = teamsStandingOf(await teamsEventStateAt(store, eventId, to), eventId);
  let before: TeamsStandingView | undefined;
  try {
    before = teamsStandingOf(await teamsEventStateAt(store, eventId, from), eventId);
  } catch (err) {
    // An event not created yet at `from`: every row of `to` is new.
    if (!(err instanceof UnknownTeamsEventError && err.field === 'eventId')) throw err;
  }
  return {
    eventId,
    from: {
      at: said(from),
      position: before?.position ?? null,
      ...(before?.rulebook ? { rulebook: before.rulebook } : {}),
    },
    to: {
      at: said(to),
      position: after.position,
      ...(after.rulebook ? { rulebook: after.rulebook } : {}),
    },
    changes: diffTeamsStandings(before, after),
  };
}

/**
 * An override checked as the club's own amendments are (`rulebookFactsViolation`: a path naming
 * a parameter, a value of its kind, the rulebook's own check of the whole), from the event's
 * first day; each refusal names the parameter path.
 */
function checkOverride(
  state: TeamsReadState,
  eventId: string,
  override: unknown,
): Record<string, Json> {
  if (override === null || typeof override !== 'object' || Array.isArray(override)) {
    throw invalid(
      'rulebookOverride',
      'a rulebook override is a JSON object of parameter paths and values, e.g. {"teams.tieBreak": ["imp-quotient"]}',
    );
  }
  const changes = override as Record<string, Json>;
  const created = state.events[eventId]?.facts.find((f) => f.type === 'TeamsEventCreated')?.data as
    { clubId: string; startsOn: string } | undefined;
  if (!created || Object.keys(changes).length === 0) return changes;
  // Applied as the club's own amendment would be, from the event's first day: a path naming no
  // parameter, a value not of its kind, a rulebook its ruleset's check refuses.
  const history = buildRulebookHistory(state.rulebooks[created.clubId] ?? [], { unusable: 'skip' });
  const problem = applyRulebookFact(history, {
    kind: 'amended',
    changes,
    effectiveFrom: created.startsOn,
  });
  if (problem?.kind === 'invalid') {
    const path = problem.path || (Object.keys(changes)[0] ?? 'rulebookOverride');
    throw invalid(
      path,
      `${path}: ${problem.message.replace(/^(rulebook parameter [^:]*: )?/, '')}`,
    );
  }
  return changes;
}

/** A what-if: the event's standing under amended parameters, and its diff from the real one. */
export async function teamsWhatIfAt(
  store: EventStore,
  eventId: string,
  override: unknown,
  at: TeamsMoment = {},
): Promise<TeamsWhatIfView> {
  const state = await teamsEventStateAt(store, eventId, at);
  const changes = checkOverride(state, eventId, override);
  const real = teamsStandingOf(state, eventId);
  const whatIf = teamsStandingOf(state, eventId, changes);
  return {
    override: changes,
    whatIf,
    diff: {
      eventId,
      from: {
        at: said(at),
        position: real.position,
        ...(real.rulebook ? { rulebook: real.rulebook } : {}),
      },
      to: { at: `${said(at)}, what-if`, position: whatIf.position, override: changes },
      changes: diffTeamsStandings(real, whatIf),
    },
  };
}
