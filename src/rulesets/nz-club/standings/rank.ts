/**
 * NZ-8g judges a Tuesday player on a Monday by their NZCBA rank ON THE DAY of the session: a
 * Junior who becomes Intermediate plays their earlier Mondays as a Junior. One function, read
 * by the standings and the append check alike.
 */
import { NzInputError, type NzcbaRank } from './types';

export const NZCBA_RANKS: readonly NzcbaRank[] = ['junior', 'intermediate', 'open'];

/** A rank the club recorded for a player from a day (NzcbaRankRecorded), in ledger order. */
export interface NzcbaRankFrom {
  from: string;
  rank: NzcbaRank;
}

/** The rank in force on a day, and the day it was recorded from (none: the roster's). */
export interface NzcbaRankOn {
  rank: NzcbaRank;
  from?: string;
}

/**
 * The player's NZCBA rank on `date`: the latest rank recorded from a day on or before it (two
 * from the same day: the later recorded), else `rosterRank` (the roster's undated rank). A rank
 * recorded from a later day does not count. Undefined when neither gives one. A rank outside
 * the NZCBA's three is refused, naming `field` (a ledger written before the schema checked it).
 */
export function nzcbaRankOn(
  recorded: readonly NzcbaRankFrom[] | undefined,
  date: string,
  rosterRank?: string,
  field = 'rank',
): NzcbaRankOn | undefined {
  let found: NzcbaRankFrom | undefined;
  (recorded ?? []).forEach((r, i) => {
    if (r.from <= date && (found === undefined || r.from >= found.from)) {
      checkRank(r.rank, `${field}[${i}]`);
      found = r;
    }
  });
  if (found) return { rank: found.rank, from: found.from };
  if (rosterRank === undefined) return undefined;
  checkRank(rosterRank, field);
  return { rank: rosterRank as NzcbaRank };
}

function checkRank(rank: unknown, field: string): void {
  if (!NZCBA_RANKS.includes(rank as NzcbaRank)) {
    throw new NzInputError(
      'NZ-8g',
      field,
      `must be one of ${NZCBA_RANKS.join(', ')}, got '${String(rank)}'`,
    );
  }
}
