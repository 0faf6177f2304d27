/**
 * Club time: the wall clock an ISO instant carries in its own offset, `YYYY-MM-DDTHH:MM`.
 * Writers record occurredAt in the club's offset, so deadlines (DSB-3, DSB-9.1, DSB-10.1)
 * compare club times with no time-zone database in the core.
 */
export const clubTime = (instant: string) => instant.slice(0, 16);

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The club's date at an instant in its time zone (`Pacific/Auckland`: 2026-03-01T12:30Z is
 * 2026-03-02). The core reads club dates only: the day is worked out here and passed in.
 */
export function clubDateAt(at: Date, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, f);
  }
  const part = (type: string) => f.formatToParts(at).find((p) => p.type === type)!.value;
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}
