import type { PinnerMembershipParams } from '../../../rulebooks/presets/pinner-2018';
import type { Because, MemberClass } from '../model';
import { addDays, addYears, ageOn } from './dates';
import type { ApplicationRecord, MemberSpan, PersonRecord } from './fold';
import { spanOn } from './fold';

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

/** The person's age on a day when their date of birth is known. */
export const ageKnownOn = (p: { birthDate?: string } | undefined, day: string) =>
  p?.birthDate === undefined ? undefined : ageOn(p.birthDate, day);

/** PIN-R8 Student: from the `fromAge` birthday to the day before the `belowAge` one. */
export const studentAgeOn = (birthDate: string, day: string, params: MembershipParams) => {
  const age = ageOn(birthDate, day);
  return age >= params.student.fromAge && age < params.student.belowAge;
};

/**
 * A span's class on a day, and the day it started: the recorded class in force then, except in
 * the Restricted year after an election (PIN-R8: every member, derived), which Honorary alone
 * (by invitation, for life) overrides.
 */
export function classOn(
  span: MemberSpan,
  day: string,
  params: MembershipParams,
): { class: MemberClass; from: string; because: Because[] } | undefined {
  if (day < span.from) return undefined;
  let recorded: MemberSpan['classes'][number] | undefined;
  for (const c of span.classes) if (c.from <= day) recorded = c;
  if (!recorded) return undefined;
  if (span.electedOn !== undefined && recorded.class !== 'honorary') {
    const full = fullFrom(span.electedOn, params);
    if (day < full) {
      return {
        class: 'restricted',
        from: span.electedOn,
        because: [
          {
            rule: 'PIN-R8',
            text: `elected on ${span.electedOn}: Restricted for the first year, until ${full}`,
          },
        ],
      };
    }
    const from = recorded.from > full ? recorded.from : full;
    return {
      class: recorded.class,
      from,
      because: [{ rule: 'PIN-R8', text: `Restricted year over on ${full}` }],
    };
  }
  return { class: recorded.class, from: recorded.from, because: [] };
}

/** A span's classes up to a day, each with the day it started (consecutive repeats merged). */
export function classHistory(span: MemberSpan, asOf: string, params: MembershipParams) {
  const days = new Set<string>([span.from, ...span.classes.map((c) => c.from)]);
  if (span.electedOn !== undefined) days.add(fullFrom(span.electedOn, params));
  const out: { class: MemberClass; from: string }[] = [];
  for (const day of [...days].sort()) {
    if (day > asOf || (span.until !== undefined && day >= span.until)) continue;
    const c = classOn(span, day, params);
    if (c && out[out.length - 1]?.class !== c.class) out.push({ class: c.class, from: day });
  }
  return out;
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
