import type { DsbParams } from './preset';
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
  checkPromotionParams(params);
  checkChampionshipParams(params);
  checkButlerParams(params);
  checkViertallenParams(params);
}
