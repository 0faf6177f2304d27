/**
 * An instant as the ledger reads it (an event's `occurredAt`, a table's `asOf`): ISO 8601 with
 * a date, a time and a zone, every part a real one. `Date.parse` alone is not enough: it reads
 * 2026-02-30 as 2 March and accepts year 0000 and a date with no time or zone.
 */
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** A calendar day: year 0001–9999 (no year 0000), a month, and a day that month has. */
function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Date.UTC reads years 0–99 as 1900–1999; setUTCFullYear does not.
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** `YYYY-MM-DD`, a day the calendar has. */
export function isDay(value: unknown): value is string {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return m !== null && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** `2026-03-02T19:30:00+13:00`: a calendar day, a time of day (00:00–23:59:59) and a zone. */
export function isInstant(value: unknown): value is string {
  const m = typeof value === 'string' ? INSTANT.exec(value) : null;
  if (!m) return false;
  const [, y, mo, d, h, mi, s = '0', zh = '0', zm = '0'] = m;
  return (
    isCalendarDay(Number(y), Number(mo), Number(d)) &&
    Number(h) <= 23 &&
    Number(mi) <= 59 &&
    Number(s) <= 59 &&
    Number(zh) <= 23 &&
    Number(zm) <= 59 &&
    !Number.isNaN(Date.parse(value as string))
  );
}

/**
 * Whether instant `at` is later than `before` (none yet: later). The facts of one append share
 * their instant, written alike, so equal strings are the same instant without parsing either.
 */
export function isLaterInstant(at: string, before: string | undefined): boolean {
  return before === undefined || (at !== before && Date.parse(at) > Date.parse(before));
}
