import { ScoringInputError } from '../../../scoring';
import type { VisitorInput } from '../model';
import { isClubDate } from './dates';

type Year = VisitorInput['year'];

/** The rule a year kind counts for: a calendar year is PIN-R10's, a club year NZ-10's. */
export const limitRule = (year: Year) => (year.kind === 'calendar' ? 'PIN-R10' : 'NZ-10');

/**
 * The dates [first, next) of the year asked: `which` is 'YYYY' for a calendar year, the club
 * year's first day 'YYYY-MM-DD' (its MM-DD the `yearStart`) for a club year.
 */
export function yearSpan(
  year: Year,
  which: string,
  rule = limitRule(year),
): { first: string; next: string } {
  if (year.kind === 'calendar') {
    if (!/^\d{4}$/.test(which)) {
      throw new ScoringInputError('which', rule, `must be a calendar year YYYY, got ${which}`);
    }
    return { first: `${which}-01-01`, next: `${next(which)}-01-01` };
  }
  const start = year.yearStart;
  checkYearStart(start, rule);
  if (!isClubDate(which) || which.slice(5) !== start) {
    throw new ScoringInputError(
      'which',
      rule,
      `must be a club year's first day YYYY-${start}, got ${which}`,
    );
  }
  return { first: which, next: `${next(which.slice(0, 4))}-${start}` };
}

const next = (yyyy: string) => String(Number(yyyy) + 1).padStart(4, '0');

/** A club year's first day, MM-DD of a day every year has (not 29 February). */
export function checkYearStart(start: unknown, rule: string): void {
  if (
    typeof start !== 'string' ||
    !/^\d{2}-\d{2}$/.test(start) ||
    start === '02-29' ||
    !isClubDate(`2001-${start}`)
  ) {
    throw new ScoringInputError(
      'year.yearStart',
      rule,
      `must be a day MM-DD, got ${String(start)}`,
    );
  }
}
