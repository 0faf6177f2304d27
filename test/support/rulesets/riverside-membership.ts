import type { ClassChange, Register, RegisterEntry } from '../../../src/contexts/membership/model';
import { addDays } from '../../../src/contexts/membership/dates';
import type {
  ApplicationRecord,
  MembershipState,
  PersonRecord,
} from '../../../src/contexts/membership/register-fold';
import type { MembershipRules } from '../../../src/contexts/membership/rules';
import { RuleViolation } from '../../../src/kernel/rule-violation';
import type { Preset, Rulebook } from '../../../src/rulebooks/rulebook';

/**
 * A club's membership rules that live only under test/: Riverside BC's constitution in three
 * rules ("RIV"), registered in one line by the test that uses them. They prove that a club's
 * membership rules are one folder and one registration: nothing under src/ names them.
 *   RIV-1  an application is displayed on the notice board for at least `noticeDays` days (14)
 *          before the committee elects the candidate.
 *   RIV-2  every member is a Full member, with a vote, and pays the subscription.
 *   RIV-3  a visitor may play `sessions` sessions (4) a calendar year; the committee may refuse
 *          entry to any further session.
 *   RIV-0  facts these rules do not record (proposers, signatures, objections, other classes).
 */
export type RiversideParams = {
  membership: { noticeDays: number; leapDay: 'feb-28' };
  visitors: {
    sessions: number;
    refuse: 'after-sessions';
    underAge: number;
    adultAge: number;
    nzMaxVisits: number;
    prizes: 'pin-r13';
    year: { kind: 'calendar' };
    limitRule: string;
  };
};

export const riversidePreset: Preset<RiversideParams> = {
  id: 'test-riverside-2026',
  source: 'test/support/rulesets/riverside-membership.ts',
  formats: [],
  params: {
    membership: { noticeDays: 14, leapDay: 'feb-28' },
    visitors: {
      sessions: 4,
      refuse: 'after-sessions',
      // RIV-3 knows no age: no visitor is young enough to be exempt.
      underAge: 0,
      adultAge: 18,
      nzMaxVisits: 0,
      prizes: 'pin-r13',
      year: { kind: 'calendar' },
      limitRule: 'RIV-3',
    },
  },
};

type Membership = RiversideParams['membership'];
const RECORDED = new Set([
  'ExistingMemberRecorded',
  'MembershipApplied',
  'ApplicationDisplayed',
  'MemberElected',
  'ApplicationRejected',
  'MemberResigned',
  'SessionPlayedAtClub',
]);

const groupOf = (rulebook: Rulebook | undefined) =>
  (rulebook?.params as Partial<RiversideParams> | undefined)?.membership;

const memberOn = (p: PersonRecord | undefined, day: string) =>
  p?.spans.some((s) => s.from <= day && (s.until === undefined || day < s.until)) ?? false;

function openApplication(state: MembershipState, id: unknown): ApplicationRecord {
  const a = state.applications[String(id)];
  if (!a) throw new RuleViolation('LEDGER', `no application ${String(id)}`, 'data.applicationId');
  if (a.outcome) {
    const { kind, on } = a.outcome;
    throw new RuleViolation(
      'LEDGER',
      `application ${a.applicationId} was ${kind} on ${on}`,
      'data.applicationId',
    );
  }
  return a;
}

/** RIV-1: the first day the committee may elect: `noticeDays` after the latest display. */
const electableFrom = (a: ApplicationRecord, m: Membership) => {
  const shown = [...a.displayedOn].sort().pop();
  return shown === undefined ? undefined : addDays(shown, m.noticeDays);
};

function decide(type: string, d: Record<string, unknown>, state: MembershipState, m: Membership) {
  if (!RECORDED.has(type)) {
    throw new RuleViolation('RIV-0', `Riverside's rules record no ${type}`, 'type');
  }
  const person = state.people[String(d.person)];
  if (type === 'ExistingMemberRecorded' || type === 'MembershipApplied') {
    if (memberOn(person, String(d.electedOn ?? d.appliedOn))) {
      throw new RuleViolation('LEDGER', `${String(d.person)} is a member already`, 'data.person');
    }
  }
  if (type === 'MemberResigned' && !memberOn(person, String(d.on))) {
    throw new RuleViolation(
      'LEDGER',
      `${String(d.person)} is not a member on ${String(d.on)}`,
      'data.person',
    );
  }
  if (type === 'ApplicationDisplayed' || type === 'ApplicationRejected') {
    openApplication(state, d.applicationId);
  }
  if (type === 'MemberElected') {
    const a = openApplication(state, d.applicationId);
    const from = electableFrom(a, m);
    if (from === undefined) {
      throw new RuleViolation(
        'RIV-1',
        `application ${a.applicationId} was never displayed`,
        'data.applicationId',
      );
    }
    if (String(d.on) < from) {
      const text = `displayed on ${[...a.displayedOn].sort().pop()}: elected from ${from} (${m.noticeDays} days), not ${String(d.on)}`;
      throw new RuleViolation('RIV-1', text, 'data.on');
    }
  }
}

