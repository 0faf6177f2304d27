import type { PinnerMembershipParams } from '../preset';
import type { Because, ClassChange, MemberClass } from '../../../contexts/membership/model';
import { addDays, addYears, ageOn } from '../../../contexts/membership/dates';
import type {
  ApplicationRecord,
  MemberSpan,
  PersonRecord,
} from '../../../contexts/membership/register-fold';
import { spanOn } from '../../../contexts/membership/register-fold';

/** What the register and the membership deciders read of the parameters (PIN readings). */
export type MembershipParams = PinnerMembershipParams;

/** PIN-R9: the first day the person was rejected or removed by the committee; never admitted after. */
export function barredFrom(p: PersonRecord | undefined): string | undefined {
  if (!p) return undefined;
  const days = [
    ...p.rejectedOn,
    ...p.spans
      .filter((s) => s.endedBy === 'terminated' || s.endedBy === 'expelled')
      .map((s) => s.until!),
  ].sort();
  return days[0];
}

export const isMemberOn = (p: PersonRecord | undefined, day: string) =>
  spanOn(p, day) !== undefined;

/** PIN-R8: the day a Restricted member becomes Full (election + one year; 29 Feb read). */
export const fullFrom = (electedOn: string, params: MembershipParams) =>
  addYears(electedOn, params.restrictedYears, params.leapDay);

/** The person's age on a day when their date of birth is known (29 February: `leapDay`). */
export const ageKnownOn = (
  p: { birthDate?: string } | undefined,
  day: string,
  params: Pick<MembershipParams, 'leapDay'>,
) => (p?.birthDate === undefined ? undefined : ageOn(p.birthDate, day, params.leapDay));

/** PIN-R8 Student: from the `fromAge` birthday to the day before the `belowAge` one. */
export const studentAgeOn = (birthDate: string, day: string, params: MembershipParams) => {
  const age = ageOn(birthDate, day, params.leapDay);
  return age >= params.student.fromAge && age < params.student.belowAge;
};

/** PIN-R8: the first day a person born on `birthDate` is too old for Student (the 26th birthday). */
export const studentUntil = (birthDate: string, params: MembershipParams) =>
  addYears(birthDate, params.student.belowAge, params.leapDay);

/** A span's class on a day: what `classOn` returns. */
export interface ClassOn {
  class: MemberClass;
  /** The day the class started. */
  from: string;
  because: Because[];
  /** Why the class started on `from` (the class history's line). */
  since: Because;
}

/**
 * The recorded class in force on a day, read with PIN-R8's Student ages: a Student from the
 * 26th birthday is what the member would be without the Student offer (the class recorded
 * before it, Full when it was the first), derived, not recorded.
 */
function recordedOn(span: MemberSpan, day: string, params: MembershipParams) {
  let i = -1;
  span.classes.forEach((c, k) => {
    if (c.from <= day) i = k;
  });
  if (i < 0) return undefined;
  const recorded = span.classes[i]!;
  const end =
    recorded.class === 'student' && span.birthDate !== undefined
      ? studentUntil(span.birthDate, params)
      : undefined;
  if (end === undefined || day < end) {
    const since = { rule: 'PIN-R8', text: `${recorded.class} from ${recorded.from} (recorded)` };
    return {
      class: recorded.class as MemberClass,
      from: recorded.from,
      because: [],
      since,
      studentEnded: false,
    };
  }
  const before = span.classes
    .slice(0, i)
    .reverse()
    .find((c) => c.class !== 'student');
  const now: MemberClass = before?.class ?? 'full';
  const from = recorded.from > end ? recorded.from : end;
  const since = {
    rule: 'PIN-R8',
    text: `${params.student.belowAge} on ${end} (born ${span.birthDate}): Student until the day before, ${now} from then`,
  };
  return { class: now, from, because: [since], since, studentEnded: true };
}

/**
 * A span's class on a day, and the day it started: the recorded class in force then (a Student
 * no longer once 26, PIN-R8), except in the Restricted year after an election (PIN-R8: every
 * member, derived), which Honorary alone (by invitation, for life) overrides.
 */
