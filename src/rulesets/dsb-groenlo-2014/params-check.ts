import type { DsbParams } from './preset';
import { requireCount } from '../../scoring';
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

/**
 * The counts the DSB tables read: a partnership's members (DSB-3: at least one, the most no fewer), a pairs
 * competition's and a top-integral's sessions, rounds and boards (DSB-4, 7, 12), the clamps of
 * a substitute's session (DSB-10.2, hundredths of a percent, the lower first) and the sit-outs'
 * spread (DSB-22.5).
 */
export function checkDsbCounts(params: DsbParams): void {
  requireCount(params.pairs.minMembers, 'pairs.minMembers', 'DSB-3', 1);
  requireCount(params.pairs.maxMembers, 'pairs.maxMembers', 'DSB-3', params.pairs.minMembers);
  const pc = params.pairsCompetition;
  requireCount(pc.sessions, 'pairsCompetition.sessions', 'DSB-4', 1);
  requireCount(pc.rounds, 'pairsCompetition.rounds', 'DSB-7', 1);
  requireCount(pc.boardsPerRound, 'pairsCompetition.boardsPerRound', 'DSB-7', 1);
  const ti = params.topIntegral;
  requireCount(ti.minSessions, 'topIntegral.minSessions', 'DSB-12.1', 1);
  requireCount(ti.rounds, 'topIntegral.rounds', 'DSB-12.2', 1);
  requireCount(ti.boardsPerRound, 'topIntegral.boardsPerRound', 'DSB-12.2', 1);
  requireCount(ti.substituteMin, 'topIntegral.substituteMin', 'DSB-10.2', 0, 10000);
  requireCount(ti.substituteMax, 'topIntegral.substituteMax', 'DSB-10.2', ti.substituteMin, 10000);
  requireCount(
    ti.finalListMinOriginalSessions,
    'topIntegral.finalListMinOriginalSessions',
    'DSB-14',
    0,
  );
  requireCount(params.sitOuts.maxSpread, 'sitOuts.maxSpread', 'DSB-22.5', 0);
}
