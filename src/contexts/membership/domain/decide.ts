import type { MembershipFactData } from '../facts/membership';
import type { DecidedFact } from '../../../kernel/decider';
import { pinner2018, type PinnerParams } from '../../../rulesets/pinner/preset';
import {
  ageKnownOn,
  ageOn,
  barredFrom,
  considerFromOn,
  classOn,
  fullFrom,
  isMemberOn,
  missingSupportOn,
  spanOn,
  studentAgeOn,
  type ApplicationRecord,
  type MembershipState,
} from '../../../rulesets/pinner/register';
import type { ClubContext } from '../../club-context';
import { RuleViolation } from '../../../kernel/rule-violation';
import { clubOfMembersStream } from './streams';

type Data<K extends keyof MembershipFactData> = MembershipFactData[K];
type Params = Pick<PinnerParams, 'membership' | 'visitors'>;

const ledger = (reason: string, field: string) => new RuleViolation('LEDGER', reason, field);

const isGroup = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The membership and visitor settings in force on a day: the club's rulebook's groups when it
 * has them (pinner-2018, or a rulebook amended from it), else pinner-2018's own.
 */
export function membershipParamsOn(club: ClubContext, clubId: string, day: string): Params {
  const params = club.rulebookOn(clubId, day)?.params;
  const m = params?.membership;
  const v = params?.visitors;
  return {
    membership:
      isGroup(m) && typeof m.displayDays === 'number'
        ? (m as unknown as Params['membership'])
        : pinner2018.params.membership,
    visitors:
      isGroup(v) && typeof v.underAge === 'number'
        ? (v as unknown as Params['visitors'])
        : pinner2018.params.visitors,
  };
}

/** The club date a fact is about, from its data (each fact names its own). */
export function dayOf(type: string, data: Record<string, unknown>): string {
  const field =
    type === 'MembershipApplied'
      ? 'appliedOn'
      : type === 'ExistingMemberRecorded'
        ? 'electedOn'
        : type === 'SessionPlayedAtClub' || type === 'VisitorPartnerAsked'
          ? 'date'
          : type === 'GuestNzcbaNumberChecked'
            ? 'checkedOn'
            : type === 'NzcbaRankRecorded'
              ? 'from'
              : 'on';
  return data[field] as string;
}

interface Ctx {
  state: MembershipState;
  params: Params;
  day: string;
}

/**
 * Decides a proposed fact of a club's membership stream: the fact, or a RuleViolation naming the
 * rule (PIN-…, NZ-8d, or LEDGER for what is not there or there already) and the field. Pure.
 */
export function decideMembershipFact(
  fact: DecidedFact,
  state: MembershipState,
  club: ClubContext,
  streamId: string,
): DecidedFact[] {
  const raw = fact.data as Record<string, unknown>;
  const clubId = clubOfMembersStream(streamId);
  if (!club.isRegistered(clubId)) {
    throw ledger(`club ${clubId} is not registered: register it first`, 'data.clubId');
  }
  const day = dayOf(fact.type, raw);
  const ctx: Ctx = { state, params: membershipParamsOn(club, clubId, day), day };
  // A correction gives another date by design: it is judged by its own check.
  if (typeof raw.person === 'string' && fact.type !== 'BirthDateCorrected') {
    sameBirth(ctx, raw.person, raw.birthDate);
  }
  const check = CHECKS[fact.type as keyof MembershipFactData];
  check?.(raw as never, ctx);
  return [fact];
}

/**
 * A person has one date of birth: a fact giving another than the one known (the first given,
 * or the latest BirthDateCorrected), or one making them under 16 on the day they declared
 * themselves over 16 (PIN-C3), is refused: a wrong one is corrected, not overwritten by the
 * next form.
 */
const sameBirth = (ctx: Ctx, person: string, given: unknown) => {
  if (typeof given !== 'string') return;
  const p = ctx.state.people[person];
  const known = p?.birthDate;
  if (known !== undefined && given !== known) {
    throw ledger(
      `${person}'s date of birth is ${known} by an earlier fact of the club, not ${given}: a wrong date of birth is corrected by the secretary's BirthDateCorrected (person, birthDate, reason, correctedBy, on)`,
      'data.birthDate',
    );
  }
  const declared = known === undefined ? p?.over16DeclaredOn : undefined;
  const min = ctx.params.membership.minAge;
  if (declared !== undefined && ageOn(given, declared, ctx.params.membership.leapDay) < min) {
    throw ledger(
      `${person} declared themselves over ${min} on ${declared}: born on ${given}, ${ageOn(given, declared, ctx.params.membership.leapDay)} that day`,
      'data.birthDate',
    );
  }
};

