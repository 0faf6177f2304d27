import type { DecidedFact } from '../../kernel/decider';
import { registerPreset } from '../../rulebooks/presets';
import type { Preset, Rulebook } from '../../rulebooks/rulebook';
import type { ClubContext } from '../club-context';
import type { MembershipState } from './register-fold';

/**
 * What the membership context needs of a club's membership rules (its constitution and club
 * rules: classes, election timing, visitors): to decide each fact of the club's members stream.
 * The context folds the facts (register-fold.ts), checks the club is registered and the fact's
 * own day, and hands the decision to the rules the club's rulebook in force that day is read by.
 * A ruleset registers its implementation with `registerMembershipRules` (src/rulesets/index.ts).
 */
export interface MembershipRules {
  readonly name: string;
  /** Its preset (registered with it): its `membership` and `visitors` groups are the defaults. */
  readonly preset: Preset;
  /** Whether a club's rulebook in force is read by these rules. */
  appliesTo(rulebook: Rulebook | undefined): boolean;
  /**
   * Decides a fact of a registered club's members stream on its own day: returns when it is
   * accepted, throws a RuleViolation naming the rule and the field.
   */
  decide(
    fact: DecidedFact,
    state: MembershipState,
    club: ClubContext,
    clubId: string,
    day: string,
  ): void;
}

const registered: MembershipRules[] = [];

/** Registers a club's membership rules and their preset. One line, and no other edit. */
export function registerMembershipRules(rules: MembershipRules): void {
  if (registered.some((r) => r.name === rules.name && r !== rules)) {
    throw new Error(`membership rules ${rules.name} are registered`);
  }
  registerPreset(rules.preset);
  if (!registered.includes(rules)) registered.push(rules);
}

/**
 * The rules a club's rulebook in force is read by: the first registered that applies to it; a
 * rulebook none applies to (an NZ club's, none at all) is read by the first registered, whose
 * preset's settings are the defaults.
 */
export function membershipRulesFor(rulebook: Rulebook | undefined): MembershipRules {
  const rules = registered.find((r) => r.appliesTo(rulebook)) ?? registered[0];
  if (!rules) throw new Error('no membership rules are registered (src/rulesets/index.ts)');
  return rules;
}
