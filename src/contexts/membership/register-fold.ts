import type { MemberClass, Objection, PersonId } from './model';

/**
 * A club's membership facts folded, every entry dated, so that the register as of any day and
 * the deciders' checks on a fact's own day both read it (nothing here is "as of now"). Pure data.
 */

/** A class the facts record (Restricted never is: PIN-R8 derives it from the election). */
export type RecordedClass = Exclude<MemberClass, 'restricted'>;

export interface MemberSpan {
  /** The first day a member: the election, or an admission as Honorary, Temporary, Non-playing. */
  from: string;
  /** The day the membership ended (not a member from it); absent: still a member. */
  until?: string;
  endedBy?: 'resigned' | 'terminated' | 'expelled';
  /** PIN-C18: the reason told to an expelled member. */
  reason?: string;
  /** The election the span started with, when it did (the Restricted year counts from it). */
  electedOn?: string;
  /**
   * The member's date of birth, when known (PIN-R8: Student ends on the 26th birthday). A copy
   * of the person's, so that a span's class is read from the span alone.
   */
  birthDate?: string;
  /** Each recorded class and the day it started, in order. */
  classes: { class: RecordedClass; from: string }[];
  /** PIN-R8: the events a Restricted member may not play, from a day. */
  restrictedEvents: { events: string[]; from: string }[];
}

export interface PersonRecord {
  person: PersonId;
  name: string;
  /**
   * The first date of birth any fact gave, or the latest BirthDateCorrected's (PIN-R12, C3, R8);
   * the decider refuses another.
   */
  birthDate?: string;
  /** PIN-C3: "over 16" declared on the application of this day (no date of birth given). */
  over16DeclaredOn?: string;
  spans: MemberSpan[];
  /** PIN-R9: the days an application of theirs was rejected. */
  rejectedOn: string[];
  applications: string[];
}

export interface ApplicationRecord {
  applicationId: string;
  person: PersonId;
  appliedOn: string;
  classApplied: RecordedClass;
  proposer?: { by: PersonId; on: string };
  seconder?: { by: PersonId; on: string };
  signedBy?: { by: PersonId; on: string };
  /** PIN-C6: each day the form was displayed from. */
  displayedOn: string[];
  /** PIN-C7: the days a withdrawn proposer or seconder was replaced. */
  amendedOn: string[];
  withdrawals: { role: 'proposer' | 'seconder'; by: PersonId; on: string }[];
  objections: Objection[];
  consideredOn: string[];
  outcome?: { kind: 'elected' | 'rejected'; on: string };
}

export interface MembershipState {
  people: Record<PersonId, PersonRecord>;
  applications: Record<string, ApplicationRecord>;
}

/** A fact as the fold reads it: its type and data (its own dates are in the data). */
export interface MembershipFactIn {
  type: string;
  data: unknown;
}

const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

export const initialMembershipState = (): MembershipState => ({
  people: dict(),
  applications: dict(),
});

type D = Record<string, unknown> & {
  person: string;
  applicationId: string;
  on: string;
  name?: string;
  birthDate?: string;
};

const ADMITS: Record<string, RecordedClass> = {
  HonoraryMembershipInvited: 'honorary',
  TemporaryMembershipAccepted: 'temporary',
  NonPlayingMembershipAccepted: 'non-playing',
  StudentMembershipOffered: 'student',
};

const ENDS: Record<string, MemberSpan['endedBy']> = {
  MemberResigned: 'resigned',
  MembershipTerminated: 'terminated',
  MemberExpelled: 'expelled',
};

function personOf(state: MembershipState, person: string, name?: string): PersonRecord {
  let p = state.people[person];
  if (!p) {
    p = { person, name: name ?? person, spans: [], rejectedOn: [], applications: [] };
    state.people[person] = p;
  } else if (name !== undefined && p.name === person) p.name = name;
  return p;
}

/** Keeps the first birth date given, on the person and each of their spans. */
function born(p: PersonRecord, birthDate: unknown): void {
  if (typeof birthDate !== 'string' || p.birthDate !== undefined) return;
  p.birthDate = birthDate;
  for (const s of p.spans) s.birthDate = birthDate;
}

/** A new span, with the person's birth date when known. */
const openSpan = (p: PersonRecord, span: MemberSpan): void => {
  p.spans.push(p.birthDate !== undefined ? { ...span, birthDate: p.birthDate } : span);
};

/** The span a person is in on a day (from ≤ day < until). */
export function spanOn(p: PersonRecord | undefined, day: string): MemberSpan | undefined {
  return p?.spans.find((s) => s.from <= day && (s.until === undefined || day < s.until));
}

/** The person's latest span, open or not. */
export const lastSpan = (p: PersonRecord | undefined): MemberSpan | undefined =>
  p?.spans[p.spans.length - 1];

