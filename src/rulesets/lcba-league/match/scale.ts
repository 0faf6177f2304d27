import {
  ScoringInputError,
  ebuPre2013Scale,
  tableVpScale,
  wbf2013Scale,
  type VpScale,
} from '../../../scoring';
import type { LcbaParams } from '../preset';

/**
 * LCBA-6.3/6.7, STD-VP: the league's IMP-to-VP scale for a match of `boards` boards. A match
 * has `params.boards` boards, or `params.agreedBoards` by agreement; any other count is refused.
 * A table in `params.vpTables` for the count (the Match Result Form's) comes first, then the
 * scale `params.vpScale` names.
 */
export function scaleOf(params: LcbaParams['match'], boards: number): VpScale {
  // A season's table asks for the same scale at every match: built once per setting.
  const key = `${String(params.vpScale)}|${boards}|${JSON.stringify(params.vpTables?.[String(boards)] ?? null)}|${params.boards}|${params.agreedBoards}`;
  let scale = built.get(key);
  if (!scale) {
    scale = build(params, boards);
    built.set(key, scale);
  }
  return scale;
}

const built = new Map<string, VpScale>();

function build(params: LcbaParams['match'], boards: number): VpScale {
  if (boards !== params.boards && boards !== params.agreedBoards) {
    throw new ScoringInputError(
      'boards',
      'LCBA-6.3',
      `must be ${params.boards}, or ${params.agreedBoards} by agreement, got ${String(boards)}`,
    );
  }
  const froms = params.vpTables?.[String(boards)];
  if (froms) {
    if (froms.length !== 11) {
      throw new ScoringInputError(
        `vpTables.${boards}`,
        'LCBA-6.7',
        `must give 11 margins (10-10 … 20-0), got ${froms.length}`,
      );
    }
    return tableVpScale(
      `LCBA Match Result Form, ${boards} boards`,
      froms.map((from, i) => ({ from, winner: 10 + i, loser: 10 - i })),
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
