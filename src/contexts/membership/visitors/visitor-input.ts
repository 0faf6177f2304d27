import type { Visit, VisitorInput, VisitorPerson } from '../model';
import { foldMembership, type MembershipFactIn, type PersonRecord } from '../register-fold';

/**
 * What visitors/ reads of a club's membership stream (`VisitorInput` less the year asked): each
 * person's spans as a member, age, applications and bar (the club's rules say from when: PIN-R9)
 * from the register's fold, and
 * every SessionPlayedAtClub as a visit (a visitor's date of birth is the fold's: the first fact
 * of the club that gave it, a session's included, or the latest BirthDateCorrected).
 */
export function visitorFactsOf(
  facts: Iterable<MembershipFactIn>,
  barredFrom: (p: PersonRecord) => string | undefined,
): Pick<VisitorInput, 'people' | 'visits'> {
  const list = [...facts];
  const state = foldMembership(list);
  const visits: Visit[] = [];
  for (const f of list) {
    if (f.type !== 'SessionPlayedAtClub') continue;
    const d = f.data as {
      person: string;
      date: string;
      event: { id: string; special: boolean };
      supervisedBy?: string;
    };
    visits.push({
      person: d.person,
      date: d.date,
      event: { id: d.event.id, special: d.event.special },
      ...(d.supervisedBy !== undefined ? { supervisedBy: d.supervisedBy } : {}),
    });
  }
  const people = new Map<string, VisitorPerson>();
  for (const p of Object.values(state.people)) people.set(p.person, personOf(p, state, barredFrom));
  for (const v of visits) {
    if (!people.has(v.person))
      people.set(v.person, { person: v.person, memberSpans: [], appliedOn: [] });
  }
  return {
    people: [...people.values()].sort((a, b) => a.person.localeCompare(b.person)),
    visits,
  };
}

function personOf(
  p: PersonRecord,
  state: ReturnType<typeof foldMembership>,
  barredFrom: (p: PersonRecord) => string | undefined,
): VisitorPerson {
  const barred = barredFrom(p);
  return {
    person: p.person,
    memberSpans: p.spans.map((s) => ({
      from: s.from,
      ...(s.until !== undefined ? { until: s.until } : {}),
    })),
    ...(p.birthDate !== undefined ? { birthDate: p.birthDate } : {}),
    ...(p.over16DeclaredOn !== undefined ? { over16DeclaredOn: p.over16DeclaredOn } : {}),
    appliedOn: p.applications.map((id) => state.applications[id]!.appliedOn).sort(),
    ...(barred !== undefined ? { barredFrom: barred } : {}),
  };
}
