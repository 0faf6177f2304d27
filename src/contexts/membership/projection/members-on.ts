import type { Rulebook } from '../../../rulebooks/rulebook';
import type { MembershipState } from '../register-fold';
import { settingsOf } from './settings';

/**
 * The members on the register on a day (every class), each with their class then: what another
 * context counts (a general meeting's quorum, PIN-C22) from the club's members stream as its
 * decider folded it, under the membership rules the club's rulebook in force is read by.
 */
export function membersOn(
  state: unknown,
  rulebook: Rulebook | undefined,
  day: string,
): Array<{ person: string; class?: string }> {
  const settings = settingsOf(rulebook);
  return settings.rules
    .registerOf(state as MembershipState, day, settings.membership)
    .entries.filter((e) => e.standing === 'member')
    .map((e) => ({ person: e.person, ...(e.class ? { class: e.class } : {}) }));
}
