// Pinner's rules on applications and elections (PIN-C3 to C9, PIN-R7).
import {
  barred,
  beforeElection,
  bothSupporters,
  displayRun,
  ledger,
  memberOn,
  notMemberYet,
  openApplication,
  supporter,
} from './context';
import { ageKnownOn, studentAgeOn } from '../register';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { MembershipFactData } from '../../../contexts/membership/facts/membership';
import { type Check } from './context';

export const APPLICATION_CHECKS: { [K in keyof MembershipFactData]?: Check<K> } = {
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
};
