import { applyRulebookFact, buildRulebookHistory, type RulebookFactRecord } from './rulebook-facts';
import type { Json } from './rulebook';

/**
 * A what-if's rulebook override checked as the club's own amendment from `day` would be (a path
 * naming a parameter, a value of its kind, the rulebook's own check of the whole): its changes,
 * or the issue naming the parameter path (`rulebookOverride` when it is not an object at all).
 */
export function rulebookOverrideOf(
  facts: readonly RulebookFactRecord[],
  day: string,
  override: unknown,
  example: string,
): { changes: Record<string, Json> } | { issue: { field: string; message: string } } {
  if (override === null || typeof override !== 'object' || Array.isArray(override)) {
    return {
      issue: {
        field: 'rulebookOverride',
        message: `a rulebook override is a JSON object of parameter paths and values, e.g. ${example}`,
      },
    };
  }
  const changes = override as Record<string, Json>;
  const history = buildRulebookHistory(facts, { unusable: 'skip' });
  const problem = applyRulebookFact(history, { kind: 'amended', changes, effectiveFrom: day });
  if (problem?.kind === 'invalid') {
    const path = problem.path || (Object.keys(changes)[0] ?? 'rulebookOverride');
    return {
      issue: {
        field: path,
        message: `${path}: ${problem.message.replace(/^(rulebook parameter [^:]*: )?/, '')}`,
      },
    };
  }
  return { changes };
}
