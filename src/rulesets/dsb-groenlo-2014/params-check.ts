import type { DsbParams } from './preset';
import { DsbInputError } from './standings/errors';
import { checkChampionshipParams } from './standings/championship';
import { checkPromotionParams } from './standings/groups';
import { checkButlerParams } from './butler/standings';
import { checkViertallenParams } from './teams/standings';

/**
 * What the DSB tables read of a rulebook's keywords, checked by their own functions: the
 * promotion boundary's tie (DSB-8.1) and the championship's scope, ranking and tied places
 * (DSB-11.2, 11.3), the teams competition's format (DSB-15, 16) and the butler competition's sessions and
 * absence scores (DSB-16a, 16c).
 */
export function checkDsbParams(params: DsbParams): void {
  checkDsbCounts(params);
  checkPromotionParams(params);
  checkChampionshipParams(params);
  checkButlerParams(params);
  checkViertallenParams(params);
}

const count = (
  v: unknown,
  field: string,
  rule: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
) => {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max) {
    throw new DsbInputError(
      field,
      rule,
      `must be a whole number ${max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `${min}–${max}`}, got ${String(v)}`,
    );
  }
};

/**
 * The counts the DSB tables read: a partnership's members (DSB-3: at least one, the most no fewer), a pairs
 * competition's and a top-integral's sessions, rounds and boards (DSB-4, 7, 12), the clamps of
 * a substitute's session (DSB-10.2, hundredths of a percent, the lower first) and the sit-outs'
 * spread (DSB-22.5).
 */
export function checkDsbCounts(params: DsbParams): void {
  count(params.pairs.minMembers, 'pairs.minMembers', 'DSB-3', 1);
  count(params.pairs.maxMembers, 'pairs.maxMembers', 'DSB-3', params.pairs.minMembers);
  const pc = params.pairsCompetition;
  count(pc.sessions, 'pairsCompetition.sessions', 'DSB-4', 1);
  count(pc.rounds, 'pairsCompetition.rounds', 'DSB-7', 1);
  count(pc.boardsPerRound, 'pairsCompetition.boardsPerRound', 'DSB-7', 1);
  const ti = params.topIntegral;
  count(ti.minSessions, 'topIntegral.minSessions', 'DSB-12.1', 1);
  count(ti.rounds, 'topIntegral.rounds', 'DSB-12.2', 1);
  count(ti.boardsPerRound, 'topIntegral.boardsPerRound', 'DSB-12.2', 1);
  count(ti.substituteMin, 'topIntegral.substituteMin', 'DSB-10.2', 0, 10000);
  count(ti.substituteMax, 'topIntegral.substituteMax', 'DSB-10.2', ti.substituteMin, 10000);
  count(ti.finalListMinOriginalSessions, 'topIntegral.finalListMinOriginalSessions', 'DSB-14', 0);
  count(params.sitOuts.maxSpread, 'sitOuts.maxSpread', 'DSB-22.5', 0);
}
