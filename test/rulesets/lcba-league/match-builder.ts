import type { MatchBoardsInput, TableNo } from '../../../src/contexts/league/model';
import { ScoringInputError } from '../../../src/scoring';

// The builders the match tests share.

/**
 * A match of `n` boards, four stanzas in board order; the home team sits NS at tables 1 and 3
 * and EW at 2 and 4, so its net aggregate is t1 − t2 + t3 − t4. Every board is 420 at every
 * table (aggregate 0) unless `scores` gives the NS scores at tables 1–4 (null: no result).
 */
export function boardsMatch(
  n: number,
  scores: Record<number, (number | null)[]> = {},
  extra: Partial<MatchBoardsInput> = {},
): MatchBoardsInput {
  const per = n / 4;
  return {
    kind: 'boards',
    boards: n,
    stanzas: [0, 1, 2, 3].map((s) => Array.from({ length: per }, (_, i) => s * per + i + 1)),
    results: Array.from({ length: n }, (_, i) => i + 1).flatMap((board) =>
      (scores[board] ?? [420, 420, 420, 420]).flatMap((ns, i) =>
        ns === null
          ? []
          : [
              {
                board,
                table: (i + 1) as TableNo,
                homeSits: i % 2 === 0 ? ('NS' as const) : ('EW' as const),
                nsScore: ns,
              },
            ],
      ),
    ),
    fouled: [],
    incomplete: [],
    unplayed: [],
    ...extra,
  };
}

export const refusal = (f: () => unknown): ScoringInputError => {
  try {
    f();
  } catch (e) {
    if (e instanceof ScoringInputError) return e;
    throw e;
  }
  throw new Error('not refused');
};
