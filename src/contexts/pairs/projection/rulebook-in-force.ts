import { buildRulebookHistory } from '../../../rulebooks/rulebook-facts';
import {
  RulebookHistory,
  type Json,
  type Params,
  type Rulebook,
} from '../../../rulebooks/rulebook';
import type { CompetitionsState } from './state';

export class NoRulebookError extends Error {
  readonly code = 'NO_APPLICABLE_RULEBOOK';
  constructor(
    readonly clubId: string,
    readonly date: string,
  ) {
    super(`club ${clubId} had no rulebook in force on ${date}: record RulebookAdopted first`);
  }
}

/**
 * Every version of a club's rulebook: its adopted preset with the overrides and every
 * amendment, applied in the order the ledger recorded them. A version is one object, whatever
 * date inside it is asked for.
 *
 * A fact the ledger holds that cannot be applied (written before the append gate checked
 * rulebook facts: a value a parameter does not take, a path naming none, an unknown preset) is
 * refused by default with UnusableRulebookFactError naming the fact (club, type, position) and
 * the path: leaving it out would silently publish numbers the committee did not decide. The
 * append gate's club-wide checks ask for `skip`: the club's rulebook without it. An amendment
 * with no rulebook adopted by its date is skipped (it applies to no date), as it always was.
 */
export function rulebookHistory(
  state: CompetitionsState,
  clubId: string,
  unusable: 'refuse' | 'skip' = 'refuse',
): RulebookHistory {
  const facts = state.rulebooks[clubId] ?? [];
  return buildRulebookHistory(facts, unusable === 'refuse' ? { unusable, clubId } : { unusable });
}

/**
 * The rulebook a club had in force on a date: its adopted preset with the overrides and every
 * amendment effective by then, applied in the order the ledger recorded them.
 */
export function rulebookInForce(
  state: CompetitionsState,
  clubId: string,
  date: string,
  overrides: Record<string, Json> = {},
  history: RulebookHistory = rulebookHistory(state, clubId),
): Rulebook {
  const rulebook = history.inForce(date);
  if (!rulebook) throw new NoRulebookError(clubId, date);
  if (Object.keys(overrides).length === 0) return rulebook;
  // A what-if: an override that is not stored, applied to the rulebook in force.
  const whatIf = new RulebookHistory<Params>();
  whatIf.adopt({ id: rulebook.preset, params: rulebook.params }, overrides as never, date);
  return whatIf.inForce(date)!;
}
