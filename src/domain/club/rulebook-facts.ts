import {
  applyRulebookFact,
  buildRulebookHistory,
  type RulebookFactRecord,
} from '../../rulebooks/rulebook-facts';
import { RuleViolation } from '../rule-violation';

/**
 * RULEBOOK: may these rulebook facts of a club be written? The club's history is built from
 * the facts the ledger holds (one that cannot be applied, written before this check, is left
 * out: the rulebook a reader can use), then each proposed fact is applied in order, as every
 * reader will apply it. The first that cannot be applied is refused: a change the parameter
 * does not take or a path naming no parameter (`data.changes["scoring.factoring"]`,
 * `data.overrides[…]` for an adoption; the reason names the dotted path, the `scoring` group
 * checked value by value), an unknown preset (`data.preset`), an amendment with no rulebook
 * adopted by its date (`data.effectiveFrom`). Pure: the append gate supplies the facts.
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
