// Pinner BC's membership rules (its constitution and club rules) as the membership context's.
import type { MembershipFactData } from '../../../contexts/membership/facts/membership';
import type { DecidedFact } from '../../../kernel/decider';
import { pinner2018 } from '../preset';
import { membershipOf, visitorsOf } from '../settings';
import { type MembershipState } from '../register';
import type { ClubContext } from '../../../contexts/club-context';
import { APPLICATION_CHECKS } from './applications';
import { type Check, type Ctx, type Params, sameBirth } from './context';
import { MEMBER_CHECKS } from './members';

/**
 * The membership and visitor settings in force on a day: the club's rulebook's groups when it
 * has them (pinner-2018, or a rulebook amended from it), else pinner-2018's own.
 */
export function membershipParamsOn(club: ClubContext, clubId: string, day: string): Params {
  const rulebook = club.rulebookOn(clubId, day);
  return {
    membership: membershipOf(rulebook),
    visitors:
      (visitorsOf(rulebook) as Params['visitors'] | undefined) ?? pinner2018.params.visitors,
  };
}

const CHECKS: { [K in keyof MembershipFactData]?: Check<K> } = {
  ...APPLICATION_CHECKS,
  ...MEMBER_CHECKS,
};

/**
 * Decides a proposed fact of a registered club's membership stream on its own day under Pinner's
 * rules: returns, or throws a RuleViolation naming the rule (PIN-…, NZ-8d, or LEDGER for what is
 * not there or there already) and the field. Pure.
 */
export function decidePinnerFact(
  fact: DecidedFact,
  state: MembershipState,
  club: ClubContext,
  clubId: string,
  day: string,
): void {
  const raw = fact.data as Record<string, unknown>;
  const ctx: Ctx = { state, params: membershipParamsOn(club, clubId, day), day };
  // A correction gives another date by design: it is judged by its own check.
  if (typeof raw.person === 'string' && fact.type !== 'BirthDateCorrected') {
    sameBirth(ctx, raw.person, raw.birthDate);
  }
  const check = CHECKS[fact.type as keyof MembershipFactData];
  check?.(raw as never, ctx);
}
