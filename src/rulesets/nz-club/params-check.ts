import { checkYearStart } from '../../contexts/membership/visitors';
import { requireInteger, ScoringInputError } from '../../scoring';
import type { NzClubParams } from './preset';
import { checkCPointsParams } from './standings/c-points';
import { checkPenaltyParams } from './standings/percent';
import { checkNzTeamsParams } from './teams/rules';

/**
 * What the NZ tables read of a rulebook, checked by their own functions: the one-board penalty
 * (NZ-5), the C-point award table (NZ-8), the teams group (NZ-8, 11, 12, 14, 15), and the club year and visit limit the visitor count
 * reads (NZ-10: `yearStarts`, `visitorMaxPerYear`).
 */
export function checkNzClubParams(params: NzClubParams): void {
  checkPenaltyParams(params);
  checkCPointsParams(params);
  checkNzTeamsParams(params.teams);
  try {
    checkYearStart(params.yearStarts, 'NZ-10');
  } catch (e) {
    if (!(e instanceof ScoringInputError)) throw e;
    throw new ScoringInputError('yearStarts', e.rule, e.reason.slice(e.field.length + 1));
  }
  requireInteger(params.visitorMaxPerYear, 'visitorMaxPerYear', 'NZ-10', 1);
}
