import { PRESETS } from '../../rulebooks/presets';
import { RulebookHistory, type Json, type Params, type Rulebook } from '../../rulebooks/rulebook';
import type { CompetitionsState } from './state';

export class NoRulebookError extends Error {
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
 */
export function rulebookHistory(state: CompetitionsState, clubId: string): RulebookHistory {
  const history = new RulebookHistory();
  for (const f of state.rulebooks[clubId] ?? []) {
    if (f.kind === 'adopted') {
      const preset = PRESETS[f.preset!];
      if (preset) history.adopt(preset, f.changes, f.effectiveFrom);
    } else if (history.inForce(f.effectiveFrom)) {
      history.amend(f.changes, f.effectiveFrom);
    }
  }
  return history;
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
  whatIf.adopt(
    { id: rulebook.preset, source: 'what-if', params: rulebook.params },
    overrides as never,
    date,
  );
  return whatIf.inForce(date)!;
}
