import { clubStreamId } from '../../club';
import { membersStreamId } from '../domain/streams';
import type { CompetitionsState } from '../../pairs/projection';
import type { RecordedEvent } from '../../../kernel/envelope';
import { isDay } from '../../../kernel/instant';
import { clubDateAt } from '../../../kernel/club-time';

export { clubDateAt };
import type { FieldIssue } from '../../../kernel/issues';
import {
  applicationsView,
  eventEntries,
  type EventEntriesView,
  membership,
  personHistory,
  registerView,
  seatingsOf,
  UnknownMembershipError,
  visitorsView,
  type ApplicationsView,
  type MembershipSources,
  type PersonHistoryView,
  type RegisterView,
  type VisitorsView,
} from '../projection';
import { validateStreamId } from '../../../store/append-rules';
import type { EventStore } from '../../../store/event-store';
import { clubAnswer, type LiveState } from '../../../audit/published';
import { EVENTS_PER_TURN, nextTurn } from '../../../audit/replay';

/** A membership request's parameters: the day asked (`asOf`), the year of the visitors. */
export interface MembershipQuery {
  asOf?: string;
  year?: number;
}

export type MembershipParam = 'asOf' | 'year';

/**
 * A membership request's parameters (HTTP query or CLI options), each named as `spell` writes
 * it: `asOf` a club date YYYY-MM-DD; `year` a year 1–9999 (the calendar year, or the club year
 * that starts in it).
 */
export function readMembershipQuery(
  raw: Partial<Record<MembershipParam, unknown>>,
  spell: (p: MembershipParam) => string = (p) => p,
): { value: MembershipQuery; issues: FieldIssue[] } {
  const value: MembershipQuery = {};
  const issues: FieldIssue[] = [];
  if (raw.asOf !== undefined) {
    if (isDay(raw.asOf)) value.asOf = raw.asOf;
    else
      issues.push({
        field: 'asOf',
        message: `${spell('asOf')} must be a club date YYYY-MM-DD (the register as of that day), got ${String(raw.asOf)}`,
      });
  }
  if (raw.year !== undefined) {
    const text = typeof raw.year === 'string' ? raw.year.trim() : raw.year;
    const n = typeof text === 'number' ? text : /^\d{1,4}$/.test(String(text)) ? Number(text) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > 9999)
      issues.push({
        field: 'year',
        message: `${spell('year')} must be a year 1–9999 (YYYY: the calendar year, or the club year starting in it), got ${String(raw.year)}`,
      });
    else value.year = n;
  }
  return { value, issues };
}

/** A stream's facts; none for a stream that does not (or cannot) exist. */
async function read(store: EventStore, streamId: string): Promise<RecordedEvent[]> {
  if (validateStreamId(streamId).length) return [];
  const out: RecordedEvent[] = [];
  try {
    for await (const e of store.readStream(streamId)) out.push(e);
  } catch (err) {
    if ((err as { code?: unknown }).code !== 'STREAM_NOT_FOUND') throw err;
  }
  return out;
}

/** The clock the default day is read from: a parameter, so tests give their own. */
export type Clock = () => Date;
const systemClock: Clock = () => new Date();

/** A club's sources with its time zone (ClubRegistered's), read once. */
interface ClubSources {
  sources: MembershipSources;
  timeZone: string;
}

/** Today in the club's time zone: the register's, applications' and running year's day. */
const todayOf = (c: ClubSources, clock: Clock) => clubDateAt(clock(), c.timeZone);

/**
 * What a club's membership answers read (`MembershipSources`): a replay of its streams
 * `club-<clubId>` (registration, rulebook) and `members-<clubId>` through the membership read
 * model, and from the competitions read model (live when the service keeps one) the seats
 * taken in its competitions and its roster. 404 for a club the ledger has not registered.
 */
export async function membershipSources(
  store: EventStore,
  clubId: string,
  live?: LiveState,
): Promise<MembershipSources> {
  return (await clubSources(store, clubId, live)).sources;
}

async function clubSources(
  store: EventStore,
  clubId: string,
  live?: LiveState,
): Promise<ClubSources> {
  const club = await read(store, clubStreamId(clubId));
  const registered = club.find((e) => e.type === 'ClubRegistered');
  if (!registered) {
    throw new UnknownMembershipError(
      'clubId',
      `no club ${clubId} in the ledger (no ClubRegistered on club-${clubId})`,
    );
  }
  const events = [...club, ...(await read(store, membersStreamId(clubId)))].sort(
    (a, b) => a.position - b.position,
  );
  let state = membership.initial();
  for (let i = 0; i < events.length; i++) {
    if (i > 0 && i % EVENTS_PER_TURN === 0) await nextTurn();
    state = membership.apply(state, events[i]!, undefined);
  }
  const { seatings, roster } = await clubAnswer(
    store,
    clubId,
    {},
    live,
    (s: CompetitionsState) => ({
      seatings: seatingsOf(s, clubId),
      roster: s.players[clubId] ?? {},
    }),
  );
  const zone = (registered.data as { timeZone?: unknown }).timeZone;
  return {
    sources: { clubId, state, seatings, roster },
    timeZone: typeof zone === 'string' ? zone : 'UTC',
  };
}

/** `GET /clubs/:clubId/members`, `bridge-ledger members`: the register as of a day. */
export async function registerAt(
  store: EventStore,
  clubId: string,
  q: MembershipQuery = {},
  live?: LiveState,
  clock: Clock = systemClock,
): Promise<RegisterView> {
  const c = await clubSources(store, clubId, live);
  return registerView(c.sources, q.asOf ?? todayOf(c, clock));
}

/** `GET /clubs/:clubId/members/:personId`, `bridge-ledger member`: one person's history. */
export async function memberAt(
  store: EventStore,
  clubId: string,
  personId: string,
  q: MembershipQuery = {},
  live?: LiveState,
  clock: Clock = systemClock,
): Promise<PersonHistoryView> {
  const c = await clubSources(store, clubId, live);
  return personHistory(c.sources, personId, q.asOf ?? todayOf(c, clock));
}

/** `GET /clubs/:clubId/applications`, `bridge-ledger applications`: those pending on a day. */
export async function applicationsAt(
  store: EventStore,
  clubId: string,
  q: MembershipQuery = {},
  live?: LiveState,
  clock: Clock = systemClock,
): Promise<ApplicationsView> {
  const c = await clubSources(store, clubId, live);
  return applicationsView(c.sources, q.asOf ?? todayOf(c, clock));
}

/** `GET /clubs/:clubId/visitors`, `bridge-ledger visitors`: the visitors of a year. */
export async function visitorsIn(
  store: EventStore,
  clubId: string,
  q: MembershipQuery = {},
  live?: LiveState,
  clock: Clock = systemClock,
): Promise<VisitorsView> {
  const c = await clubSources(store, clubId, live);
  return visitorsView(c.sources, q.year, todayOf(c, clock));
}

/**
 * `GET /clubs/:clubId/events/:eventId/entries`, `bridge-ledger entries`: the sessions played in
 * one event, with the rules' verdicts on each (PIN-R8 flags) and their table money.
 */
export async function eventEntriesAt(
  store: EventStore,
  clubId: string,
  eventId: string,
  q: MembershipQuery = {},
  live?: LiveState,
  clock: Clock = systemClock,
): Promise<EventEntriesView> {
  const c = await clubSources(store, clubId, live);
  return eventEntries(c.sources, eventId, q.asOf ?? todayOf(c, clock));
}
