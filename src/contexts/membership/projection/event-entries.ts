import type { Because, MemberClass, PersonId, TableMoney } from '../model';
import { foldMembership } from '../register-fold';
import { visitorFactsOf } from '../visitors';
import { recordOf, settingsOn, UnknownMembershipError, type MembershipSources } from './queries';
import { noteSessions, type SessionLine } from './session-notes';

/** One session played in an event, with what the rules say of it. */
export interface EventEntry {
  person: PersonId;
  name: string;
  date: string;
  /** A member on the day (else a visitor), and the class then. */
  member: boolean;
  class?: MemberClass;
  supervisedBy?: PersonId;
  /** What it cost (PIN-R12, PIN-R8), when the rules set table money. */
  tableMoney?: TableMoney;
  /** The rules' verdicts on it: PIN-R8 for a member the committee restricted from the event. */
  because: Because[];
  /** Whether a rule flags it (a verdict beyond its table money). */
  flagged: boolean;
}

export interface EventEntriesView {
  clubId: string;
  eventId: string;
  asOf: string;
  entries: EventEntry[];
}

/**
 * The entries of one event of a club (its SessionPlayedAtClub facts naming the event, dated up to
 * `asOf`), each with what the rules say of it under the rulebook of its day: a Restricted member
 * playing in an event the committee restricted her from, recorded because the club lets the duty
 * member decide (PIN-R8/C17, `membership.restrictedPlay: 'flag'`), and the table money. 404
 * (eventId) for an event no session names.
 */
export function eventEntries(
  s: MembershipSources,
  eventId: string,
  asOf: string,
): EventEntriesView {
  const record = recordOf(s);
  const played = record.facts.filter(
    (f) =>
      f.type === 'SessionPlayedAtClub' &&
      (f.data as { event?: { id?: unknown } }).event?.id === eventId,
  );
  if (played.length === 0) {
    throw new UnknownMembershipError(
      'eventId',
      `club ${s.clubId} has no session played in an event ${eventId}`,
    );
  }
  const state = foldMembership(record.facts);
  const settings = settingsOn(s, asOf);
  const people = visitorFactsOf(record.facts, settings.rules.barredFrom).people;
  const entries: EventEntry[] = [];
  for (const f of played) {
    const d = f.data as { person: string; date: string; supervisedBy?: string; name?: string };
    if (d.date > asOf) continue;
    const p = state.people[d.person];
    const classes = (p?.spans ?? []).flatMap((span) =>
      settings.rules
        .classHistory(span, asOf, settings.membership)
        .map((c) => ({ from: c.from, class: c.class })),
    );
    const visitor = people.find((x) => x.person === d.person) ?? {
      person: d.person,
      memberSpans: [],
      appliedOn: [],
    };
    const line: SessionLine = { on: d.date, type: f.type, data: f.data as Record<string, unknown> };
    noteSessions([line], { visitor, ...(p ? { record: p } : {}) }, classes, (day) =>
      settingsOn(s, day),
    );
    const { because = [], tableMoney } = line;
    const member = visitor.memberSpans.some(
      (x) => x.from <= d.date && (x.until === undefined || d.date < x.until),
    );
    const classOn = member ? classes.filter((c) => c.from <= d.date).pop()?.class : undefined;
    entries.push({
      person: d.person,
      name: p?.name ?? d.name ?? d.person,
      date: d.date,
      member,
      ...(classOn ? { class: classOn } : {}),
      ...(d.supervisedBy ? { supervisedBy: d.supervisedBy } : {}),
      ...(tableMoney ? { tableMoney } : {}),
      because,
      flagged: because.some((b) => !tableMoney?.because.includes(b)),
    });
  }
  entries.sort((a, b) => a.date.localeCompare(b.date) || a.person.localeCompare(b.person));
  return { clubId: s.clubId, eventId, asOf, entries };
}
