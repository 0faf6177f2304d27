/**
 * The C points of a competition's scored sessions, published by the ruleset whose formats include
 * the competition's (`cPointsTableOf`, src/contexts/pairs/ruleset-registry.ts): NZ-8 under nz-club,
 * src/rulesets/nz-club/c-points.ts. Pure: the answer depends on the projection state only.
 */
import type { Json } from '../../../rulebooks/rulebook';
import { cPointsTableNames, cPointsTableOf } from '../ruleset-registry';
import type { CPointsView } from '../ruleset';
import { UnknownCompetitionError, UnknownSessionError, WrongRulebookError } from './query-context';
import type { CompetitionsState } from './state';

export type { CPointsView } from '../ruleset';

export interface CPointsOptions {
  /** Only this session (1-based). */
  session?: number;
  /** What-if: parameter overrides not stored in the ledger. */
  whatIf?: Record<string, Json>;
}

/**
 * The C points of a competition: for each scored session (a session with results), the award of
 * every player who sat down, explained. Errors as `standingsOf`: an unknown competition, a format
 * no registered ruleset awards C points in, a session the competition does not have.
 */
export function cPointsOf(
  state: CompetitionsState,
  competitionId: string,
  options: CPointsOptions = {},
): CPointsView {
  const created = state.competitions[competitionId]?.competition;
  if (!created) throw new UnknownCompetitionError(competitionId);
  const table = cPointsTableOf(created.format);
  if (!table) throw new WrongRulebookError(competitionId, created.format, cPointsTableNames());
  const planned = created.sessions.length;
  if (
    options.session !== undefined &&
    (!Number.isSafeInteger(options.session) || options.session < 1 || options.session > planned)
  ) {
    throw new UnknownSessionError(competitionId, options.session, planned);
  }
  return table.cPoints({ state, competitionId, session: options.session, whatIf: options.whatIf });
}
