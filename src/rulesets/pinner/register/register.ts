import type {
  Because,
  PendingApplication,
  Register,
  RegisterEntry,
  Standing,
} from '../../../contexts/membership/model';
import {
  foldMembership,
  type ApplicationRecord,
  type MembershipFactIn,
  type MembershipState,
  type PersonRecord,
} from '../../../contexts/membership/register-fold';
import {
  barredFrom,
  classHistory,
  classOn,
  considerFromOn,
  missingSupportOn,
  supporterOn,
  type MembershipParams,
} from './rules';

/**
 * The register as of a day (PIN-R7..R9, PIN-C3..C18): each person's standing, class
 * and the day it started (Restricted derived from the election, PIN-R8), vote (Temporary none),
 * subscription (Honorary waived), PIN-R9's bar; and the applications pending with the first
 * day each may be considered (PIN-C6/C7) and their objections (PIN-C8). Pure: the facts (or
 * their fold) in, the register out; only what is dated on or before `asOf` is read.
 */
export function registerOf(
  input: Iterable<MembershipFactIn> | MembershipState,
  asOf: string,
  params: MembershipParams,
): Register {
  const state = isState(input) ? input : foldMembership(input);
  const entries: RegisterEntry[] = [];
  for (const p of Object.values(state.people).sort((a, b) => a.person.localeCompare(b.person))) {
    const entry = entryOf(p, state, asOf, params);
    if (entry) entries.push(entry);
  }
  const pending = Object.values(state.applications)
    .filter((a) => a.appliedOn <= asOf && !(a.outcome && a.outcome.on <= asOf))
    .sort(
      (a, b) =>
        a.appliedOn.localeCompare(b.appliedOn) || a.applicationId.localeCompare(b.applicationId),
    )
    .map((a) => pendingOf(a, asOf, params));
  return { asOf, entries, pending };
}

const isState = (x: unknown): x is MembershipState =>
  typeof x === 'object' && x !== null && 'people' in x && 'applications' in x;

function entryOf(
  p: PersonRecord,
  state: MembershipState,
  asOf: string,
  params: MembershipParams,
): RegisterEntry | undefined {
  const because: Because[] = [];
  const barred = barredFrom(p);
  const barredForEver = barred !== undefined && barred <= asOf;
  if (barredForEver) {
    because.push({
      rule: 'PIN-R9',
      text: `rejected or removed by the committee on ${barred}: never admitted again`,
    });
  }
  const spans = p.spans.filter((s) => s.from <= asOf);
  const span = spans[spans.length - 1];
  const pendingApp = p.applications
    .map((id) => state.applications[id]!)
    .find((a) => a.appliedOn <= asOf && !(a.outcome && a.outcome.on <= asOf));
  const base = { person: p.person, name: p.name, barredForEver };

  if (span && (span.until === undefined || asOf < span.until)) {
    const now = classOn(span, asOf, params)!;
    because.push(...now.because);
    const honorary = now.class === 'honorary';
    const temporary = now.class === 'temporary';
    if (honorary) because.push({ rule: 'PIN-R8', text: 'Honorary: no subscription' });
    if (temporary) because.push({ rule: 'PIN-R8', text: 'Temporary: no vote at general meetings' });
    const restricted = now.class === 'restricted' ? restrictedEventsOn(span, asOf) : undefined;
    return {
      ...base,
      standing: 'member',
      class: now.class,
      classFrom: now.from,
      votes: !temporary,
      subscription: honorary ? 'waived' : 'due',
      ...(span.electedOn !== undefined ? { electedOn: span.electedOn } : {}),
      because,
      classes: classHistory(span, asOf, params),
      ...(restricted?.length ? { restrictedEvents: restricted } : {}),
    };
  }
  let standing: Standing | undefined;
  let endedOn: string | undefined;
  if (pendingApp) standing = 'applicant';
  else {
    const lastRejection = p.rejectedOn
      .filter((d) => d <= asOf)
      .sort()
      .pop();
    const ended = span?.until;
    if (ended !== undefined && (lastRejection === undefined || ended >= lastRejection)) {
      standing = span!.endedBy!;
      endedOn = ended;
      because.push(endedBecause(span!.endedBy!, ended, span!.reason));
    } else if (lastRejection !== undefined) standing = 'rejected';
  }
  if (!standing) return undefined;
  return {
    ...base,
    standing,
    votes: false,
    subscription: 'none',
    ...(span?.electedOn !== undefined ? { electedOn: span.electedOn } : {}),
    because,
    ...(span ? { classes: classHistory(span, asOf, params) } : {}),
    ...(endedOn !== undefined ? { endedOn } : {}),
  };
}

