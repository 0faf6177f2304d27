import type { DecidedFact } from '../../kernel/decider';
import { rulesRegistry } from '../../rulebooks/rules-registry';
import type { Preset, Rulebook } from '../../rulebooks/rulebook';
import type { RubberSessionState, TableState } from './domain/state';

/** Who leaves a table at its next Table Up, as the rules read the session now, and why. */
export type NextTableUp =
  | { leave: string[]; rule: string; because: string }
  | { cutAmong: string[]; places: number; rule: string; because: string };

/** Whether the rubber in play at a table ends at a given hand whatever its state (R24). */
export interface HandLimit {
  /** The hand that ends the rubber; undefined: the rubber is played out. */
  endsAtHand?: number;
  rule: string;
  because: string;
}

/**
 * What the rubber-session context needs of a club's rules of rotation: to decide each fact of an
 * evening's stream, and to tell the duty member who leaves at each table's next Table Up, when a
 * rubber ends by rule, when one retired may come back. A ruleset registers its implementation
 * with `registerRubberRules` (src/rulesets/index.ts); another club's rotation is another ruleset.
 */
export interface RubberRules {
  readonly name: string;
  /** Its preset (registered with it): its `rubber` group is the default. */
  readonly preset: Preset;
  /** Whether a club's rulebook in force is read by these rules. */
  appliesTo(rulebook: Rulebook | undefined): boolean;
  /**
   * Decides a fact of the evening (the context has checked what every rotation shares: the
   * tables and units it names exist and are where the fact needs them): returns when accepted,
   * throws a RuleViolation naming the rule and the field.
   */
  decide(fact: DecidedFact, state: RubberSessionState, rulebook: Rulebook | undefined): void;
  /** Who leaves the table at its next Table Up, with those waiting now. */
  nextTableUp(
    state: RubberSessionState,
    table: TableState,
    rulebook: Rulebook | undefined,
  ): NextTableUp;
  /** The hand that ends a table's rubber in play whatever its state, with those present now. */
  handLimit(
    state: RubberSessionState,
    table: TableState,
    rulebook: Rulebook | undefined,
  ): HandLimit;
  /** When a unit retired at `retiredAt` may arrive again, and the rule. */
  mayRejoin(retiredAt: string, rulebook: Rulebook | undefined): { from: string; rule: string };
}

const registry = rulesRegistry<RubberRules>('rubber');

/** Registers a club's rubber rules and their preset. One line, and no other edit. */
export const registerRubberRules = (rules: RubberRules): void => registry.register(rules);

/** The rules a club's rulebook in force is read by; undefined when none registered applies. */
export const rubberRulesFor = (rulebook: Rulebook | undefined): RubberRules | undefined =>
  registry.for(rulebook);
