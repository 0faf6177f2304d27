import { ScoringInputError, ebuPre2013Scale, wbf2013Scale, type VpScale } from '../../../scoring';
import type { LcbaParams } from '../../../rulebooks/presets/lcba-league';

/**
 * LCBA-6.3/6.7, STD-VP: the league's IMP-to-VP scale for a match of `boards` boards. A match
 * has `params.boards` boards, or `params.agreedBoards` by agreement; any other count is refused.
 */
export function scaleOf(params: LcbaParams['match'], boards: number): VpScale {
  if (boards !== params.boards && boards !== params.agreedBoards) {
    throw new ScoringInputError(
      'boards',
      'LCBA-6.3',
      `must be ${params.boards}, or ${params.agreedBoards} by agreement, got ${String(boards)}`,
    );
  }
  switch (params.vpScale) {
    case 'ebu-pre-2013':
      return ebuPre2013Scale(boards);
    case 'wbf-2013':
      return wbf2013Scale(boards);
    default:
      throw new ScoringInputError(
        'vpScale',
        'STD-VP',
        `must be 'ebu-pre-2013' or 'wbf-2013', got ${String(params.vpScale)}`,
      );
  }
}
