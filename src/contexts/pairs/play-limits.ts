import type { RuleViolation } from '../../kernel/rule-violation';
import type { Rulebook } from '../../rulebooks/rulebook';
import type { ClubSitting } from './domain/club-plays';
import type { CompetitionFact } from './domain/facts';
import type { CompetitionState } from './domain/state';
import type { CompetitionsState } from './projection/state';

/**
 * What a club's play limits read beyond the competition being appended to: the club's
 * rulebook on a date, its competitions and roster as the standings fold them, and each
 * player's sittings in its other competitions. The ledger keeps it (src/ledger/club-index.ts).
 */
export interface ClubPlays {
  readonly clubId: string;
  /** The club's rulebook in force on a date (a rulebook fact that cannot be applied left out). */
  rulebookOn(date: string): Rulebook | undefined;
  /** The club's competitions, roster and rulebook facts, as the competitions projection folds them. */
  competitions(): CompetitionsState;
  /** The player's sittings in the club's competitions other than `except`. */
  sittings(playerId: string, except: string): readonly ClubSitting[];
}

/**
 * Limits a club's rules put on a player's plays over all the club's competitions (NZ-8e, a
 * Monday or Wednesday player on a Tuesday at most three times a year; NZ-10, a visitor at most
 * three times): judged at append for each fact that seats a player, so that the standings never
 * meet a play the rules do not permit. A ruleset registers its limits with
 * `registerClubPlayLimits` (src/rulesets/index.ts); each reads its own rulebooks only.
 */
export interface ClubPlayLimits {
  readonly name: string;
  /**
   * The refusal of a proposed fact that sits a player down for a play the club's rules in force
   * do not permit, naming the rule and the field; undefined when it is permitted (or the
   * rulebook in force is not one these limits read). `state` is the competition before the fact.
   */
  violation(
    club: ClubPlays,
    state: CompetitionState,
    fact: CompetitionFact,
  ): RuleViolation | undefined;
}

const registered: ClubPlayLimits[] = [];

/** Registers a ruleset's club-wide play limits. One line, and no other edit. */
export function registerClubPlayLimits(limits: ClubPlayLimits): void {
  if (registered.some((l) => l.name === limits.name && l !== limits)) {
    throw new Error(`club play limits ${limits.name} are registered`);
  }
  if (!registered.includes(limits)) registered.push(limits);
}

/** The first refusal of a fact by the registered limits, in registration order. */
export function playLimitViolation(
  club: ClubPlays,
  state: CompetitionState,
  fact: CompetitionFact,
): RuleViolation | undefined {
  for (const limits of registered) {
    const refused = limits.violation(club, state, fact);
    if (refused) return refused;
  }
  return undefined;
}
