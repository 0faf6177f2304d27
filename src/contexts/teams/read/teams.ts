import { clubStreamId } from '../../club';
import { correctionsStreamId } from '../../corrections';
import type { RecordedEvent } from '../../../kernel/envelope';
import type { FieldIssue } from '../../../kernel/issues';
import type { EventStore } from '../../../store/event-store';
import {
  EVENTS_PER_TURN,
  nextTurn,
  readStreamTo as read,
  replayFromStore,
  withinBounds,
} from '../../../audit/replay';
import { readDayOrInstant } from '../../../audit/table-query';
import { teamsStreamId } from '../domain/streams';
import {
  swissProposalOf,
  teamCardOf,
  teamsEventList,
  teamsEventsProjection,
  teamsMatchOf,
  teamsStandingOf,
  type TeamsReadState,
} from '../projection';

/**
 * When a teams event is asked about. `asOf` is read two ways: a club date (`2026-03-17`) is the
 * event as played by that day (its matches and defaults by then, the rulebook in force then);
 * an instant with a zone is "as recorded by then" (a replay of the facts recorded by it).
 * `atPosition`: as of a ledger position.
 */
export interface TeamsMoment {
  day?: string;
  asOf?: string;
  atPosition?: number;
}

export type TeamsParam = 'asOf' | 'atPosition';

/** A teams request's moment (HTTP query or CLI options), each named as `spell` writes it. */
export function readTeamsQuery(
  raw: Partial<Record<TeamsParam, unknown>>,
  spell: (p: TeamsParam) => string = (p) => p,
): { value: TeamsMoment; issues: FieldIssue[] } {
  return readDayOrInstant<TeamsParam>(raw, spell, 'the event as played by that day');
}

/** Whether a fact was played by a club date: a match by its day, a default by its scheduled day. */
function playedBy(day: string | undefined) {
  return (e: RecordedEvent) => {
    if (day === undefined) return true;
    const d = e.data as { playedOn?: unknown; scheduledOn?: unknown; effectiveFrom?: unknown };
    const own = d.playedOn ?? d.scheduledOn;
    return typeof own !== 'string' || own <= day;
  };
}

/**
 * The teams read model of one event as the ledger had it at a moment: a replay of its stream
 * `teams-<eventId>`, its club's `club-<clubId>` (the rulebook in force) and
 * `corrections-<clubId>` (its matches corrected), merged by position.
 */
export async function teamsEventStateAt(
  store: EventStore,
  eventId: string,
  at: TeamsMoment = {},
): Promise<TeamsReadState> {
  const keep = withinBounds({ asOf: at.asOf, toPosition: at.atPosition });
  const to = at.atPosition ?? Number.POSITIVE_INFINITY;
  const own = (await read(store, teamsStreamId(eventId), to)).filter(keep).filter(playedBy(at.day));
  const created = own.find((e) => e.type === 'TeamsEventCreated');
  const clubId = (created?.data as { clubId?: unknown } | undefined)?.clubId;
  const club =
    typeof clubId === 'string'
      ? [
          ...(await read(store, clubStreamId(clubId), to)),
          // The club's corrections: an accepted one replaces a match where it stands.
          ...(await read(store, correctionsStreamId(clubId), to)),
        ].filter(keep)
      : [];
  const events = [...own, ...club].sort((a, b) => a.position - b.position);
  let state = teamsEventsProjection.initial();
  for (let i = 0; i < events.length; i++) {
    if (i > 0 && i % EVENTS_PER_TURN === 0) await nextTurn();
    state = teamsEventsProjection.apply(state, events[i]!, undefined);
  }
  return state;
}

/** Every teams event the ledger holds (a replay of the ledger to the moment). */
export async function teamsListAt(store: EventStore, at: TeamsMoment = {}) {
  const { state } = await replayFromStore(store, teamsEventsProjection, {
    ...(at.asOf ? { asOf: at.asOf } : {}),
    ...(at.atPosition !== undefined ? { toPosition: at.atPosition } : {}),
  });
  return teamsEventList(state);
}

export const teamsStandingAt = async (store: EventStore, eventId: string, at: TeamsMoment = {}) =>
  teamsStandingOf(await teamsEventStateAt(store, eventId, at), eventId);

export const teamsMatchAt = async (
  store: EventStore,
  eventId: string,
  matchId: string,
  at: TeamsMoment = {},
) => teamsMatchOf(await teamsEventStateAt(store, eventId, at), eventId, matchId);

export const teamCardAt = async (
  store: EventStore,
  eventId: string,
  teamId: string,
  at: TeamsMoment = {},
) => teamCardOf(await teamsEventStateAt(store, eventId, at), eventId, teamId);

export const swissProposalAt = async (
  store: EventStore,
  eventId: string,
  round: number,
  at: TeamsMoment = {},
) => swissProposalOf(await teamsEventStateAt(store, eventId, at), eventId, round);
