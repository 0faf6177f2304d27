/** Club dates `YYYY-MM-DD`: ages, years and days as PIN-C3, PIN-R8 and PIN-C6 count them. */

const DAY = 86_400_000;

/** The calendar day `days` after `date`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY).toISOString().slice(0, 10);
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * The same day `years` later; 29 February in a year without one is 28 February ('feb-28', the
 * PIN reading of a Restricted year) or 1 March ('mar-1').
 */
export function addYears(date: string, years: number, leapDay: 'feb-28' | 'mar-1'): string {
  const [y, m, d] = date.split('-').map(Number);
  const year = y + years;
  if (m === 2 && d === 29 && !isLeap(year)) {
    return leapDay === 'mar-1' ? `${pad(year, 4)}-03-01` : `${pad(year, 4)}-02-28`;
  }
  return `${pad(year, 4)}-${pad(m)}-${pad(d)}`;
}

/**
 * Whole years of age on `date` for a birth on `birth`: the age goes up on the birthday; a
 * birthday on 29 February falls on 28 February in a year without one (the PIN readings' "one
 * year after election", kept for birthdays as visitors/ keeps it: one reading of ages).
 */
export function ageOn(birth: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(birth.slice(0, 4));
  return date < addYears(birth, years, 'feb-28') ? years - 1 : years;
}
