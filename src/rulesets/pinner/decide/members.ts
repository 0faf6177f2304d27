// Pinner's rules on members' classes, endings, birth dates and sessions played (PIN-C10 to
// C18, PIN-R8 to R12, NZ-8d).
import { admitting, barred, ledger, memberOn } from './context';
import { ageKnownOn, classOn, fullFrom, restrictionOn, spanOn, studentAgeOn } from '../register';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { MembershipFactData } from '../../../contexts/membership/facts/membership';
import { type Check } from './context';

export const MEMBER_CHECKS: { [K in keyof MembershipFactData]?: Check<K> } = {
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
    // PIN-R8/C17: a Restricted member kept from this event by the committee does not play in it
    // while the restriction stands (unless the club lets the duty member decide: 'flag').
    const restricted = restrictionOn(spanOn(p, d.date), d.event.id, d.date, ctx.params.membership);
    if (restricted && ctx.params.membership.restrictedPlay !== 'flag') {
      throw new RuleViolation(
        'PIN-R8',
        `${d.person} is restricted from ${d.event.id} by the committee since ${restricted.from} (PIN-C17): not to play in it before the Restricted year ends on ${restricted.until}`,
        'data.event.id',
      );
    }
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