export function classOn(
  span: MemberSpan,
  day: string,
  params: MembershipParams,
): ClassOn | undefined {
  if (day < span.from) return undefined;
  const own = recordedOn(span, day, params);
  if (!own) return undefined;
  if (span.electedOn !== undefined && own.class !== 'honorary') {
    const full = fullFrom(span.electedOn, params);
    if (day < full) {
      const why = {
        rule: 'PIN-R8',
        text: `elected on ${span.electedOn}: Restricted for the first year, until ${full}`,
      };
      return { class: 'restricted', from: span.electedOn, because: [why], since: why };
    }
    const over = { rule: 'PIN-R8', text: `Restricted year over on ${full}` };
    const ownDay = own.from > full || (own.from === full && own.studentEnded);
    return {
      class: own.class,
      from: own.from > full ? own.from : full,
      because: [over, ...own.because],
      since: ownDay ? own.since : over,
    };
  }
  return { class: own.class, from: own.from, because: own.because, since: own.since };
}

/**
 * A span's classes up to a day, each with the day it started and why (consecutive repeats
 * merged): the recorded classes, the Restricted year's end, a Student's 26th birthday.
 */
export function classHistory(
  span: MemberSpan,
  asOf: string,
  params: MembershipParams,
): ClassChange[] {
  const days = new Set<string>([span.from, ...span.classes.map((c) => c.from)]);
  if (span.electedOn !== undefined) days.add(fullFrom(span.electedOn, params));
  if (span.birthDate !== undefined && span.classes.some((c) => c.class === 'student')) {
    days.add(studentUntil(span.birthDate, params));
  }
  const out: ClassChange[] = [];
  for (const day of [...days].sort()) {
    if (day > asOf || (span.until !== undefined && day >= span.until)) continue;
    const c = classOn(span, day, params);
    if (c && out[out.length - 1]?.class !== c.class) {
      out.push({ class: c.class, from: day, because: c.since });
    }
  }
  return out;
}

export type SupportRole = 'proposer' | 'seconder';

/** PIN-C5: who held a role on a day: the one in place then, or one withdrawn after that day. */
export function supporterOn(a: ApplicationRecord, role: SupportRole, day: string) {
  const past = a.withdrawals
    .filter((w) => w.role === role && w.on > day)
    .sort((x, y) => x.on.localeCompare(y.on))[0];
  if (past) return past.by;
  const now = a[role];
  return now && now.on <= day ? now.by : undefined;
}

/**
 * PIN-C5/C7: the first role nobody holds on a day, with the day its supporter withdrew (none:
 * never proposed). An application without both supporters is not considered or elected.
 */
export function missingSupportOn(
  a: ApplicationRecord,
  day: string,
): { role: SupportRole; withdrawnOn?: string } | undefined {
  for (const role of ['proposer', 'seconder'] as const) {
    if (supporterOn(a, role, day) !== undefined) continue;
    const withdrawn = a.withdrawals
      .filter((w) => w.role === role && w.on <= day)
      .map((w) => w.on)
      .sort()
      .pop();
    return withdrawn === undefined ? { role } : { role, withdrawnOn: withdrawn };
  }
  return undefined;
}

/**
 * PIN-C6/C7: the first day the committee may consider an application as of a day: its latest
 * display, or its latest amendment when later (a replaced proposer or seconder restarts the
 * count), plus `displayDays`. Undefined while it was never displayed.
 */
export function considerFromOn(
  a: ApplicationRecord,
  day: string,
  params: MembershipParams,
): { on: string; because: Because } | undefined {
  const displays = a.displayedOn.filter((d) => d <= day).sort();
  if (!displays.length) return undefined;
  const display = displays[displays.length - 1]!;
  const amended = a.amendedOn.filter((d) => d <= day).sort();
  const amendment = amended[amended.length - 1];
  if (amendment !== undefined && amendment > display) {
    return {
      on: addDays(amendment, params.displayDays),
      because: {
        rule: 'PIN-C7',
        text: `amended on ${amendment}: displayed ${params.displayDays} days from then`,
      },
    };
  }
  return {
    on: addDays(display, params.displayDays),
    because: {
      rule: 'PIN-C6',
      text: `displayed on ${display}: considered ${params.displayDays} days later at the earliest`,
    },
  };
}

/**
 * PIN-R8/C17: the committee's restriction that keeps a Restricted member from `event` on `day`,
 * if one stands: the latest MemberEventsRestricted of her span dated on or before the day,
 * naming the event, while she is still Restricted (it ends with the Restricted year).
 */
export function restrictionOn(
  span: MemberSpan | undefined,
  event: string,
  day: string,
  params: MembershipParams,
): { from: string; until: string } | undefined {
  if (!span || span.electedOn === undefined) return undefined;
  if (classOn(span, day, params)?.class !== 'restricted') return undefined;
  const latest = span.restrictedEvents.filter((r) => r.from <= day).pop();
  if (!latest?.events.includes(event)) return undefined;
  return { from: latest.from, until: fullFrom(span.electedOn, params) };
}
