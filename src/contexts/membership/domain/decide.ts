import type { DecidedFact } from '../../../kernel/decider';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { ClubContext } from '../../club-context';
import type { MembershipState } from '../register-fold';
import { membershipRulesFor } from '../rules';
import { dayOf } from './day-of';
import { clubOfMembersStream } from './streams';

export { dayOf } from './day-of';

/**
 * Decides a proposed fact of a club's membership stream: the fact, or a RuleViolation naming the
 * rule (the club's membership rules', or LEDGER) and the field. The club must be registered; the
 * fact is judged on its own day by the rules the club's rulebook in force then is read by. Pure.
 */
export function decideMembershipFact(
  fact: DecidedFact,
  state: MembershipState,
  club: ClubContext,
  streamId: string,
): DecidedFact[] {
  const clubId = clubOfMembersStream(streamId);
  if (!club.isRegistered(clubId)) {
    throw new RuleViolation(
      'LEDGER',
      `club ${clubId} is not registered: register it first`,
      'data.clubId',
    );
  }
  const day = dayOf(fact.type, fact.data as Record<string, unknown>);
  membershipRulesFor(club.rulebookOn(clubId, day)).decide(fact, state, club, clubId, day);
  return [fact];
}
