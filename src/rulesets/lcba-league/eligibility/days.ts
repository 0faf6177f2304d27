const DAY = 86_400_000;

/** The calendar day `days` after `day` (YYYY-MM-DD; negative: before). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY).toISOString().slice(0, 10);
}

/** Whether `day` is on or before `asOf` (no asOf: every day is). */
export const byAsOf = (day: string, asOf: string | undefined) => asOf === undefined || day <= asOf;