/** Folds one fact (in place); facts the fold does not know are ignored. */
export function evolveMembership(state: MembershipState, fact: MembershipFactIn): void {
  const d = fact.data as D;
  switch (fact.type) {
    case 'MembershipApplied': {
      const p = personOf(state, d.person, d.name);
      born(p, d.birthDate);
      const appliedOn = d.appliedOn as string;
      if (d.over16Declared === true && p.birthDate === undefined) p.over16DeclaredOn = appliedOn;
      p.applications.push(d.applicationId);
      state.applications[d.applicationId] = {
        applicationId: d.applicationId,
        person: d.person,
        appliedOn,
        classApplied: d.classApplied as RecordedClass,
        displayedOn: [],
        amendedOn: [],
        withdrawals: [],
        objections: [],
        consideredOn: [],
      };
      return;
    }
    case 'ApplicationProposed': {
      const a = state.applications[d.applicationId];
      if (!a) return;
      a.proposer = { by: d.proposer as string, on: d.on };
      a.seconder = { by: d.seconder as string, on: d.on };
      return;
    }
    case 'ApplicationSigned': {
      const a = state.applications[d.applicationId];
      if (a) a.signedBy = { by: d.by as string, on: d.on };
      return;
    }
    case 'ApplicationDisplayed':
      state.applications[d.applicationId]?.displayedOn.push(d.on);
      return;
    case 'SupportWithdrawn': {
      const a = state.applications[d.applicationId];
      const role = d.role as 'proposer' | 'seconder';
      const who = a?.[role];
      if (!a || !who) return;
      a.withdrawals.push({ role, by: who.by, on: d.on });
      delete a[role];
      return;
    }
    case 'SupportReplaced': {
      const a = state.applications[d.applicationId];
      if (!a) return;
      a[d.role as 'proposer' | 'seconder'] = { by: d.by as string, on: d.on };
      a.amendedOn.push(d.on);
      return;
    }
    case 'ObjectionLodged':
      state.applications[d.applicationId]?.objections.push({
        by: d.by as string,
        on: d.on,
        grounds: d.grounds as string,
        // PIN-C8: absent, the objection is as the fact meant before it said: written and signed.
        form: d.form === 'oral' ? 'oral' : 'written',
        signed: d.signed !== false,
      });
      return;
    case 'ApplicationConsidered':
      state.applications[d.applicationId]?.consideredOn.push(d.on);
      return;
    case 'MemberElected': {
      const a = state.applications[d.applicationId];
      if (!a || a.outcome) return;
      a.outcome = { kind: 'elected', on: d.on };
      openSpan(personOf(state, a.person), {
        from: d.on,
        electedOn: d.on,
        classes: [{ class: a.classApplied, from: d.on }],
        restrictedEvents: [],
      });
      return;
    }
    case 'ApplicationRejected': {
      const a = state.applications[d.applicationId];
      if (!a || a.outcome) return;
      a.outcome = { kind: 'rejected', on: d.on };
      personOf(state, a.person).rejectedOn.push(d.on);
      return;
    }
    case 'ExistingMemberRecorded': {
      const p = personOf(state, d.person, d.name);
      born(p, d.birthDate);
      const electedOn = d.electedOn as string;
      openSpan(p, {
        from: electedOn,
        electedOn,
        classes: [{ class: d.class as RecordedClass, from: electedOn }],
        restrictedEvents: [],
      });
      return;
    }
    case 'SessionPlayedAtClub': {
      // PIN-R12: a visitor's date of birth, once given, is known for every later fact.
      if (d.birthDate !== undefined || state.people[d.person]) {
        born(personOf(state, d.person, d.name), d.birthDate);
      }
      return;
    }
    case 'BirthDateCorrected': {
      // Preferred from its position on: later facts and the derived ages read this date; the
      // facts decided before it stand (an election made stays made).
      const p = state.people[d.person];
      if (!p || typeof d.birthDate !== 'string') return;
      p.birthDate = d.birthDate;
      for (const s of p.spans) s.birthDate = d.birthDate;
      return;
    }
    case 'MemberEventsRestricted': {
      const span = lastSpan(state.people[d.person]);
      span?.restrictedEvents.push({ events: [...(d.events as string[])], from: d.on });
      return;
    }
  }
  const admitted = ADMITS[fact.type];
  if (admitted) {
    const p = personOf(state, d.person, d.name);
    born(p, d.birthDate);
    const span = spanOn(p, d.on);
    if (span) span.classes.push({ class: admitted, from: d.on });
    else
      openSpan(p, {
        from: d.on,
        classes: [{ class: admitted, from: d.on }],
        restrictedEvents: [],
      });
    return;
  }
  const ended = ENDS[fact.type];
  if (ended) {
    const span = spanOn(state.people[d.person], d.on);
    if (!span) return;
    span.until = d.on;
    span.endedBy = ended;
    if (typeof d.reason === 'string') span.reason = d.reason;
  }
}

/** The state of a list of facts, folded in order. */
export function foldMembership(facts: Iterable<MembershipFactIn>): MembershipState {
  const state = initialMembershipState();
  for (const f of facts) evolveMembership(state, f);
  return state;
}
