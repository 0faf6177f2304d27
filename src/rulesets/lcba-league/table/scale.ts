import { ScoringInputError, ebuPre2013Scale, wbf2013Scale, type VpScale } from '../../../scoring';
import type { LcbaParams } from '../../../rulebooks/presets/lcba-league';

/**
 * STD-VP, LCBA-6.7: the scale defaults (8.1) and virtual matches (A5) are converted on, a match
 * of the league's `boards`. A local stand-in for match/'s `scaleOf(params.match, boards)`, which
 * is not on this branch yet: the lead swaps the import when the parts are merged.
 */
export function leagueScale(params: LcbaParams): VpScale {
  const { vpScale, boards } = params.match;
  if (vpScale === 'ebu-pre-2013') return ebuPre2013Scale(boards);
  if (vpScale === 'wbf-2013') return wbf2013Scale(boards);
  throw new ScoringInputError(
    'vpScale',
    'STD-VP',
    `must be 'ebu-pre-2013' or 'wbf-2013', got ${String(vpScale)}`,
  );
}