const RIV_2 = { rule: 'RIV-2', text: 'every member is a Full member with a vote' };

function entryOf(p: PersonRecord, state: MembershipState, asOf: string): RegisterEntry | undefined {
  const span = p.spans.filter((s) => s.from <= asOf).pop();
  const base = { person: p.person, name: p.name, barredForEver: false };
  const elected = span?.electedOn !== undefined ? { electedOn: span.electedOn } : {};
  if (span && (span.until === undefined || asOf < span.until)) {
    return {
      ...base,
      standing: 'member',
      class: 'full',
      classFrom: span.from,
      votes: true,
      subscription: 'due',
      ...elected,
      because: [RIV_2],
      classes: [{ class: 'full', from: span.from, because: RIV_2 }],
    };
  }
  const pending = p.applications
    .map((id) => state.applications[id]!)
    .some((a) => a.appliedOn <= asOf && !(a.outcome && a.outcome.on <= asOf));
  const rejected = p.rejectedOn.some((d) => d <= asOf);
  const ended = span?.until;
  const standing = pending
    ? 'applicant'
    : ended
      ? span!.endedBy!
      : rejected
        ? 'rejected'
        : undefined;
  if (!standing) return undefined;
  return {
    ...base,
    standing,
    votes: false,
    subscription: 'none',
    ...elected,
    because: [],
    ...(!pending && ended ? { endedOn: ended } : {}),
  };
}

function registerOf(state: MembershipState, asOf: string, m: Membership): Register {
  const people = Object.values(state.people).sort((a, b) => a.person.localeCompare(b.person));
  const pending = Object.values(state.applications)
    .filter((a) => a.appliedOn <= asOf && !(a.outcome && a.outcome.on <= asOf))
    .sort((a, b) => a.appliedOn.localeCompare(b.appliedOn))
    .map((a) => {
      const shown = a.displayedOn.filter((d) => d <= asOf).sort();
      const from = shown.length ? addDays(shown[shown.length - 1]!, m.noticeDays) : undefined;
      return {
        applicationId: a.applicationId,
        person: a.person,
        ...(shown.length ? { displayedOn: shown[shown.length - 1]! } : {}),
        ...(from ? { considerFrom: from } : {}),
        objections: [],
        validObjections: 0,
        because: [
          from
            ? { rule: 'RIV-1', text: `displayed ${m.noticeDays} days: may be elected from ${from}` }
            : { rule: 'RIV-1', text: 'not displayed yet' },
        ],
      };
    });
  const entries = people.flatMap((p) => entryOf(p, state, asOf) ?? []);
  return { asOf, entries, pending };
}

export const riversideMembershipRules: MembershipRules = {
  name: 'test-riverside-2026',
  preset: riversidePreset as unknown as Preset,
  appliesTo: (rulebook) => typeof groupOf(rulebook)?.noticeDays === 'number',
  decide: (fact, state, club, clubId, day) =>
    decide(
      fact.type,
      fact.data as Record<string, unknown>,
      state,
      membershipOf(club.rulebookOn(clubId, day)),
    ),
  membershipOf: (rulebook) => membershipOf(rulebook),
  visitorsOf: (rulebook) => {
    const v = (rulebook?.params as Partial<RiversideParams> | undefined)?.visitors;
    return v && typeof v.sessions === 'number' ? v : undefined;
  },
  visitorDefaults: riversidePreset.params.visitors,
  registerOf: (state, asOf, m) => registerOf(state, asOf, m as Membership),
  classHistory: (span): ClassChange[] => [{ class: 'full', from: span.from, because: RIV_2 }],
  barredFrom: () => undefined,
};

function membershipOf(rulebook: Rulebook | undefined): Membership {
  const m = groupOf(rulebook);
  return m && typeof m.noticeDays === 'number' ? m : riversidePreset.params.membership;
}
