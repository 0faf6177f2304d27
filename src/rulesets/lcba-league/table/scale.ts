import type { VpScale } from '../../../scoring';
import type { LcbaParams } from '../preset';
import { scaleOf } from '../match';

/**
 * STD-VP, LCBA-6.7: the scale defaults (8.1) and virtual matches (A5) are converted on: the
 * match scale of the league's `boards` (match/scale.ts).
 */
export function leagueScale(params: LcbaParams): VpScale {
  return scaleOf(params.match, params.match.boards);
}
