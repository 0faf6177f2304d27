/** Club dates `YYYY-MM-DD`: ages, years and days as PIN-C3, PIN-R8 and PIN-C6 count them. */

const DAY = 86_400_000;

/** The calendar day `days` after `date`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY).toISOString().slice(0, 10);
}

/**
 * The same day `months` later; a day the month does not have falls on its last day (31 January
 * + 1 month: 28 or 29 February).
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, last))}`;
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * PIN readings: where 29 February falls in a year without one, 28 February ('feb-28') or 1
 * March ('mar-1'): the preset's `membership.leapDay`, for a year after election and birthdays.
 */
export type LeapDay = 'feb-28' | 'mar-1';

/** The same day `years` later; 29 February in a year without one falls on `leapDay`'s day. */
export function addYears(date: string, years: number, leapDay: LeapDay): string {
  const [y, m, d] = date.split('-').map(Number);
  const year = y + years;
  if (m === 2 && d === 29 && !isLeap(year)) {
    return leapDay === 'mar-1' ? `${pad(year, 4)}-03-01` : `${pad(year, 4)}-02-28`;
  }
  return `${pad(year, 4)}-${pad(m)}-${pad(d)}`;
}

/** The day a person born on `birth` turns `age` (a 29 February birthday: `leapDay`). */
export const birthdayOf = (birth: string, age: number, leapDay: LeapDay): string =>
  addYears(birth, age, leapDay);

/**
 * Whole years of age on `date` for a birth on `birth`: the age goes up on the birthday, a 29
 * February one on `leapDay`'s day in a year without it. The one function every age is judged
 * with (PIN-C3, PIN-R8 Student, PIN-R12; visitors/ too).
 */
export function ageOn(birth: string, date: string, leapDay: LeapDay): number {
  const years = Number(date.slice(0, 4)) - Number(birth.slice(0, 4));
  return date < birthdayOf(birth, years, leapDay) ? years - 1 : years;
}
