import type { CorrectionParams, RulingAppealParams } from '../../../rulebooks/deadlines';

/**
 * The deadlines of corrections and appeals, derived (never stored) from the session a
 * fact concerns, the club's rulebook in force on that session's day and the club's time zone.
 * A deadline is an instant; a fact is late when it comes after it (`inclusive`: "until" the
 * instant, as DSB-20.3 and "within N days" read) or at it or after it (not inclusive: "before
 * the start of play", NZ-13). Time zones come from the runtime's Intl data, as the club decider
 * checks them: a session's wall-clock start in the club's zone, across a DST change, is the
 * instant the club's clock shows then.
 */
export interface Deadline {
  /** The instant, written in the club's offset at that instant (`2026-04-13T19:30:00+12:00`). */
  at: string;
  /** Whether a fact at exactly `at` is on time. */
  inclusive: boolean;
  /** The rule the deadline is (NZ-13, DSB-20.3, LCBA-10.2 …). */
  rule: string;
  /** How it was counted, for the log: "2026-04-06 + 7 days at 19:30 (Pacific/Auckland)". */
  basis: string;
}

/** A session's day and start, and the competition's next session when it has one. */
export interface SessionTime {
  date: string;
  /** HH:MM club time; '' or absent: the rulebook's `corrections.sessionStart`. */
  startTime?: string;
  next?: { date: string; startTime?: string };
  /** The competition's session it is, when it is one. */
  of?: { competitionId: string; session: number };
  /**
   * When the session's official score was made available: the occurredAt of its latest result
   * fact (PIN-R28, Law 92B); absent while none is recorded.
   */
  scoredAt?: string;
}

/** A club's zone (`Pacific/Auckland`) or, when the club's is unknown, a fixed offset (`+13:00`). */
export type Zone = string;

const OFFSET = /^([+-])(\d{2}):(\d{2})$/;
const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in minutes (+780 for NZDT). */
export function offsetMinutes(zone: Zone, ms: number): number {
  const fixed = OFFSET.exec(zone);
  if (fixed) return (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3]));
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / MINUTE);
}

/**
 * The instant a wall clock shows `date` at `time` in the zone. In a DST gap (a time the clock
 * skips) the instant after it; in an overlap, the first.
 */
export function wallClockInstant(date: string, time: string, zone: Zone): number {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  const first = guess - offsetMinutes(zone, guess) * MINUTE;
  const second = guess - offsetMinutes(zone, first) * MINUTE;
  return offsetMinutes(zone, second) === offsetMinutes(zone, first)
    ? second
    : Math.max(first, second);
}

/** An instant written in the zone's offset then: `2026-04-13T19:30:00+12:00`. */
export function instantInZone(ms: number, zone: Zone): string {
  const off = offsetMinutes(zone, ms);
  const local = new Date(ms + off * MINUTE).toISOString().slice(0, 19);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}