type Check<K extends keyof MembershipFactData> = (d: Data<K>, ctx: Ctx) => void;

const barred = (ctx: Ctx, person: string, field: string, as: string) => {
  const from = barredFrom(ctx.state.people[person]);
  if (from !== undefined && from <= ctx.day) {
    throw new RuleViolation(
      'PIN-R9',
      `${person} was rejected or removed by the committee on ${from}: never admitted ${as}`,
      field,
    );
  }
};

const memberOn = (ctx: Ctx, person: string, field: string, rule: string, what: string) => {
  if (!isMemberOn(ctx.state.people[person], ctx.day)) {
    throw new RuleViolation(rule, `${what} ${person} is not a member on ${ctx.day}`, field);
  }
};

/** An application still to be decided, the fact dated on or after it was made. */
const openApplication = (ctx: Ctx, id: string): ApplicationRecord => {
  const a = ctx.state.applications[id];
  if (!a) throw ledger(`no application ${id} (MembershipApplied first)`, 'data.applicationId');
  if (a.outcome) {
    throw ledger(
      `application ${id} was ${a.outcome.kind} on ${a.outcome.on}`,
      'data.applicationId',
    );
  }
  if (ctx.day < a.appliedOn) {
    throw ledger(`application ${id} was made on ${a.appliedOn}, after ${ctx.day}`, 'data.on');
  }
  return a;
};

/** PIN-C5: a supporter is a member that day and not the candidate. */
const supporter = (ctx: Ctx, a: ApplicationRecord, person: string, role: string, field: string) => {
  if (person === a.person) {
    throw new RuleViolation('PIN-C5', `the candidate ${person} cannot be their own ${role}`, field);
  }
  memberOn(ctx, person, field, 'PIN-C5', `the ${role}`);
};

/** PIN-C5: a proposer and a seconder in place on the fact's day (a withdrawn one replaced, C7). */
const bothSupporters = (ctx: Ctx, a: ApplicationRecord) => {
  const gap = missingSupportOn(a, ctx.day);
  if (!gap) return;
  throw new RuleViolation(
    'PIN-C5',
    `application ${a.applicationId} has no ${gap.role} on ${ctx.day}${gap.withdrawnOn !== undefined ? ` (withdrawn, not replaced: PIN-C7)` : ''}`,
    'data.applicationId',
  );
};

/** PIN-C6/C7: the display has run its days by `ctx.day`. */
const displayRun = (ctx: Ctx, a: ApplicationRecord, what: string) => {
  const from = considerFromOn(a, ctx.day, ctx.params.membership);
  if (!from) {
    throw new RuleViolation(
      'PIN-C6',
      `application ${a.applicationId} was never displayed: it cannot be ${what}`,
      'data.on',
    );
  }
  if (ctx.day < from.on) {
    throw new RuleViolation(
      from.because.rule,
      `${from.because.text}: ${what} on ${from.on} or later, not ${ctx.day}`,
      'data.on',
    );
  }
};

const notMemberYet = (ctx: Ctx, person: string, field = 'data.person') => {
  if (isMemberOn(ctx.state.people[person], ctx.day)) {
    throw ledger(`${person} is a member on ${ctx.day} already`, field);
  }
};

/** PIN-C7: support is withdrawn or replaced before the election only. */
const beforeElection = (ctx: Ctx, id: string) => {
  const outcome = ctx.state.applications[id]?.outcome;
  if (outcome?.kind === 'elected') {
    throw new RuleViolation(
      'PIN-C7',
      `application ${id} was elected on ${outcome.on}: support is withdrawn or replaced before the election only`,
      'data.applicationId',
    );
  }
};

