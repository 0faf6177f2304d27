/**
 * Pinner BC's general meetings (constitution C20 to C37, April 2018, seed 003) as RULES.md reads
 * them: every number and every "PIN reading" a parameter of the preset's `meetings` group, so
 * that a meeting's amendment of the constitution changes it from a date.
 */
export type PinnerMeetingsParams = {
  /** PIN-C20, C36: notice (and an EGM's motions) displayed at least this many days before. */
  noticeDays: number;
  /**
   * PIN-C22: a quorum of `members` or `percent` % of the membership, whichever is lower; the
   * percentage rounded up and the membership counting every class (PIN readings).
   */
  quorum: { members: number; percent: number };
  /** Reading (R8 over C22): Temporary members do not vote (false). */
  temporaryVotes: boolean;
  /** PIN-C25: the share of those present and voting a change of the constitution needs. */
  specialMajority: { numerator: number; denominator: number };
  /** PIN-C27: an AGM at least once in every so many months. */
  agmMonths: number;
  /** PIN-C29: nominations received this many days before the AGM, displayed this many. */
  nominationDays: number;
  nominationDisplayDays: number;
  /** PIN-C32: AGM motions received this many days before. */
  agmMotionDays: number;
  /** PIN-C34: a request signed by `members` or `percent` % of the membership, whichever is smaller. */
  egmRequest: { members: number; percent: number };
  /** PIN-C34: the EGM called within this many days of the request's receipt. */
  egmCallWithinDays: number;
};

export const PINNER_MEETINGS: PinnerMeetingsParams = {
  noticeDays: 14,
  quorum: { members: 20, percent: 20 },
  temporaryVotes: false,
  specialMajority: { numerator: 2, denominator: 3 },
  agmMonths: 13,
  nominationDays: 7,
  nominationDisplayDays: 5,
  agmMotionDays: 14,
  egmRequest: { members: 15, percent: 10 },
  egmCallWithinDays: 14,
};

/** `percent` % of `n`, rounded up (PIN reading: a share of the membership is never rounded down). */
export const shareOf = (n: number, percent: number) => Math.ceil((n * percent) / 100);
