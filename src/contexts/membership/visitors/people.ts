import type { Because, VisitorParams, VisitorPerson } from '../model';
import { birthdayOf } from '../dates';

/** Whether the person was a member on `date` (spans are [from, until)). */
export const isMemberOn = (p: VisitorPerson, date: string): boolean =>
  p.memberSpans.some((s) => s.from <= date && (s.until === undefined || date < s.until));

/** Whether `date` is on or after a date the person applied for membership: the first such. */
export const appliedBy = (p: VisitorPerson, date: string): string | undefined =>
  [...p.appliedOn].sort().find((d) => d <= date);

export type AgeOn = { under: boolean; known: boolean; because: Because };

/**
 * Whether the person is under `age` on `date`: from the birth date (under until the day before
 * the birthday, `age` on the day of it); else 16 or over from `over16DeclaredOn` (only when
 * `age` is at most 16: a declaration says nothing of 18); else unknown, read as `age` or over:
 * R12 asks the club to know its young players, and a visitor of unknown age is not exempt from
 * R10 nor refused for want of a supervisor.
 */
export function ageOn(
  p: VisitorPerson,
  date: string,
  age: number,
  rule: string,
  leapDay: VisitorParams['leapDay'] = 'feb-28',
): AgeOn {
  if (p.birthDate !== undefined) {
    const birthday = birthdayOf(p.birthDate, age, leapDay);
    const under = date < birthday;
    const text = under
      ? `under ${age} on ${date} (born ${p.birthDate}, ${age} on ${birthday})`
      : `${age} or over on ${date} (born ${p.birthDate}, ${age} on ${birthday})`;
    return { under, known: true, because: { rule, text } };
  }
  if (p.over16DeclaredOn !== undefined && p.over16DeclaredOn <= date && age <= 16) {
    const text = `declared 16 or over on ${p.over16DeclaredOn}`;
    return { under: false, known: true, because: { rule, text } };
  }
  const text = `age unknown on ${date} (no birth date${p.over16DeclaredOn ? `, 16 or over declared only from ${p.over16DeclaredOn}` : ''}): read as ${age} or over`;
  return { under: false, known: false, because: { rule, text } };
}

/** PIN-R12: under `underAge` on the date (the R10 exemption and the supervision rule). */
export const youngOn = (p: VisitorPerson, date: string, params: VisitorParams): AgeOn =>
  ageOn(p, date, params.underAge, 'PIN-R12', params.leapDay);