/** A person joining without an election (Honorary, Temporary, Non-playing): R9, C3, a name. */
const admitting = (
  d: { person: string; name?: string; birthDate?: string },
  ctx: Ctx,
  what: string,
) => {
  barred(ctx, d.person, 'data.person', `as a member`);
  const p = ctx.state.people[d.person];
  const birth = p?.birthDate ?? d.birthDate;
  const age =
    birth === undefined
      ? undefined
      : ageKnownOn({ birthDate: birth }, ctx.day, ctx.params.membership);
  const min = ctx.params.membership.minAge;
  if (age !== undefined && age < min) {
    throw new RuleViolation(
      'PIN-C3',
      `${d.person} is ${age} on ${ctx.day}: membership is open from the age of ${min}`,
      'data.on',
    );
  }
  // A visitor's record (kept for a birth date given at a session) may have no name but the id.
  if ((!p || p.name === p.person) && d.name === undefined) {
    throw ledger(
      `${d.person} is not on the register: a ${what} member's name is needed`,
      'data.name',
    );
  }
};

const CHECKS: { [K in keyof MembershipFactData]?: Check<K> } = {
  ExistingMemberRecorded(d, ctx) {
    barred(ctx, d.person, 'data.person', 'as a member');
    const age =
      d.birthDate === undefined ? undefined : ageKnownOn(d, d.electedOn, ctx.params.membership);
    if (age !== undefined && age < ctx.params.membership.minAge) {
      throw new RuleViolation(
        'PIN-C3',
        `${d.person} was ${age} on ${d.electedOn}: membership is open from the age of ${ctx.params.membership.minAge}`,
        'data.electedOn',
      );
    }
    if (ctx.state.people[d.person]?.spans.length) {
      throw ledger(`${d.person} is on the register already`, 'data.person');
    }
    if (d.class === 'student') {
      // PIN-R8: Student ends on the 26th birthday, so the register needs the date of birth.
      const m = ctx.params.membership;
      const birth = d.birthDate ?? ctx.state.people[d.person]?.birthDate;
      if (birth === undefined) {
        throw new RuleViolation(
          'PIN-R8',
          `a Student member's date of birth is needed: Student membership is for ages ${m.student.fromAge} to ${m.student.belowAge - 1}`,
          'data.birthDate',
        );
      }
      if (!studentAgeOn(birth, d.electedOn, m)) {
        throw new RuleViolation(
          'PIN-R8',
          `${d.person} was ${ageKnownOn({ birthDate: birth }, d.electedOn, m)} on ${d.electedOn}: Student membership is for ages ${m.student.fromAge} to ${m.student.belowAge - 1}`,
          'data.class',
        );
      }
    }
  },

  MembershipApplied(d, ctx) {
    if (ctx.state.applications[d.applicationId]) {
      throw ledger(`application ${d.applicationId} is recorded already`, 'data.applicationId');
    }
    barred(ctx, d.person, 'data.person', 'as a member');
    notMemberYet(ctx, d.person);
    const open = ctx.state.people[d.person]?.applications
      .map((id) => ctx.state.applications[id]!)
      .find((a) => !a.outcome);
    if (open) {
      throw ledger(`${d.person} has application ${open.applicationId} pending`, 'data.person');
    }
    if (d.birthDate === undefined && d.over16Declared !== true) {
      throw new RuleViolation(
        'PIN-C3',
        'an application gives the date of birth or declares the candidate over 16 (over16Declared: true)',
        'data.birthDate',
      );
    }
    if (d.birthDate !== undefined && d.birthDate > d.appliedOn) {
      throw ledger(`born on ${d.birthDate}, after applying on ${d.appliedOn}`, 'data.birthDate');
    }
  },

  ApplicationProposed(d, ctx) {
    const a = openApplication(ctx, d.applicationId);
    if (a.proposer || a.seconder || a.withdrawals.length) {
      throw ledger(
        `application ${d.applicationId} is proposed already: a new supporter is a SupportReplaced (PIN-C7)`,
        'data.applicationId',
      );
    }
    if (d.proposer === d.seconder) {
      throw new RuleViolation(
        'PIN-C5',
        `${d.proposer} cannot both propose and second: one member proposes, another seconds`,
        'data.seconder',
      );
    }
    supporter(ctx, a, d.proposer, 'proposer', 'data.proposer');
    supporter(ctx, a, d.seconder, 'seconder', 'data.seconder');
  },

  ApplicationSigned(d, ctx) {
    const a = openApplication(ctx, d.applicationId);
    if (a.signedBy)
      throw ledger(`application ${d.applicationId} is signed already`, 'data.applicationId');
    if (d.by === a.person) {
      throw new RuleViolation('PIN-R7', 'the candidate cannot sign their own form', 'data.by');
    }
    memberOn(ctx, d.by, 'data.by', 'PIN-R7', 'the committee member signing');
  },

  ApplicationDisplayed(d, ctx) {
    openApplication(ctx, d.applicationId);
  },

  SupportWithdrawn(d, ctx) {
    beforeElection(ctx, d.applicationId);
    const a = openApplication(ctx, d.applicationId);
    if (!a[d.role]) {
      throw ledger(`application ${d.applicationId} has no ${d.role} to withdraw`, 'data.role');
    }
  },

  SupportReplaced(d, ctx) {
    beforeElection(ctx, d.applicationId);
    const a = openApplication(ctx, d.applicationId);
    if (a[d.role]) {
      throw ledger(
        `application ${d.applicationId} has its ${d.role} (${a[d.role]!.by}): withdrawn first (SupportWithdrawn)`,
        'data.role',
      );
    }
    if (!a.withdrawals.some((w) => w.role === d.role)) {
      throw ledger(
        `application ${d.applicationId} was never proposed (ApplicationProposed)`,
        'data.role',
      );
    }
    const other = a[d.role === 'proposer' ? 'seconder' : 'proposer'];
    if (other && other.by === d.by) {
      throw new RuleViolation(
        'PIN-C5',
        `${d.by} cannot both propose and second: one member proposes, another seconds`,
        'data.by',
      );
    }
    supporter(ctx, a, d.by, d.role, 'data.by');
  },

  ObjectionLodged(d, ctx) {
    openApplication(ctx, d.applicationId);
    memberOn(ctx, d.by, 'data.by', 'PIN-C8', 'the objector');
  },

  ApplicationConsidered(d, ctx) {
    const a = openApplication(ctx, d.applicationId);
    bothSupporters(ctx, a);
    displayRun(ctx, a, 'considered');
  },

  MemberElected(d, ctx) {
    const a = openApplication(ctx, d.applicationId);
    const p = ctx.state.people[a.person]!;
    barred(ctx, a.person, 'data.applicationId', 'as a member');
    notMemberYet(ctx, a.person, 'data.applicationId');
    if (!a.signedBy) {
      throw new RuleViolation(
        'PIN-R7',
        `application ${d.applicationId} has no committee member's signature for the standard of play`,
        'data.applicationId',
      );
    }
    bothSupporters(ctx, a);
    displayRun(ctx, a, 'elected');
    const m = ctx.params.membership;
    const age = ageKnownOn(p, d.on, m);
    if (age !== undefined && age < m.minAge) {
      throw new RuleViolation(
        'PIN-C3',
        `${a.person} is ${age} on ${d.on}: membership is open from the age of ${m.minAge}`,
        'data.on',
      );
    }
    if (a.classApplied === 'student') {
      if (p.birthDate === undefined || !studentAgeOn(p.birthDate, d.on, m)) {
        throw new RuleViolation(
          'PIN-R8',
          `Student membership is for ages ${m.student.fromAge} to ${m.student.belowAge - 1} on the day: ${a.person} is ${age ?? 'of no known age'} on ${d.on}`,
          'data.on',
        );
      }
    }
  },

  ApplicationRejected(d, ctx) {
    openApplication(ctx, d.applicationId);
  },

  StudentMembershipOffered(d, ctx) {
    memberOn(ctx, d.person, 'data.person', 'PIN-C13', 'Student membership is offered to members:');
    const p = ctx.state.people[d.person]!;
    const m = ctx.params.membership;
    if (p.birthDate === undefined) {
      throw new RuleViolation(
        'PIN-R8',
        `${d.person}'s date of birth is not recorded: Student membership is for ages ${m.student.fromAge} to ${m.student.belowAge - 1}`,
        'data.person',
      );
    }
    if (!studentAgeOn(p.birthDate, d.on, m)) {
      throw new RuleViolation(
        'PIN-R8',
        `${d.person} is ${ageKnownOn(p, d.on, m)} on ${d.on}: Student membership is for ages ${m.student.fromAge} to ${m.student.belowAge - 1}`,
        'data.on',
      );
    }
  },

  HonoraryMembershipInvited(d, ctx) {
    admitting(d, ctx, 'Honorary');
  },

  TemporaryMembershipAccepted(d, ctx) {
    admitting(d, ctx, 'Temporary');
  },

  NonPlayingMembershipAccepted(d, ctx) {
    admitting(d, ctx, 'Non-playing');
  },

  MemberEventsRestricted(d, ctx) {
    memberOn(ctx, d.person, 'data.person', 'PIN-R8', 'the events are restricted of members only:');
    const span = spanOn(ctx.state.people[d.person], d.on)!;
    const now = classOn(span, d.on, ctx.params.membership);
    if (now?.class !== 'restricted') {
      throw new RuleViolation(
        'PIN-R8',
        `${d.person} is ${now?.class ?? 'of no class'} on ${d.on}, not Restricted: the committee restricts the events of Restricted members only`,
        'data.person',
      );
    }
  },

  MembershipTerminated(d, ctx) {
    memberOn(ctx, d.person, 'data.person', 'LEDGER', 'the member');
    const span = spanOn(ctx.state.people[d.person], d.on)!;
    if (span.electedOn === undefined) {
      throw new RuleViolation(
        'PIN-C17',
        `${d.person} was not elected (admitted on ${span.from}): the committee terminates in the first year after election only`,
        'data.person',
      );
    }
    const full = fullFrom(span.electedOn, ctx.params.membership);
    if (d.on >= full) {
      throw new RuleViolation(
        'PIN-C17',
        `${d.person} was elected on ${span.electedOn}: the first year ended before ${full}; expulsion (PIN-C18) or resignation remain`,
        'data.on',
      );
    }
  },

  MemberResigned(d, ctx) {
    memberOn(ctx, d.person, 'data.person', 'LEDGER', 'the member');
  },

  MemberExpelled(d, ctx) {
    memberOn(ctx, d.person, 'data.person', 'LEDGER', 'the member');
  },

  BirthDateCorrected(d, ctx) {
    const p = ctx.state.people[d.person];
    if (!p) {
      throw ledger(`${d.person} is not known to the club: nothing to correct`, 'data.person');
    }
    if (p.birthDate === d.birthDate) {
      throw ledger(
        `${d.person}'s date of birth is ${d.birthDate} already: nothing to correct`,
        'data.birthDate',
      );
    }
    if (d.birthDate > d.on) {
      throw ledger(`born on ${d.birthDate}, after the correction of ${d.on}`, 'data.birthDate');
    }
  },

  SessionPlayedAtClub(d, ctx) {
    // PIN-R12: the age is known from any earlier fact that gave the birth date (the register's,
    // an application's, an earlier session's), else from this session's own.
    const p = ctx.state.people[d.person];
    if (ctx.params.membership.barredAsVisitor) barred(ctx, d.person, 'data.person', 'to play');
    if (d.birthDate !== undefined && d.birthDate > d.date) {
      throw ledger(`born on ${d.birthDate}, after playing on ${d.date}`, 'data.birthDate');
    }
    const v = ctx.params.visitors;
    const birth = p?.birthDate ?? d.birthDate;
    const age =
      birth === undefined
        ? undefined
        : ageKnownOn({ birthDate: birth }, d.date, ctx.params.membership);
    if (age === undefined || age >= v.underAge) return;
    if (d.supervisedBy === undefined) {
      throw new RuleViolation(
        'PIN-R12',
        `${d.person} is ${age} on ${d.date}: a player under ${v.underAge} plays only under an adult member's supervision (supervisedBy)`,
        'data.supervisedBy',
      );
    }
    if (d.supervisedBy === d.person) {
      throw new RuleViolation(
        'PIN-R12',
        `${d.person} cannot supervise themselves`,
        'data.supervisedBy',
      );
    }
    memberOn(ctx, d.supervisedBy, 'data.supervisedBy', 'PIN-R12', 'the supervisor');
    const supervisorAge = ageKnownOn(
      ctx.state.people[d.supervisedBy],
      d.date,
      ctx.params.membership,
    );
    if (supervisorAge !== undefined && supervisorAge < v.adultAge) {
      throw new RuleViolation(
        'PIN-R12',
        `the supervisor ${d.supervisedBy} is ${supervisorAge} on ${d.date}: an adult member (${v.adultAge} or over) supervises`,
        'data.supervisedBy',
      );
    }
  },

  VisitorPartnerAsked(d, ctx) {
    memberOn(ctx, d.member, 'data.member', 'NZ-8d', 'the Secretary asks a member:');
    if (d.member === d.visitor) {
      throw ledger('the member and the visitor are one person', 'data.visitor');
    }
  },
};
