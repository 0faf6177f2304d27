import { buildRulebookHistory, type RulebookFactRecord } from '../../../rulebooks/rulebook-facts';
import type { Rulebook } from '../../../rulebooks/rulebook';
import { type VisitorParams } from '../model';
import {
  membershipRulesFor,
  visitorLimitsFor,
  type MembershipGroup,
  type MembershipRules,
} from '../rules';

/** The rulebook a membership answer was read under (absent: the default rules' preset). */
export interface RulebookUsed {
  preset: string;
  effectiveFrom: string;
}

export interface MembershipSettings {
  /** The club's membership rules that read the register under this rulebook. */
  rules: MembershipRules;
  membership: MembershipGroup;
  visitors: VisitorParams;
  rulebook?: RulebookUsed;
}

/** A club's rulebook history, as every reader builds it (an unusable fact skipped). */
export const historyOf = (facts: readonly RulebookFactRecord[]) =>
  buildRulebookHistory(facts, { unusable: 'skip' });

/**
 * The register's and the visitors' settings of a rulebook, as the membership rules it is read
 * by read them: its own membership and visitors' groups when it has them; a rulebook with no
 * visitors' group of its own reads the visitor limits its ruleset registered (an NZ club's
 * NZ-10: `visitorMaxPerYear`, the club year from `yearStarts`), else the rules' defaults.
 */
export function settingsOf(rulebook: Rulebook | undefined): MembershipSettings {
  const rules = membershipRulesFor(rulebook);
  const membership = rules.membershipOf(rulebook);
  const limits = rulebook && visitorLimitsFor(rulebook);
  const visitors =
    rules.visitorsOf(rulebook) ??
    (limits ? limits.visitorsOf(rulebook, rules.visitorDefaults) : rules.visitorDefaults);
  return {
    rules,
    membership,
    // One 29 February reading for every age (PIN readings): the membership group's.
    visitors: { ...visitors, leapDay: membership.leapDay },
    ...(rulebook
      ? { rulebook: { preset: rulebook.preset, effectiveFrom: rulebook.effectiveFrom } }
      : {}),
  };
}
