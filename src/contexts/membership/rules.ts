import type { DecidedFact } from '../../kernel/decider';
import { registerPreset } from '../../rulebooks/presets';
import type { Preset, Rulebook } from '../../rulebooks/rulebook';
import type { ClubContext } from '../club-context';
import type { Because, ClassChange, Register, VisitorParams } from './model';
import type { LeapDay } from './dates';
import type { MemberSpan, MembershipState, PersonRecord } from './register-fold';

/**
 * A rulebook's membership group as its rules read it (classes, notice, ages): the context reads
 * only its 29 February reading, so that ages are judged alike everywhere.
 */
export interface MembershipGroup {
  readonly leapDay?: LeapDay;
}

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
  /** The rulebook's membership group these rules read (none, or not theirs: their preset's). */
  membershipOf(rulebook: Rulebook | undefined): MembershipGroup;
  /** The rulebook's own visitors' settings, when it has a group these rules read. */
  visitorsOf(rulebook: Rulebook | undefined): VisitorParams | undefined;
  /** The visitors' settings of a rulebook with none of its own and no visitor limits registered. */
  readonly visitorDefaults: VisitorParams;
  /** The register as of a day: each person's standing, class, vote and the rules behind them. */
  registerOf(state: MembershipState, asOf: string, membership: MembershipGroup): Register;
  /** A member's classes over a span up to a day, each with its first day and why. */
  classHistory(span: MemberSpan, asOf: string, membership: MembershipGroup): ClassChange[];
  /** The first day a person may be neither elected nor admitted as a visitor, if any. */
  barredFrom(person: PersonRecord): string | undefined;
  /**
   * What the rules say of a session a member played in an event on a day, when they flag it
   * (a Restricted member in an event the committee kept her from, recorded because the club
   * lets the duty member decide); undefined when there is nothing to say.
   */
  playVerdict?(
    person: PersonRecord | undefined,
    event: string,
    day: string,
    membership: MembershipGroup,
  ): Because | undefined;
}

/**
 * What a rulebook that is not a club's membership rules says of visitors (an NZ club's NZ-10):
 * the visitors' settings it reads, the rest of a visitor's rules taken from `defaults`.
 */
export interface VisitorLimits {
  readonly name: string;
  appliesTo(rulebook: Rulebook | undefined): boolean;
  visitorsOf(rulebook: Rulebook, defaults: VisitorParams): VisitorParams;
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

const limits: VisitorLimits[] = [];

/** Registers the visitor limits a ruleset reads from its own rulebooks. One line, no other edit. */
export function registerVisitorLimits(rules: VisitorLimits): void {
  if (limits.some((r) => r.name === rules.name && r !== rules)) {
    throw new Error(`visitor limits ${rules.name} are registered`);
  }
  if (!limits.includes(rules)) limits.push(rules);
}

/** The visitor limits a rulebook in force is read by, if some registered ones apply. */
export const visitorLimitsFor = (rulebook: Rulebook | undefined): VisitorLimits | undefined =>
  limits.find((r) => r.appliesTo(rulebook));
