import { championshipTable } from '../ruleset-registry';
import type { ChampionshipView } from '../ruleset';
import type { QueryOptions } from './query-context';
import type { CompetitionsState } from './state';

/** No registered ruleset publishes a club championship. */
export class NoChampionshipError extends Error {
  readonly code = 'NO_APPLICABLE_RULEBOOK';
  constructor(clubId: string, season: string) {
    super(`no registered rulebook publishes a club championship (${clubId} ${season})`);
  }
}

/**
 * A club's championship of a season, as the ruleset that publishes it computes it (DSB-11):
 * the same table for every club and season, so that a club whose own rulebook has no
 * championship reads an empty one, as it always has.
 */
export function championshipOf(
  state: CompetitionsState,
  clubId: string,
  season: string,
  options: QueryOptions = {},
): ChampionshipView {
  const table = championshipTable();
  if (!table) throw new NoChampionshipError(clubId, season);
  return table.championship({ state, clubId, season, options });
}
