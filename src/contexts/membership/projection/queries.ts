import { dayOf } from '../domain/decide';
import type { RosterEntry } from '../../club';
import type {
  Because,
  MemberClass,
  PendingApplication,
  RegisterEntry,
  TableMoney,
  Visit,
  VisitorPerson,
  VisitorRow,
} from '../model';
import { foldMembership, type MembershipState } from '../register-fold';
import { noteSessions } from './session-notes';
import {
  isMemberOn,
  limitRule,
  tableMoneyOn,
  visitorFactsOf,
  visitorVerdicts,
  yearSpan,
} from '../visitors';
import type { Seating } from './seatings';
import { historyOf, settingsOf, type RulebookUsed } from './settings';
import type { ClubMembershipRecord, MembershipReadState } from './state';

/** A club or a person the register does not have: 404, naming which. */
export class UnknownMembershipError extends Error {
  readonly code = 'MEMBERSHIP_NOT_FOUND';
  constructor(
    readonly field: 'clubId' | 'personId' | 'eventId',
    message: string,
  ) {
    super(message);
  }

  answer() {
    return { message: this.message, field: this.field };
  }
}

/**
 * What a club's membership answers read: its membership facts and rulebook facts (this read
 * model), and from the competitions read model the seats taken in its competitions and its
 * roster (NZ: who is a member, visitor or guest on a date).
 */
export interface MembershipSources {
  clubId: string;
  state: MembershipReadState;
  seatings?: readonly Seating[];
  roster?: Readonly<Record<string, RosterEntry>>;
}

export const recordOf = (s: MembershipSources): ClubMembershipRecord =>
  s.state.clubs[s.clubId] ?? { clubId: s.clubId, position: 0, facts: [] };

export function settingsOn(s: MembershipSources, day: string) {
  return settingsOf(historyOf(s.state.rulebooks[s.clubId] ?? []).inForce(day));
}

const withRulebook = (r: RulebookUsed | undefined) => (r ? { rulebook: r } : {});

// ---------------------------------------------------------------------------------------------
// The register.

export interface RegisterView {
  clubId: string;
  asOf: string;
  /** The ledger position of the club's latest membership fact read. */
  position: number;
  rulebook?: RulebookUsed;
  /**
   * Each person on the register that day (members, applicants, the rejected and the removed):
   * standing, class and its first day (Restricted derived: the first year after election,
   * PIN-R8), vote (Temporary: none), subscription (Honorary: waived), every class with its
   * first day, PIN-R9's bar, and the rules behind them.
   */
  entries: RegisterEntry[];
  /** How many applications were pending that day (`GET …/applications`). */
  pending: number;
}

