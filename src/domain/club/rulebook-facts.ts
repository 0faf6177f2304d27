import {
  applyRulebookFact,
  buildRulebookHistory,
  type RulebookFactRecord,
} from '../../rulebooks/rulebook-facts';
import type { Json } from '../../rulebooks/rulebook';
import { RuleViolation } from '../rule-violation';

/**
 * Parameters that are a club time of day (HH:MM), which the deciders compare as text with a
 * fact's club time (DSB-3, DSB-9.1): the rulebook takes any string for them, so a value such
 * as `noon` or `9:00` would silently move the deadline.
 */
const CLOCK_PARAMS = ['pairs.namingDeadline', 'absence.noticeDeadline'];
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A clock parameter set by `changes` (by its path, or within its group) to a string not HH:MM. */
function badClock(changes: Record<string, Json>): { key: string; value: string } | undefined {
  for (const path of CLOCK_PARAMS) {
    const [group, leaf] = path.split('.') as [string, string];
    const whole = changes[group];
    const inGroup =
      whole !== null && typeof whole === 'object' && !Array.isArray(whole)
        ? whole[leaf]
        : undefined;
    const value = changes[path] ?? inGroup;
    if (typeof value === 'string' && !CLOCK.test(value)) {
      return { key: path in changes ? path : group, value };
    }
  }
  return undefined;
}

/**
 * RULEBOOK: may these rulebook facts of a club be written? The club's history is built from
 * the facts the ledger holds (one that cannot be applied, written before this check, is left
 * out: the rulebook a reader can use), then each proposed fact is applied in order, as every
 * reader will apply it. The first that cannot be applied is refused: a change the parameter
 * does not take or a path naming no parameter (`data.changes["scoring.factoring"]`,
 * `data.overrides[…]` for an adoption; the reason names the dotted path, the `scoring` group
 * checked value by value, a deadline (CLOCK_PARAMS) as HH:MM), an unknown preset
 * (`data.preset`), an amendment with no rulebook adopted by its date (`data.effectiveFrom`). Pure: the append gate supplies the facts.
 *
 * Returns the refused fact's place among `proposed` and the violation (its field relative to
 * the fact), or undefined when every proposed fact applies.
 */
export function rulebookFactsViolation(
  existing: readonly RulebookFactRecord[],
  proposed: readonly RulebookFactRecord[],
): { index: number; violation: RuleViolation } | undefined {
  const history = buildRulebookHistory(existing, { unusable: 'skip' });
  for (const [index, fact] of proposed.entries()) {
    const clock = badClock(fact.changes);
    if (clock) {
      const container = fact.kind === 'adopted' ? 'overrides' : 'changes';
      return {
        index,
        violation: new RuleViolation(
          'RULEBOOK',
          `a deadline is a club time HH:MM (e.g. 12:00), not ${JSON.stringify(clock.value)}`,
          `data.${container}[${JSON.stringify(clock.key)}]`,
        ),
      };
    }
    const problem = applyRulebookFact(history, fact);
    if (problem) {
      return {
        index,
        violation: new RuleViolation('RULEBOOK', problem.message, `data.${problem.field}`),
      };
    }
  }
  return undefined;
}
