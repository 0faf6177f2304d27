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

/**
 * The whole `meetings` group checked as the rules read it (a preset's `validate`): a value the
 * kind check lets through but no meeting could be judged by is refused on the rulebook fact,
 * naming the path. Undefined when it can be used.
 */
export function meetingsProblem(
  p: PinnerMeetingsParams,
): { path: string; message: string } | undefined {
  const { numerator: n, denominator: d } = p.specialMajority;
  if (!Number.isInteger(n) || !Number.isInteger(d) || n <= 0 || n > d) {
    return {
      path: 'meetings.specialMajority',
      message: `must be a fraction of whole numbers, 0 < numerator <= denominator, not ${n}/${d} (PIN-C25)`,
    };
  }
  for (const [path, v, rule] of [
    ['meetings.quorum.percent', p.quorum.percent, 'PIN-C22'],
    ['meetings.egmRequest.percent', p.egmRequest.percent, 'PIN-C34'],
  ] as const) {
    if (!(v > 0 && v <= 100))
      return { path, message: `must be a percentage above 0, at most 100, not ${v} (${rule})` };
  }
  for (const [path, v] of [
    ['meetings.noticeDays', p.noticeDays],
    ['meetings.quorum.members', p.quorum.members],
    ['meetings.agmMonths', p.agmMonths],
    ['meetings.nominationDays', p.nominationDays],
    ['meetings.nominationDisplayDays', p.nominationDisplayDays],
    ['meetings.agmMotionDays', p.agmMotionDays],
    ['meetings.egmRequest.members', p.egmRequest.members],
    ['meetings.egmCallWithinDays', p.egmCallWithinDays],
  ] as const) {
    if (!Number.isInteger(v) || v < 0)
      return { path, message: `must be a whole number >= 0, not ${v}` };
  }
  return undefined;
}