function endedBecause(how: string, on: string, reason?: string): Because {
  if (how === 'resigned') return { rule: 'PIN-C16', text: `resigned on ${on}` };
  if (how === 'terminated') {
    return { rule: 'PIN-C17', text: `terminated by the committee in the first year, on ${on}` };
  }
  return { rule: 'PIN-C18', text: `expelled on ${on}${reason ? `: ${reason}` : ''}` };
}

function restrictedEventsOn(span: PersonRecord['spans'][number], asOf: string) {
  const latest = span.restrictedEvents.filter((r) => r.from <= asOf).pop();
  return latest ? [...latest.events] : undefined;
}

function pendingOf(
  a: ApplicationRecord,
  asOf: string,
  params: MembershipParams,
): PendingApplication {
  // PIN-C5/C7: while a supporter is withdrawn and unreplaced there is no day to give yet.
  const gap = missingSupportOn(a, asOf);
  const consider = gap?.withdrawnOn === undefined ? considerFromOn(a, asOf, params) : undefined;
  const because: Because[] = consider ? [consider.because] : [];
  if (gap?.withdrawnOn !== undefined) {
    because.push({
      rule: 'PIN-C5',
      text: `no ${gap.role} since ${gap.withdrawnOn} (withdrawn, PIN-C7): not considered before a replacement, then ${params.displayDays} days from it`,
    });
  } else if (gap) {
    // Never proposed: the display day holds once proposed (a first proposal restarts nothing).
    because.push({
      rule: 'PIN-C5',
      text: `no ${gap.role} yet: not considered before one member proposes and another seconds`,
    });
  }
  const displays = a.displayedOn.filter((d) => d <= asOf).sort();
  const proposer = supporterOn(a, 'proposer', asOf);
  const seconder = supporterOn(a, 'seconder', asOf);
  const signed = a.signedBy && a.signedBy.on <= asOf ? a.signedBy.by : undefined;
  const considered = a.consideredOn.filter((d) => d <= asOf);
  const objections = a.objections.filter((o) => o.on <= asOf).map(objectionOf);
  return {
    applicationId: a.applicationId,
    person: a.person,
    ...(displays.length ? { displayedOn: displays[displays.length - 1] } : {}),
    ...(consider ? { considerFrom: consider.on } : {}),
    objections,
    validObjections: objections.filter((o) => o.valid).length,
    because,
    ...(proposer !== undefined ? { proposer } : {}),
    ...(seconder !== undefined ? { seconder } : {}),
    ...(signed !== undefined ? { signedBy: signed } : {}),
    ...(considered.length ? { consideredOn: considered } : {}),
  };
}

/**
 * PIN-C8: an objection counts only "in writing and signed by the member"; another is kept on the
 * application, shown invalid with the reason.
 */
function objectionOf(o: ApplicationRecord['objections'][number]) {
  const why =
    o.form !== 'written'
      ? 'made orally: an objection is valid only in writing, signed by the member'
      : !o.signed
        ? 'not signed by the member: an objection is valid only in writing, signed by the member'
        : undefined;
  return why
    ? { ...o, valid: false, because: { rule: 'PIN-C8', text: why } }
    : { ...o, valid: true };
}
