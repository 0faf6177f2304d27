import type { CompetitionState } from '../../pairs';
import type { RulingGivenData } from '../facts/corrections';
import type { SessionTime } from './deadline';

/**
 * What a deadline reads of a competition: its sessions' days and start times (as
 * held when a SessionHeld says so, else as planned) and which scored session (its stream)
 * each session was played as. The corrections decider builds it from the club's competitions,
 * the correction log from its own fold: both read the same days.
 */
export interface CompetitionCalendar {
  competitionId: string;
  clubId: string;
  sessions: Array<{ session: number; date: string; startTime: string }>;
  /** sessionStreamId → the competition's session played as it. */
  links: Record<string, number>;
  /** Session → when its latest result fact occurred: its official score made available. */
  scoredAt: Record<number, string>;
}

/**
 * What a calendar is built from: the competition's creation (its club and planned sessions),
 * the days its sessions were held on, and its links to scored sessions. The correction log
 * folds this much of a competition; the deciders' state has it too (`calendarOf`).
 */
export interface CompetitionCalendarSource {
  competition: {
    competitionId: string;
    clubId: string;
    sessions: ReadonlyArray<{ session: number; date: string; startTime: string }>;
  };
  /** Session → the day its SessionHeld says. */
  heldOn: Record<number, string>;
  /** sessionStreamId → the session played as it. */
  links: Record<string, number>;
  /**
   * Session → the occurredAt of its latest result fact (SessionResultRecorded,
   * SessionScoredFromBoards); absent in a source folded before PIN-R28 was read.
   */
  scoredAt?: Record<number, string>;
}

/** A competition's calendar, from its state as the deciders fold it. */
export function calendarOf(c: CompetitionState): CompetitionCalendar | undefined {
  const created = c.competition;
  if (!created) return undefined;
  const links: Record<string, number> = {};
  for (const link of Object.values(c.boardLinks ?? {})) links[link.sessionStreamId] = link.session;
  return calendarFrom({
    competition: created,
    heldOn: c.heldOn ?? {},
    links,
    scoredAt: c.scoredAt ?? {},
  });
}

/** A calendar from its source: a session's day is as held when a SessionHeld says so. */
export function calendarFrom(src: CompetitionCalendarSource): CompetitionCalendar {
  const { competition: created, heldOn } = src;
  const sessions = created.sessions.map((s) => ({
    session: s.session,
    date: heldOn[s.session] ?? s.date,
    startTime: s.startTime,
  }));
  for (const key in heldOn) {
    const n = Number(key);
    if (!sessions.some((s) => s.session === n))
      sessions.push({ session: n, date: heldOn[n], startTime: '' });
  }
  return {
    competitionId: created.competitionId,
    clubId: created.clubId,
    sessions,
    links: { ...src.links },
    scoredAt: { ...src.scoredAt },
  };
}

const order = (a: { date: string; startTime: string }, b: { date: string; startTime: string }) =>
  a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime);

/** A session of the calendar with the competition's next one (by day and start), if any. */
export function sessionTimeIn(
  calendar: CompetitionCalendar,
  session: number,
): SessionTime | undefined {
  const own = calendar.sessions.find((s) => s.session === session);
  if (!own) return undefined;
  const next = [...calendar.sessions].sort(order).find((s) => order(s, own) > 0);
  const scoredAt = calendar.scoredAt[session];
  return {
    date: own.date,
    startTime: own.startTime,
    ...(next ? { next: { date: next.date, startTime: next.startTime } } : {}),
    of: { competitionId: calendar.competitionId, session },
    ...(scoredAt !== undefined ? { scoredAt } : {}),
  };
}

/**
 * The session a fact of a stream concerns: a competition fact's session (its data's
 * `competitionId` and `session`), or a scored session's day (and, when a competition's session
 * was played as it, that session's start and next). Undefined for a fact of no session (a
 * pair's entry) or a session the club does not know.
 */
export function sessionTimeOfFact(
  where: { streamId: string; data: unknown },
  calendars: readonly CompetitionCalendar[],
  scoredSessionDate: (streamId: string) => string | undefined,
): SessionTime | undefined {
  const d = (where.data ?? {}) as Record<string, unknown>;
  if (typeof d.competitionId === 'string' && typeof d.session === 'number') {
    const calendar = calendars.find((c) => c.competitionId === d.competitionId);
    return calendar ? sessionTimeIn(calendar, d.session) : undefined;
  }
  return scoredSessionTime(where.streamId, calendars, scoredSessionDate);
}

/** A scored session's time: its linked competition session's, else its movement's day. */
export function scoredSessionTime(
  streamId: string,
  calendars: readonly CompetitionCalendar[],
  scoredSessionDate: (streamId: string) => string | undefined,
): SessionTime | undefined {
  for (const c of calendars) {
    const session = c.links[streamId];
    if (session !== undefined) {
      const time = sessionTimeIn(c, session);
      if (time) return time;
    }
  }
  const date = scoredSessionDate(streamId);
  return date === undefined ? undefined : { date };
}

/** The session a ruling is on: its competition's session, else its scored session. */
export function rulingSession(
  ruling: Pick<RulingGivenData, 'competitionId' | 'session' | 'sessionStreamId'>,
  calendars: readonly CompetitionCalendar[],
  scoredDate: (streamId: string) => string | undefined,
) {
  if (ruling.competitionId !== undefined && ruling.session !== undefined) {
    const c = calendars.find((x) => x.competitionId === ruling.competitionId);
    const time = c && sessionTimeIn(c, ruling.session);
    if (time) return time;
  }
  if (ruling.sessionStreamId !== undefined)
    return scoredSessionTime(ruling.sessionStreamId, calendars, scoredDate);
  return undefined;
}
