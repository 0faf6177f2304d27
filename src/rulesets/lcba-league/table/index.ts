// LCBA table/: a division's season table from its fixtures' outcomes (LCBA-8.1–8.4,
// A, 3.1, the penalties). Pure: the same input gives the same table.
import type { LcbaParams } from '../preset';
import { ScoringInputError, type VpScale } from '../../../scoring';
import type { DivisionInput, DivisionTable, TeamId } from '../../../contexts/league/model';
import { cancelledTeams } from './cancel';
import { applyPenalties } from './penalties';
import { rowsOf } from './rows';
import { leagueScale } from './scale';
import { scoreFixtures } from './scores';
import { seasonOf } from './season';
import { validateDivision, validateParams } from './validate';

export { leagueScale } from './scale';

/**
 * What a table reads of the rulebook, checked: the parameters (LCBA-8, 3.1.1, A5, 2.2) and
 * the match's VP scale (STD-VP). The preset's `validate` is this check, so a rulebook fact
 * the tables could not read is refused on append.
 */
export function checkTableParams(params: LcbaParams): VpScale {
  validateParams(params);
  try {
    return leagueScale(params);
  } catch (e) {
    // The scale reads the `match` group: its field named from the rulebook's root.
    if (!(e instanceof ScoringInputError)) throw e;
    throw new ScoringInputError(`match.${e.field}`, e.rule, e.reason.slice(e.field.length + 1));
  }
}

/**
 * A division's table as of `input.asOf` (the whole season without it): every fixture known
 * scored, every team's row ranked, every number with the rule it came from. Bad input is
 * refused with a ScoringInputError naming the field and the rule.
 */
export function divisionTable(input: DivisionInput, params: LcbaParams): DivisionTable {
  validateParams(params);
  const scale = leagueScale(params);
  validateDivision(input, params, scale);
  const season = seasonOf(input, params, scale);
  const cancelled = new Map<TeamId, string>(
    cancelledTeams(season).map((c) => [c.team, c.because.text]),
  );
  const scored = scoreFixtures(season, cancelled);
  const penalties = applyPenalties(season, scored);
  const rows = rowsOf(season, scored, penalties, cancelled);
  const fixtures = input.fixtures.flatMap((f) => scored.get(f.id) ?? []);
  return { division: input.division, rows, fixtures };
}
