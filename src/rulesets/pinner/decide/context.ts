// What Pinner's membership checks decide with: the fold, the settings of the day, the lookups.
import type { MembershipFactData } from '../../../contexts/membership/facts/membership';
import type { PinnerParams } from '../preset';
import {
  ageKnownOn,
  ageOn,
  barredFrom,
  considerFromOn,
  isMemberOn,
  missingSupportOn,
  type ApplicationRecord,
  type MembershipState,
} from '../register';
import { RuleViolation } from '../../../kernel/rule-violation';

export type Data<K extends keyof MembershipFactData> = MembershipFactData[K];
export type Params = Pick<PinnerParams, 'membership' | 'visitors'>;

export const ledger = (reason: string, field: string) => new RuleViolation('LEDGER', reason, field);

export interface Ctx {
  state: MembershipState;
  params: Params;
  day: string;
}

/**
 * A person has one date of birth: a fact giving another than the one known (the first given,
 * or the latest BirthDateCorrected), or one making them under 16 on the day they declared
 * themselves over 16 (PIN-C3), is refused: a wrong one is corrected, not overwritten by the
 * next form.
 */
export const sameBirth = (ctx: Ctx, person: string, given: unknown) => {
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

export type Check<K extends keyof MembershipFactData> = (d: Data<K>, ctx: Ctx) => void;

export const barred = (ctx: Ctx, person: string, field: string, as: string) => {
  const from = barredFrom(ctx.state.people[person]);
  if (from !== undefined && from <= ctx.day) {
    throw new RuleViolation(
      'PIN-R9',
      `${person} was rejected or removed by the committee on ${from}: never admitted ${as}`,
      field,
    );
  }
};

export const memberOn = (ctx: Ctx, person: string, field: string, rule: string, what: string) => {
  if (!isMemberOn(ctx.state.people[person], ctx.day)) {
    throw new RuleViolation(rule, `${what} ${person} is not a member on ${ctx.day}`, field);
  }
};

/** An application still to be decided, the fact dated on or after it was made. */
export const openApplication = (ctx: Ctx, id: string): ApplicationRecord => {
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
export const supporter = (
  ctx: Ctx,
  a: ApplicationRecord,
  person: string,
  role: string,
  field: string,
) => {
  if (person === a.person) {
    throw new RuleViolation('PIN-C5', `the candidate ${person} cannot be their own ${role}`, field);
  }
  memberOn(ctx, person, field, 'PIN-C5', `the ${role}`);
};

/** PIN-C5: a proposer and a seconder in place on the fact's day (a withdrawn one replaced, C7). */
export const bothSupporters = (ctx: Ctx, a: ApplicationRecord) => {
  const gap = missingSupportOn(a, ctx.day);
  if (!gap) return;
  throw new RuleViolation(
    'PIN-C5',
    `application ${a.applicationId} has no ${gap.role} on ${ctx.day}${gap.withdrawnOn !== undefined ? ` (withdrawn, not replaced: PIN-C7)` : ''}`,
    'data.applicationId',
  );
};

/** PIN-C6/C7: the display has run its days by `ctx.day`. */
export const displayRun = (ctx: Ctx, a: ApplicationRecord, what: string) => {
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

export const notMemberYet = (ctx: Ctx, person: string, field = 'data.person') => {
  if (isMemberOn(ctx.state.people[person], ctx.day)) {
    throw ledger(`${person} is a member on ${ctx.day} already`, field);
  }
};

/** PIN-C7: support is withdrawn or replaced before the election only. */
export const beforeElection = (ctx: Ctx, id: string) => {
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
export const admitting = (
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
