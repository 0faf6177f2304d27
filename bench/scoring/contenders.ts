import { matchpointScores, scoreMatchpointSession, type TravellerLine } from '../../src/scoring';
import type { SyntheticSeason } from './season';

/**
 * What each contender does with one chunk of the season (a run of whole sessions). Every
 * contender returns a number derived from its output, summed into a sink, so nothing is
 * optimised away.
 */
export type Work = (first: number, end: number) => number;

export type ScoringContender =
  'sort-array' | 'sort-int32' | 'sort-float64' | 'matchpointScores' | 'session';

export const FLOORS: readonly ScoringContender[] = ['sort-array', 'sort-int32', 'sort-float64'];

const byNumber = (a: number, b: number) => a - b;

/** Traveller lines of every session: Mitchell, NS pair i meets EW pair (i + board) mod t. */
export function sessionLines(season: SyntheticSeason): TravellerLine[][] {
  return season.sessions.map((s) => {
    const lines: TravellerLine[] = [];
    for (let b = 0; b < s.boards; b++) {
      const scores = season.boards[s.firstBoard + b];
      for (let i = 0; i < s.tables; i++) {
        lines.push({
          board: b + 1,
          nsPair: `N${i + 1}`,
          ewPair: `E${((i + b) % s.tables) + 1}`,
          score: scores[i],
        });
      }
    }
    return lines;
  });
}

/** Works over boards [first, end) — or, for 'session', over sessions [first, end). */
export function contenders(
  season: SyntheticSeason,
  lines: TravellerLine[][],
): Record<ScoringContender, Work> {
  const boards = season.boards;
  return {
    // The floor, three ways: a copy of each board's numbers sorted.
    'sort-array': (first, end) => {
      let sink = 0;
      for (let b = first; b < end; b++) {
        const c = boards[b].slice();
        c.sort(byNumber);
        sink += c[0];
      }
      return sink;
    },
    'sort-int32': (first, end) => {
      let sink = 0;
      for (let b = first; b < end; b++) {
        const c = Int32Array.from(boards[b]);
        c.sort();
        sink += c[0];
      }
      return sink;
    },
    'sort-float64': (first, end) => {
      let sink = 0;
      for (let b = first; b < end; b++) {
        const c = Float64Array.from(boards[b]);
        c.sort();
        sink += c[0];
      }
      return sink;
    },
    matchpointScores: (first, end) => {
      let sink = 0;
      for (let b = first; b < end; b++) sink += matchpointScores(boards[b])[0];
      return sink;
    },
    session: (first, end) => {
      let sink = 0;
      for (let s = first; s < end; s++) {
        const r = scoreMatchpointSession(lines[s], { movement: 'two-winner' });
        sink += r.pairs[0].published;
      }
      return sink;
    },
  };
}

/** STD-MP by definition, O(n²): 2 per result beaten, 1 per tie. For the sanity check only. */
export function naiveMatchpoints(scores: readonly number[]): number[] {
  return scores.map((s, i) =>
    scores.reduce((mp, o, j) => (j === i ? mp : mp + (s > o ? 2 : s === o ? 1 : 0)), 0),
  );
}
