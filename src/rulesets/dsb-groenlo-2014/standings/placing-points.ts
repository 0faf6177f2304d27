// DSB-11: the season's shapes and DSB-11.4's placing points (the table by group and rank).
import type { DsbParams } from '../preset';
import { DsbInputError, requireOneOf } from './errors';
import { Rational } from './rational';
import type { CompetitionInput, CompetitionRoster, Explanation } from './types';
import { groupIndex } from './validate';

/** DSB-11: the season's pairs competitions, in order. */

export interface SeasonInput {
  competitions: CompetitionInput[];
}

/** The season's competitions as their pairs only, for a caller that gives every final standing. */
export interface SeasonRoster {
  competitions: CompetitionRoster[];
}

export interface PlacingAward {
  competitionId: string;
  pairId: string;
  group: string;
  rank: number | null;
  /** Placing points counted for the championship (display, 2 decimals). */
  points: number;
  exact: string;
  counted: boolean;
  explain: Explanation[];
}

export interface ChampionshipRow {
  pairId: string;
  /** Competition rank ("1224") on the exact season total; null when not eligible. */
  rank: number | null;
  points: number;
  exact: string;
  eligible: boolean;
  /** Sessions in the original composition over the season, and the season's sessions. */
  originalSessions: number;
  seasonSessions: number;
  explain: Explanation[];
}

function placingTable(params: DsbParams, group: string): number[] {
  groupIndex(params, group, 'group');
  const table = params.championship.placingPoints[group];
  if (!Array.isArray(table) || table.length === 0) {
    throw new DsbInputError(
      `championship.placingPoints.${group}`,
      'DSB-11.4',
      'is missing: every group needs its placing points',
    );
  }
  return table;
}

/**
 * DSB-11.3/11.4 the placing points of `rank` in `group`; the table's last column counts for
 * that rank and every rank beyond (14+). `tied` pairs sharing the rank cover ranks
 * rank .. rank + tied − 1 and share the average of their points ('average', the default
 * reading) or each get the points of the rank itself ('higher').
 */
export function placingPoints(
  params: DsbParams,
  group: string,
  rank: number,
  tied = 1,
): { points: Rational; explain: Explanation } {
  const table = placingTable(params, group);
  if (!Number.isInteger(rank) || rank < 1) {
    throw new DsbInputError('rank', 'DSB-11.4', `must be an integer ≥ 1, got ${rank}`);
  }
  if (!Number.isInteger(tied) || tied < 1) {
    throw new DsbInputError('tied', 'DSB-11.4', `must be an integer ≥ 1, got ${tied}`);
  }
  checkTiePoints(params);
  const mode = params.championship.tiePoints;
  const last = table.length;
  if (tied === 1 || mode === 'higher') {
    const own = table[Math.min(rank, last) - 1];
    const points = Rational.of(own);
    return {
      points,
      explain: {
        rule: 'DSB-11.4',
        effect:
          `rank ${rank} in group ${group} (column ${rank >= last ? `${last}+` : rank}): ${own} placing points` +
          (tied > 1
            ? `, tied with ${tied - 1} other pair(s): each gets the higher rank's points`
            : ''),
        amount: own,
      },
    };
  }
  let sum = 0;
  let parts = '';
  for (let r = rank; r < rank + tied; r++) {
    const at = table[Math.min(r, last) - 1];
    sum += at;
    parts += r === rank ? `${at}` : ` + ${at}`;
  }
  const points = Rational.of(sum, tied);
  return {
    points,
    explain: {
      rule: 'DSB-11.4',
      effect: `rank ${rank} in group ${group} shared by ${tied} pairs: the average of ranks ${rank}..${rank + tied - 1} (${parts}) / ${tied}`,
      amount: points.round(2),
    },
  };
}

/** DSB-11.2: original sessions ≥ minParticipationPercent % of `of` sessions (exact). */
export const meetsShare = (params: DsbParams, original: number, of: number): boolean =>
  original * 100 >= params.championship.minParticipationPercent * of;

/** A placing's points as `placingPoints` gives them, with what the award shows of them. */

/** DSB-11.3: pairs tied on a place share its points ('average') or each take the higher. */
export function checkTiePoints(params: DsbParams): void {
  requireOneOf(
    params.championship.tiePoints,
    ['average', 'higher'],
    'championship.tiePoints',
    'DSB-11.3',
  );
}
