import { tableOf } from '../ruleset-registry';
import type { StandingsView } from '../ruleset';
import { heading, WrongRulebookError, type QueryOptions } from './query-context';
import type { CompetitionsState } from './state';

export {
  MissingBallotError,
  UnknownCompetitionError,
  WrongRulebookError,
  rulebookOn,
  scoringSettingsFor,
  type QueryOptions,
} from './query-context';
export type { StandingsView } from '../ruleset';
export type { ChampionshipView } from '../ruleset';
export { championshipOf, NoChampionshipError } from './championship';

/**
 * Interim or final standings of a competition, under the rulebook in force, explained row by
 * row: the table its rulebook publishes for its format (src/rulesets/), found in the registry.
 */
export function standingsOf(
  state: CompetitionsState,
  competitionId: string,
  options: QueryOptions = {},
): StandingsView {
  const { c, head, rulebook } = heading(state, competitionId, options);
  const table = tableOf(rulebook.preset, head.format);
  if (!table) throw new WrongRulebookError(competitionId, head.format, rulebook.preset);
  return { ...head, ...table.standings({ state, competition: c, head, rulebook, options }) };
}