/** The calendar day `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [y, mo, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, mo - 1, d) + days * DAY).toISOString().slice(0, 10);
}

/** An instant's wall clock in the zone: its day and HH:MM. */
export function wallClockOf(instant: string, zone: Zone): { date: string; time: string } {
  const ms = Date.parse(instant);
  const local = new Date(ms + offsetMinutes(zone, ms) * MINUTE).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** Whether a fact at `at` (an instant) comes after the deadline. */
export function isLate(at: string, deadline: Deadline): boolean {
  const t = Date.parse(at);
  const d = Date.parse(deadline.at);
  return deadline.inclusive ? t > d : t >= d;
}

const zoneName = (zone: Zone) => (OFFSET.test(zone) ? `UTC${zone}` : zone);

function deadlineAt(ms: number, zone: Zone, inclusive: boolean, rule: string, basis: string) {
  return { at: instantInZone(ms, zone), inclusive, rule, basis: `${basis} (${zoneName(zone)})` };
}

/** `minutes` before the next session's start, inclusive ("until", DSB-20.3). */
function beforeNext(
  next: NonNullable<SessionTime['next']>,
  minutes: number,
  sessionStart: string,
  zone: Zone,
  rule: string,
): Deadline {
  const start = next.startTime || sessionStart;
  const ms = wallClockInstant(next.date, start, zone) - minutes * MINUTE;
  return deadlineAt(
    ms,
    zone,
    true,
    rule,
    `until ${minutes} minutes before the next session, ${next.date} ${start}`,
  );
}

/**
 * A correction's deadline (NZ-13 by default: before the start of play of the same day or night
 * `deadlineDays` later, in the club's zone); undefined when the rulebook sets none.
 */
export function correctionDeadline(
  params: CorrectionParams,
  session: SessionTime,
  zone: Zone,
): Deadline | undefined {
  const start = session.startTime || params.sessionStart;
  if (params.until === 'none') return undefined;
  if (params.until === 'before-next-session' && session.next) {
    return beforeNext(
      session.next,
      params.minutesBeforeNextSession,
      params.sessionStart,
      zone,
      params.rule,
    );
  }
  const day = addDays(session.date, params.deadlineDays);
  return deadlineAt(
    wallClockInstant(day, start, zone),
    zone,
    false,
    params.rule,
    `before the start of play ${params.deadlineDays} days after the session of ${session.date}: ${day} ${start}`,
  );
}

/** What a ruling's appeal deadline reads of the ruling besides its session. */
export interface RulingTime {
  /** PIN-R26: the rubber the ruling was given in, and when it ended. */
  rubber?: { table?: string; endedAt: string };
}

/**
 * An appeal against a ruling: LCBA-10.2 (to the end of the 7th day after the match), DSB-20.3,
 * PIN-R26 (before the end of the rubber), PIN-R28 (within 30 minutes of the official score).
 * Undefined when the rulebook sets none, or when what it counts from is not recorded (no rubber
 * end, no score yet: see `pendingRulingDeadline`).
 */
export function rulingAppealDeadline(
  params: RulingAppealParams,
  session: SessionTime,
  sessionStart: string,
  zone: Zone,
  ruling: RulingTime = {},
): Deadline | undefined {
  if (params.until === 'none') return undefined;
  if (params.until === 'before-end-of-rubber') {
    const rubber = ruling.rubber;
    if (!rubber) return undefined;
    const table = rubber.table !== undefined ? ` at table ${rubber.table}` : '';
    // "before the end of the rubber": an appeal at the end itself is too late.
    return deadlineAt(
      Date.parse(rubber.endedAt),
      zone,
      false,
      params.rule,
      `before the end of the rubber${table}, ${rubber.endedAt}`,
    );
  }
  if (params.until === 'minutes-after-score-available') {
    if (session.scoredAt === undefined) return undefined;
    const minutes = params.minutes ?? 0;
    // Law 92B: the right "expires" `minutes` after; read as "within", as the other deadlines are.
    return deadlineAt(
      Date.parse(session.scoredAt) + minutes * MINUTE,
      zone,
      true,
      params.rule,
      `within ${minutes} minutes of the official score of the session of ${session.date}, made available ${session.scoredAt}`,
    );
  }
  if (params.until === 'before-next-session' && session.next) {
    return beforeNext(
      session.next,
      params.minutesBeforeNextSession,
      sessionStart,
      zone,
      params.rule,
    );
  }
  const day = addDays(session.date, params.days);
  return deadlineAt(
    wallClockInstant(addDays(day, 1), '00:00', zone),
    zone,
    false,
    params.rule,
    `within ${params.days} days of the session of ${session.date}: to the end of ${day}`,
  );
}

/**
 * A deadline the rulebook sets but the ledger cannot place yet, shown as such: PIN-R28 before
 * the session's score is recorded (the appeal is in time until it is), PIN-R26 without the
 * rubber's end (a ruling recorded before its rulebook asked for it).
 */
export interface PendingDeadline {
  rule: string;
  basis: string;
}

export function pendingRulingDeadline(
  params: RulingAppealParams,
  session: SessionTime,
  ruling: RulingTime = {},
): PendingDeadline | undefined {
  if (params.until === 'minutes-after-score-available' && session.scoredAt === undefined) {
    return {
      rule: params.rule,
      basis: `${params.minutes ?? 0} minutes after the official score of the session of ${session.date} is made available: no score recorded yet, in time until one is`,
    };
  }
  if (params.until === 'before-end-of-rubber' && !ruling.rubber) {
    return {
      rule: params.rule,
      basis: 'before the end of the rubber: the ruling records no rubber end (rubber.endedAt)',
    };
  }
  return undefined;
}

/** `days` after an instant, at the same wall-clock time in the zone, inclusive ("within"). */
export function daysAfter(
  instant: string,
  days: number,
  zone: Zone,
  rule: string,
  what: string,
): Deadline {
  const { date, time } = wallClockOf(instant, zone);
  const ms = Date.parse(instant);
  const seconds = Math.floor(ms / 1000) % 60;
  const at = wallClockInstant(addDays(date, days), time, zone) + seconds * 1000;
  return deadlineAt(at, zone, true, rule, `within ${days} days of ${what} ${instant}`);
}
