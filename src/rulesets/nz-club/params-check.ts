import { checkYearStart } from '../../contexts/membership/visitors';
import { requireCount, requireInteger, ScoringInputError } from '../../scoring';
import type { NzClubParams } from './preset';
import { checkCPointsParams } from './standings/c-points';
import { checkPenaltyParams } from './standings/percent';
import { checkNzTeamsParams } from './teams/rules';

/**
 * What the NZ tables read of a rulebook, checked by their own functions: each event kind's
 * counts (NZ-1, NZ-2), the one-board penalty (NZ-5), the C-point award table (NZ-8), the teams
 * group (NZ-8, 11, 12, 14, 15), and the club year and visit limit the visitor count reads
 * (NZ-10: `yearStarts`, `visitorMaxPerYear`).
 */
export function checkNzClubParams(params: NzClubParams): void {
  checkEventShapes(params);
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

/**
 * NZ-1, NZ-2: the counts the standings read of each event kind, whole numbers: a ten-session
 * event counts its best `counted` (at least 1) of `sessions`, with its substitute scores and a
 * regular partnership's sessions (0 or more); the other kinds' session counts (at least 1). A
 * competition the new counts cannot score is the shape's to refuse (NZ-1, stranding).
 */
function checkEventShapes(params: NzClubParams): void {
  const t = params.tenSession;
  requireCount(t.sessions, 'tenSession.sessions', 'NZ-1', 1);
  // More counted than held counts them all: only a count below one (or not whole) is unusable.
  requireCount(t.counted, 'tenSession.counted', 'NZ-1', 1);
  requireCount(t.regularMinSessions, 'tenSession.regularMinSessions', 'NZ-1', 0);
  requireCount(t.maxSubstituteScoresCounted, 'tenSession.maxSubstituteScoresCounted', 'NZ-1', 0);
  requireCount(params.randomDrawIndividualBestOf, 'randomDrawIndividualBestOf', 'NZ-2', 1);
  requireCount(params.wilkinson.nights, 'wilkinson.nights', 'NZ-2', 1);
  requireCount(params.wellesley.nights, 'wellesley.nights', 'NZ-2', 1);
  params.shortPairs.sessionCounts.forEach((n, i) =>
    requireCount(n, `shortPairs.sessionCounts[${i}]`, 'NZ-2', 1),
  );
}
