import { clubStreamId } from '../../club';
import { membersStreamId } from '../../membership';
import { correctionsStreamId } from '../../corrections';
import type { RecordedEvent } from '../../../kernel/envelope';
import { clubDateAt } from '../../../kernel/club-time';
import type { FieldIssue } from '../../../kernel/issues';
import type { EventStore } from '../../../store/event-store';
import {
  EVENTS_PER_TURN,
  nextTurn,
  readStreamTo as read,
  replayFromStore,
  withinBounds,
} from '../../../audit/replay';
import { InvalidTableQueryError, readDayOrInstant } from '../../../audit/table-query';
import { meetingsStreamId } from '../domain/streams';
import {
  constitutionOf,
  meetingMinutesOf,
  meetingsOf,
  meetingsProjection,
  officersOf,
  UnknownMeetingError,
  type MeetingsReadState,
} from '../projection';

/**
 * When a club's meetings are asked about. `asOf` is read two ways: a club date (`2019-03-21`)
 * is the officers and the constitution on that day; an instant with a zone is "as recorded by
 * then" (a replay of the facts recorded by it). `atPosition`: as of a ledger position.
 */
export interface MeetingsMoment {
  day?: string;
  asOf?: string;
  atPosition?: number;
}

export type MeetingsParam = 'asOf' | 'atPosition';

/** A meetings request's moment (HTTP query or CLI options), each named as `spell` writes it. */
export function readMeetingsQuery(
  raw: Partial<Record<MeetingsParam, unknown>>,
  spell: (p: MeetingsParam) => string = (p) => p,
): { value: MeetingsMoment; issues: FieldIssue[] } {
  return readDayOrInstant<MeetingsParam>(raw, spell, 'the officers and constitution on that day');
}

/**
 * The meetings facts of things done by a club date: each by its own day (a call's `calledOn`, a
 * notice's `displayedOn`, a motion's or nomination's `receivedOn`), what happens at a meeting by
 * the meeting's day.
 */
function heldBy(day: string | undefined, facts: RecordedEvent[]): RecordedEvent[] {
  if (day === undefined) return facts;
  const dates = new Map<string, string>();
  return facts.filter((e) => {
    const d = e.data as Record<string, unknown>;
    if (e.type === 'MeetingCalled') dates.set(d.meetingId as string, d.date as string);
    const own =
      d.calledOn ?? d.displayedOn ?? d.receivedOn ?? d.from ?? dates.get(d.meetingId as string);
    return typeof own !== 'string' || own <= day;
  });
}

/** The clock the default day is read from: a parameter, so tests give their own. */
export type Clock = () => Date;

/**
 * One club's meetings read model as the ledger had it at a moment: a replay of its streams
 * `club-<clubId>` (registration, rulebook), `members-<clubId>` (the register a quorum counts)
 * and `meetings-<clubId>`, merged by position; with the club's today (in its time zone).
 */
async function clubAt(store: EventStore, clubId: string, at: MeetingsMoment, clock: Clock) {
  const keep = withinBounds({ asOf: at.asOf, toPosition: at.atPosition });
  const to = at.atPosition ?? Number.POSITIVE_INFINITY;
  const club = (await read(store, clubStreamId(clubId), to)).filter(keep);
  const registered = club.find((e) => e.type === 'ClubRegistered');
  if (!registered) {
    throw new UnknownMeetingError(
      'clubId',
      `no club ${clubId} in the ledger (no ClubRegistered on club-${clubId})`,
    );
  }
  const events = [
    ...club,
    ...(await read(store, membersStreamId(clubId), to)).filter(keep),
    ...heldBy(at.day, (await read(store, meetingsStreamId(clubId), to)).filter(keep)),
    // The club's corrections: an accepted one replaces a meetings fact where it stands.
    ...(await read(store, correctionsStreamId(clubId), to))
      .filter(keep)
      .filter((e) => at.day === undefined || e.occurredAt.slice(0, 10) <= at.day),
  ].sort((a, b) => a.position - b.position);
  let state: MeetingsReadState = meetingsProjection.initial();
  for (let i = 0; i < events.length; i++) {
    if (i > 0 && i % EVENTS_PER_TURN === 0) await nextTurn();
    state = meetingsProjection.apply(state, events[i]!, undefined);
  }
  const zone = (registered.data as { timeZone?: unknown }).timeZone;
  const today = clubDateAt(clock(), typeof zone === 'string' ? zone : 'UTC');
  return { state, day: at.day ?? today };
}

const systemClock: Clock = () => new Date();

/** The meetings read model of one club as the ledger had it at a moment. */
export const meetingsStateAt = async (store: EventStore, clubId: string, at: MeetingsMoment = {}) =>
  (await clubAt(store, clubId, at, systemClock)).state;

/** `GET /clubs/:clubId/meetings`, `bridge-ledger meetings`: the meetings, the AGM calendar, the requests. */
export async function meetingsAt(
  store: EventStore,
  clubId: string,
  at: MeetingsMoment = {},
  clock = systemClock,
) {
  const c = await clubAt(store, clubId, at, clock);
  return meetingsOf(c.state, clubId, c.day);
}

/** `GET /clubs/:clubId/meetings/:meetingId`, `bridge-ledger meeting`: one meeting's minutes. */
export async function meetingAt(
  store: EventStore,
  clubId: string,
  meetingId: string,
  at: MeetingsMoment = {},
) {
  const c = await clubAt(store, clubId, at, systemClock);
  return meetingMinutesOf(c.state, clubId, meetingId);
}

/** `GET /clubs/:clubId/officers`, `bridge-ledger officers`: the officers in office on a day. */
export async function officersAt(
  store: EventStore,
  clubId: string,
  at: MeetingsMoment = {},
  clock = systemClock,
) {
  const c = await clubAt(store, clubId, at, clock);
  return officersOf(c.state, clubId, c.day);
}

/** `GET /clubs/:clubId/constitution`: the constitution as amended on a day, section by section. */
export async function constitutionAt(
  store: EventStore,
  clubId: string,
  at: MeetingsMoment = {},
  clock = systemClock,
) {
  const c = await clubAt(store, clubId, at, clock);
  return constitutionOf(c.state, clubId, c.day);
}

/**
 * The club whose meeting `meetingId` is (a meeting id is its club's): a replay of the ledger's
 * meetings facts. None: 404; several clubs: asked wrongly (name the club).
 */
export async function findMeetingClub(store: EventStore, meetingId: string): Promise<string> {
  const { state } = await replayFromStore(store, meetingsProjection);
  const clubs = Object.values(state.clubs)
    .filter((c) =>
      c.meetings.some(
        (f) =>
          f.type === 'MeetingCalled' && (f.data as { meetingId?: unknown }).meetingId === meetingId,
      ),
    )
    .map((c) => c.clubId);
  if (clubs.length === 0) {
    throw new UnknownMeetingError('meetingId', `the ledger has no meeting ${meetingId}`);
  }
  if (clubs.length > 1) {
    throw new InvalidTableQueryError([
      {
        field: 'club',
        message: `meeting ${meetingId} is of several clubs (${clubs.join(', ')}): name one with --club`,
      },
    ]);
  }
  return clubs[0]!;
}
