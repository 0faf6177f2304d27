import type { CompetitionState } from '../competition/state';
import { sessionDateOf } from '../competition/state';
import type { SessionTime } from './deadline';

/**
 * What a deadline reads of a competition (issue 16): its sessions' days and start times (as
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
}

/** A competition's calendar, from its state as the deciders fold it. */
export function calendarOf(c: CompetitionState): CompetitionCalendar | undefined {
  const created = c.competition;
  if (!created) return undefined;
  const sessions = created.sessions.map((s) => ({
    session: s.session,
    date: sessionDateOf(c, s.session) ?? s.date,
    startTime: s.startTime,
  }));
  for (const key in c.heldOn ?? {}) {
    const n = Number(key);
    if (!sessions.some((s) => s.session === n))
      sessions.push({ session: n, date: c.heldOn![n], startTime: '' });
  }
  const links: Record<string, number> = {};
  for (const link of Object.values(c.boardLinks ?? {})) links[link.sessionStreamId] = link.session;
  return { competitionId: created.competitionId, clubId: created.clubId, sessions, links };
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
  return {
    date: own.date,
    startTime: own.startTime,
    ...(next ? { next: { date: next.date, startTime: next.startTime } } : {}),
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
