import { ScoringInputError } from '../../../scoring';

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

const daysIn = (y: number, m: number) => (m === 2 && isLeap(y) ? 29 : (MONTH_DAYS[m - 1] ?? 0));

/** True for a real club date `YYYY-MM-DD`. */
export function isClubDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return d >= 1 && d <= daysIn(y, m);
}

/** Throws unless `value` is a club date, naming the field and the rule it was read for. */
export function requireClubDate(value: unknown, field: string, rule: string): string {
  if (!isClubDate(value)) {
    throw new ScoringInputError(field, rule, `must be a date YYYY-MM-DD, got ${String(value)}`);
  }
  return value;
}

/** The calendar day before `date`. */
export function dayBefore(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - 86_400_000).toISOString().slice(0, 10);
}
