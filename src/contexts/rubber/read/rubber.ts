import { clubStreamId } from '../../club';
import { correctionsStreamId } from '../../corrections';
import type { FieldIssue } from '../../../kernel/issues';
import { isInstant } from '../../../kernel/instant';
import type { Json } from '../../../rulebooks/rulebook';
import { rulebookOverrideOf } from '../../../rulebooks/rulebook-override';
import type { EventStore } from '../../../store/event-store';
import { readStreamTo as read, replayFromStore, withinBounds } from '../../../audit/replay';
import { InvalidTableQueryError, readDayOrInstant } from '../../../audit/table-query';
import { rubberStreamId } from '../domain/streams';
import {
  rubberProjection,
  rubberSessionOf,
  UnknownRubberSessionError,
  type RubberReadState,
  type RubberSessionView,
} from '../projection';

/**
 * When an evening is asked about: `at`, a time of the evening (who sat where then, by the times
 * the duty member recorded); `asOf`, an instant, as the ledger had recorded it by then;
 * `atPosition`, as of a ledger position.
 */
export interface RubberMoment {
  at?: string;
  asOf?: string;
  atPosition?: number;
}

export type RubberParam = 'at' | 'asOf' | 'atPosition';

/** A rubber request's moment (HTTP query or CLI options), each named as `spell` writes it. */
export function readRubberQuery(
  raw: Partial<Record<RubberParam, unknown>>,
  spell: (p: RubberParam) => string = (p) => p,
): { value: RubberMoment; issues: FieldIssue[] } {
  const { value, issues } = readDayOrInstant<RubberParam>(raw, spell, 'not asked of an evening');
  const out: RubberMoment = { asOf: value.asOf, atPosition: value.atPosition };
  if (value.day !== undefined) {
    issues.push({
      field: 'asOf',
      message: `${spell('asOf')} must be an ISO 8601 instant with a zone (as recorded by then): an evening is asked at a time, not a day`,
    });
  }
  if (raw.at !== undefined) {
    if (isInstant(raw.at)) out.at = raw.at;
    else
      issues.push({
        field: 'at',
        message: `${spell('at')} must be an ISO 8601 instant with a zone (a time of the evening), got ${String(raw.at)}`,
      });
  }
  return { value: out, issues };
}

/**
 * One evening's read model as the ledger had it at a moment: its stream `rubber-<sessionId>` and
 * its club's stream (the rulebook its rules read), merged by position. An evening of another
 * club than the one asked is not found (a club's keys read its own evenings only).
 */
async function sessionStateAt(
  store: EventStore,
  clubId: string | undefined,
  sessionId: string,
  at: RubberMoment,
): Promise<{ state: RubberReadState; clubId: string }> {
  const keep = withinBounds({ asOf: at.asOf, toPosition: at.atPosition });
  const to = at.atPosition ?? Number.POSITIVE_INFINITY;
  const facts = (await read(store, rubberStreamId(sessionId), to)).filter(keep);
  const owner = (facts[0]?.data as { clubId?: string } | undefined)?.clubId;
  if (owner === undefined || (clubId !== undefined && owner !== clubId)) {
    throw new UnknownRubberSessionError(
      `the ledger has no rubber session ${sessionId}${clubId !== undefined ? ` of club ${clubId}` : ''}`,
    );
  }
  const club = (await read(store, clubStreamId(owner), to)).filter(keep);
  // The club's corrections: an accepted one replaces the evening's fact where it stands.
  const corrections = (await read(store, correctionsStreamId(owner), to)).filter(keep);
  let state = rubberProjection.initial();
  for (const e of [...club, ...facts, ...corrections].sort((a, b) => a.position - b.position)) {
    state = rubberProjection.apply(state, e, undefined);
  }
  return { state, clubId: owner };
}

/**
 * `GET /clubs/:clubId/rubber/:sessionId`, `bridge-ledger rubber`: an evening's tables, who
 * waits, each tenure and who leaves at the next Table Up, at a moment. `clubId` undefined: the
 * evening's own club (the CLI reads the whole ledger).
 */
export async function rubberSessionAt(
  store: EventStore,
  clubId: string | undefined,
  sessionId: string,
  at: RubberMoment = {},
): Promise<RubberSessionView> {
  const { state } = await sessionStateAt(store, clubId, sessionId, at);
  return rubberSessionOf(state, sessionId, { at: at.at });
}

/**
 * A what-if of an evening: the same facts read by the club's rubber rules amended from its day
 * (e.g. `{"rubber.sevenHandRule.playersAtMost": 8}`); nothing is stored. Refusals name the path.
 */
export async function rubberWhatIfAt(
  store: EventStore,
  clubId: string | undefined,
  sessionId: string,
  override: unknown,
  at: RubberMoment = {},
): Promise<{ override: Record<string, Json>; whatIf: RubberSessionView }> {
  const { state, clubId: owner } = await sessionStateAt(store, clubId, sessionId, at);
  const real = rubberSessionOf(state, sessionId, { at: at.at });
  const r = rulebookOverrideOf(
    state.rulebooks[owner] ?? [],
    real.day,
    override,
    '{"rubber.sevenHandRule.playersAtMost": 8}',
  );
  if ('issue' in r) throw new InvalidTableQueryError([r.issue]);
  return {
    override: r.changes,
    whatIf: rubberSessionOf(state, sessionId, { at: at.at, whatIf: r.changes }),
  };
}

/** A club's evenings, newest first: `GET /clubs/:clubId/rubber`. */
export async function rubberSessionsAt(store: EventStore, clubId: string) {
  const { state } = await replayFromStore(store, rubberProjection);
  const sessions = Object.values(state.sessions)
    .filter((s) => s.clubId === clubId)
    .map((s) => {
      const d = s.facts[0]!.data as { day: string; kind: string; dutyMember: string };
      return {
        sessionId: s.sessionId,
        day: d.day,
        kind: d.kind,
        dutyMember: d.dutyMember,
        facts: s.facts.length,
      };
    })
    .sort((a, b) => b.day.localeCompare(a.day) || a.sessionId.localeCompare(b.sessionId));
  return { clubId, sessions };
}
