import { ScoringInputError } from '../../../scoring';

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True for a real club date `YYYY-MM-DD`. */
export function isClubDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = m === 2 && leap ? 29 : DAYS[m - 1];
  return days !== undefined && d >= 1 && d <= days;
}

/** Throws unless `value` is a club date, naming the field and the rule. */
export function requireClubDate(value: unknown, field: string, rule: string): string {
  if (!isClubDate(value)) {
    throw new ScoringInputError(field, rule, `must be a date YYYY-MM-DD, got ${String(value)}`);
  }
  return value;
}
