// What Pinner's meeting rules check again and again: who is a member on a day, who may chair.
import { RuleViolation } from '../../../kernel/rule-violation';
import type { MeetingsView } from '../../../contexts/meetings/rules';

export const refuse = (rule: string, reason: string, field: string) =>
  new RuleViolation(rule, reason, field);

/** Whether each of these people is a member on the day; the first who is not is refused. */
export function membersOnly(
  view: MeetingsView,
  day: string,
  people: ReadonlyArray<[string, string]>,
  rule: string,
  what: string,
): void {
  const members = new Set(view.membersOn(day).map((m) => m.person));
  for (const [person, field] of people) {
    if (!members.has(person)) {
      throw refuse(rule, `${person} is not a member on ${day}: ${what}`, field);
    }
  }
}

/** PIN-C21: the chairman or vice-chairman in office on the day. */
export function chairOrVice(
  view: MeetingsView,
  day: string,
  person: string,
  field: string,
  what: string,
) {
  const o = view.officersOn(day);
  const may = [...(o.chairman ?? []), ...(o['vice-chairman'] ?? [])];
  if (!may.includes(person)) {
    throw refuse(
      'PIN-C21',
      `${person} is neither the chairman nor the vice-chairman on ${day} (${may.length ? may.join(', ') : 'none in office: record them, OfficerRecorded'}): ${what}`,
      field,
    );
  }
}