/** The register as of a club date, folded when asked (`registerOf`, PIN-R7..R9, C3..C18). */
export function registerView(s: MembershipSources, asOf: string): RegisterView {
  const record = recordOf(s);
  const settings = settingsOn(s, asOf);
  const register = settings.rules.registerOf(
    foldMembership(record.facts),
    asOf,
    settings.membership,
  );
  return {
    clubId: s.clubId,
    asOf,
    position: record.position,
    ...withRulebook(settings.rulebook),
    entries: register.entries,
    pending: register.pending.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Pending applications.

export interface ApplicationView extends PendingApplication {
  name: string;
  appliedOn: string;
  classApplied: string;
}

export interface ApplicationsView {
  clubId: string;
  asOf: string;
  position: number;
  rulebook?: RulebookUsed;
  /** PIN-C6/C7: `considerFrom` is the display deadline (display or amendment + displayDays). */
  applications: ApplicationView[];
}

/** The applications pending on a day: display deadline, objections, supporters, signature. */
export function applicationsView(s: MembershipSources, asOf: string): ApplicationsView {
  const record = recordOf(s);
  const settings = settingsOn(s, asOf);
  const state = foldMembership(record.facts);
  const register = settings.rules.registerOf(state, asOf, settings.membership);
  return {
    clubId: s.clubId,
    asOf,
    position: record.position,
    ...withRulebook(settings.rulebook),
    applications: register.pending.map((p) => {
      const a = state.applications[p.applicationId]!;
      return {
        ...p,
        name: state.people[p.person]?.name ?? p.person,
        appliedOn: a.appliedOn,
        classApplied: a.classApplied,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// One person's history.

/** One dated line of a person's history: a fact, a derived class change, or a seat taken. */
export interface HistoryLine {
  on: string;
  kind: 'fact' | 'class' | 'seating';
  /** The fact's type; 'Restricted' / 'Full' … for a class; 'Seated' for a seat. */
  type: string;
  /** The fact's data (its club id left out); a class's, a seat's details. */
  data: Record<string, unknown>;
  because?: Because[];
  /** A session played or a seat: what it cost the person (PIN-R12, PIN-R8), when the rules say. */
  tableMoney?: TableMoney;
}

export interface PersonHistoryView {
  clubId: string;
  personId: string;
  name: string;
  asOf: string;
  rulebook?: RulebookUsed;
  /** The register's entry that day (absent: not on the register then, e.g. a visitor). */
  entry?: RegisterEntry;
  /** Every fact about the person and derived class change, and every seat, by date. */
  history: HistoryLine[];
}

/** The person a fact is about (or of the application it is about). */
function isAbout(data: Record<string, unknown>, person: string, applications: Set<string>) {
  if (
    data.person === person ||
    data.guest === person ||
    data.visitor === person ||
    data.member === person
  )
    return true;
  return typeof data.applicationId === 'string' && applications.has(data.applicationId);
}

/**
 * One person's history up to a day: every membership fact about them (their own, their
 * applications', the sessions they played), the classes derived from their spans (PIN-R8:
 * Restricted → Full a year after election), and their seats in the club's competitions.
 */
export function personHistory(
  s: MembershipSources,
  personId: string,
  asOf: string,
): PersonHistoryView {
  const record = recordOf(s);
  const settings = settingsOn(s, asOf);
  const state: MembershipState = foldMembership(record.facts);
  const p = state.people[personId];
  const seats = (s.seatings ?? []).filter((x) => x.person === personId);
  const played = record.facts.some((f) => (f.data as { person?: unknown }).person === personId);
  if (!p && !played && !seats.length) {
    throw new UnknownMembershipError(
      'personId',
      `club ${s.clubId} has no person ${personId} in its membership facts or competitions`,
    );
  }
  const applications = new Set(p?.applications ?? []);
  const history: HistoryLine[] = [];
  for (const f of record.facts) {
    const data = f.data as Record<string, unknown>;
    if (!isAbout(data, personId, applications)) continue;
    const on = dayOf(f.type, data);
    if (on > asOf) continue;
    const { clubId: _club, ...rest } = data;
    history.push({ on, kind: 'fact', type: f.type, data: rest });
  }
  const classes: { from: string; class: MemberClass }[] = [];
  for (const span of p?.spans ?? []) {
    for (const c of settings.rules.classHistory(span, asOf, settings.membership)) {
      classes.push({ from: c.from, class: c.class });
      history.push({
        on: c.from,
        kind: 'class',
        type: c.class,
        data: { class: c.class },
        because: [
          c.class === 'restricted'
            ? {
                rule: 'PIN-R8',
                text: 'every member is Restricted for the first year after election',
              }
            : { rule: 'PIN-R8', text: `${c.class} from ${c.from}` },
        ],
      });
    }
  }
  for (const x of seats) {
    if (x.date > asOf) continue;
    history.push({
      on: x.date,
      kind: 'seating',
      type: 'Seated',
      data: { competitionId: x.competitionId, session: x.session },
    });
  }
  // Each session played, or seat taken, with what it cost (PIN-R12) and any rule's flag (PIN-R8).
  const visitor = visitorFactsOf(record.facts, settings.rules.barredFrom).people.find(
    (x) => x.person === personId,
  ) ?? { person: personId, memberSpans: [], appliedOn: [] };
  noteSessions(history, { visitor, ...(p ? { record: p } : {}) }, classes, (day) =>
    settingsOn(s, day),
  );
  // By date; on one day the facts first (in ledger order), then the classes, then the seats.
  const order = { fact: 0, class: 1, seating: 2 } as const;
  const indexed = history.map((h, i) => ({ h, i }));
  indexed.sort(
    (a, b) => a.h.on.localeCompare(b.h.on) || order[a.h.kind] - order[b.h.kind] || a.i - b.i,
  );
  const entry = settings.rules
    .registerOf(state, asOf, settings.membership)
    .entries.find((e) => e.person === personId);
  return {
    clubId: s.clubId,
    personId,
    name: p?.name ?? personId,
    asOf,
    ...withRulebook(settings.rulebook),
    ...(entry ? { entry } : {}),
    history: indexed.map((x) => x.h),
  };
}

// ---------------------------------------------------------------------------------------------
// Visitors of a year.

/** Where a counted session comes from. */
export type VisitSource =
  | { kind: 'SessionPlayedAtClub' }
  | { kind: 'seating'; competitionId: string; session: number }
  | { kind: 'both'; competitionId: string; session: number };

export interface VisitorsRow extends Omit<VisitorRow, 'visits'> {
  name: string;
  visits: (VisitorRow['visits'][number] & { source: VisitSource; tableMoney?: TableMoney })[];
}

export interface VisitorsView {
  clubId: string;
  /** The year asked: 'YYYY' (calendar) or its first day (a club year). */
  year: string;
  kind: 'calendar' | 'club-year';
  /** The first day of the year and the first day of the next. */
  from: string;
  until: string;
  /** PIN-R10 for a calendar year, NZ-10 for a club year. */
  rule: string;
  limit: number;
  rulebook?: RulebookUsed;
  rows: VisitorsRow[];
}

/** The club year a date falls in, for a club year from `yearStart` (MM-DD): its first year. */
const yearOf = (date: string, yearStart?: string) =>
  yearStart === undefined || date.slice(5) >= yearStart
    ? Number(date.slice(0, 4))
    : Number(date.slice(0, 4)) - 1;

const pad4 = (n: number) => String(n).padStart(4, '0');

/** A roster's member spans: [from, until) where its status was member or nominee (NZ-7). */
function rosterSpans(entry: RosterEntry): VisitorPerson['memberSpans'] {
  const spans: VisitorPerson['memberSpans'] = [];
  const history = entry.history?.length
    ? entry.history
    : [{ from: '0000-01-01', status: entry.status }];
  let open: string | undefined;
  // Before its first recorded status a player is taken as that status (`rosterEntryOn`).
  history.forEach((h, i) => {
    const member = h.status === 'member' || h.status === 'nominee';
    if (member && open === undefined) open = i === 0 ? '0000-01-01' : h.from;
    else if (!member && open !== undefined) {
      if (h.from > open) spans.push({ from: open, until: h.from });
      open = undefined;
    }
  });
  if (open !== undefined) spans.push({ from: open });
  return spans;
}

const rosterStatusOn = (entry: RosterEntry | undefined, date: string) => {
  if (!entry) return undefined;
  let status = entry.history?.[0]?.status ?? entry.status;
  for (const h of entry.history ?? []) if (h.from <= date) status = h.status;
  return status;
};

/**
 * The visitors of a year (PIN-R10 / PIN-R12 / PIN-R9 for a calendar year, NZ-10 for
 * a club year: the rulebook in force decides), from every session played at the club:
 *
 * - each SessionPlayedAtClub of the club's membership stream;
 * - each seat taken in a session of the club's competitions (`seatingsOf`: one seating model,
 *   the NZ rules' source), as a session of the competition (its id the event, not special);
 * - a SessionPlayedAtClub and a seat of the same person on the same date whose event id is the
 *   competition's id are one session: counted once (source `both`, the SessionPlayedAtClub's
 *   details kept).
 *
 * A member on the date (a span of the membership facts, or the roster's member or nominee
 * status) is not a visitor. For a club year (NZ-10) a guest (roster status `non-member`, NZ-8c)
 * is not a visitor either, as the NZ standings read it. `year` is the calendar year, or the
 * first calendar year of the club year; without it, the year of the last session played.
 */
export function visitorsView(
  s: MembershipSources,
  year: number | undefined,
  today: string,
): VisitorsView {
  const record = recordOf(s);
  const history = historyOf(s.state.rulebooks[s.clubId] ?? []);
  // Who is barred (PIN-R9) is the register's, read by the club's rules in force today.
  const base = visitorFactsOf(record.facts, settingsOf(history.inForce(today)).rules.barredFrom);
  const sources: VisitSource[] = base.visits.map(() => ({ kind: 'SessionPlayedAtClub' }));
  const visits: Visit[] = [...base.visits];
  const byKey = new Map<string, number>();
  visits.forEach((v, i) => {
    const key = `${v.person}|${v.date}|${v.event.id}`;
    if (!byKey.has(key)) byKey.set(key, i);
  });
  for (const x of s.seatings ?? []) {
    const key = `${x.person}|${x.date}|${x.competitionId}`;
    const i = byKey.get(key);
    if (i !== undefined && sources[i]!.kind === 'SessionPlayedAtClub') {
      sources[i] = { kind: 'both', competitionId: x.competitionId, session: x.session };
      continue;
    }
    visits.push({ person: x.person, date: x.date, event: { id: x.competitionId, special: false } });
    sources.push({ kind: 'seating', competitionId: x.competitionId, session: x.session });
  }

  // The year asked, and the rulebook that counts it.
  const last =
    visits
      .map((v) => v.date)
      .sort()
      .pop() ?? today;
  const guess = year ?? Number(last.slice(0, 4));
  let settings = settingsOf(
    history.inForce(`${pad4(guess)}-01-01`) ?? history.inForce(`${pad4(guess)}-12-31`),
  );
  let kind = settings.visitors.year;
  const y = year ?? yearOf(last, kind.kind === 'club-year' ? kind.yearStart : undefined);
  if (year === undefined && y !== guess) {
    settings = settingsOf(
      history.inForce(`${pad4(y)}-01-01`) ?? history.inForce(`${pad4(y)}-12-31`),
    );
    kind = settings.visitors.year;
  }
  const which = kind.kind === 'calendar' ? pad4(y) : `${pad4(y)}-${kind.yearStart}`;
  const { first, next } = yearSpan(kind, which, settings.visitors.limitRule);

  // Who is a member: the membership facts' spans, and the roster's member and nominee status.
  const people = new Map(
    base.people.map((p) => [p.person, { ...p, memberSpans: [...p.memberSpans] }]),
  );
  for (const [id, entry] of Object.entries(s.roster ?? {})) {
    const spans = rosterSpans(entry);
    if (!spans.length) continue;
    const p = people.get(id) ?? { person: id, memberSpans: [], appliedOn: [] };
    p.memberSpans.push(...spans);
    people.set(id, p);
  }
  for (const v of visits)
    if (!people.has(v.person))
      people.set(v.person, { person: v.person, memberSpans: [], appliedOn: [] });

  // NZ-10 counts visitors; an NZ guest (NZ-8c) is not one.
  const keep = visits.map(
    (v) =>
      kind.kind === 'calendar' || rosterStatusOn(s.roster?.[v.person], v.date) !== 'non-member',
  );
  const kept = visits.filter((_, i) => keep[i]);
  const keptSources = sources.filter((_, i) => keep[i]);

  const verdicts = visitorVerdicts(
    {
      people: [...people.values()].sort((a, b) => a.person.localeCompare(b.person)),
      visits: kept,
      year: kind,
      which,
    },
    settings.visitors,
    // The year still running is judged as of today (PIN-R9's bars known so far), a past one
    // as of its last day.
    first <= today && today < next ? today : undefined,
  );
  const fold = foldMembership(record.facts);
  // A visitor's name: the register's, else the first session that gives one.
  const names = new Map<string, string>();
  for (const f of record.facts) {
    const d = f.data as { person?: unknown; name?: unknown };
    if (
      f.type === 'SessionPlayedAtClub' &&
      typeof d.name === 'string' &&
      typeof d.person === 'string'
    )
      if (!names.has(d.person)) names.set(d.person, d.name);
  }
  // visitorVerdicts' order: a person's visits of the year as a visitor, by date, then input order.
  const byPerson = new Map<string, { v: Visit; i: number }[]>();
  kept.forEach((v, i) => {
    if (v.date < first || v.date >= next || isMemberOn(people.get(v.person)!, v.date)) return;
    const list = byPerson.get(v.person);
    if (list) list.push({ v, i });
    else byPerson.set(v.person, [{ v, i }]);
  });
  const rows: VisitorsRow[] = verdicts.rows.map((row) => {
    const mine = (byPerson.get(row.person) ?? []).sort(
      (a, b) => a.v.date.localeCompare(b.v.date) || a.i - b.i,
    );
    return {
      ...row,
      name: fold.people[row.person]?.name ?? names.get(row.person) ?? row.person,
      visits: row.visits.map((v, k) => {
        // PIN-R12: what the visit cost the visitor (no member class), at the rates of its day.
        const money = tableMoneyOn(
          people.get(row.person)!,
          v.date,
          undefined,
          settingsOn(s, v.date).visitors,
        );
        return { ...v, source: keptSources[mine[k]!.i]!, ...(money ? { tableMoney: money } : {}) };
      }),
    };
  });
  return {
    clubId: s.clubId,
    year: which,
    kind: kind.kind,
    from: first,
    until: next,
    rule: settings.visitors.limitRule ?? limitRule(kind),
    limit: kind.kind === 'calendar' ? settings.visitors.sessions : settings.visitors.nzMaxVisits,
    ...withRulebook(settings.rulebook),
    rows,
  };
}
