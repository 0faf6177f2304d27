/**
 * The NZ club's teams events as its rulebook sets them (RULES.md NZ-8 teams, NZ-11, NZ-12,
 * NZ-14, NZ-15): a parameter group of the nz-club preset, so that an amendment changes a number
 * from a date and a replay recomputes.
 */
export type NzTeamsParams = {
  /** NZ-14: substitutes fill at most this percent of the player-sessions, rounded down. */
  substituteLimitPercent: number;
  /** NZ-14: players a team fields each session (player-sessions = sessions × this). */
  playersPerSession: number;
  /** NZ-15: events where a Tuesday player substituting is penalised, besides non-members. */
  tuesdayPenaltyEvents: string[];
  /** NZ-15: VP a team loses per penalised substitute in a match (not below `minVp`). */
  vpPerPenalisedSubstitute: number;
  /** NZ-15: VP its opponents gain per such substitute (not above `maxVp`). */
  opponentsVpPerPenalisedSubstitute: number;
  minVp: number;
  maxVp: number;
  /** NZ-11: the team defaulted to scores base + opponents' handicap − its own, clamped. */
  defaultedToBaseVp: number;
  defaultedToMinVp: number;
  defaultedToMaxVp: number;
  /** NZ-11: what the defaulting team scores. */
  defaultingVp: number;
  /** NZ-12: the tie-break chain, in order (a recorded ballot always last). */
  tieBreak: string[];
  /** NZ-8: C points per board of a match to each player of the winning team (a draw: half each). */
  cPointsPerBoard: number;
  /** NZ-8: matches of fewer boards than this award half. */
  cPointsHalvedUnderBoards: number;
  /**
   * STD-VP: the club's published old WBF 25-VP ("15-15") tables, by match length in boards:
   * `winnerFroms` the smallest margins for 15-15 … 25-5, `loserFroms` those for 25-4 … 25-0
   * (`oldWbf25Scale`). A match of a length with a table has its recorded VP checked against it;
   * none by default (the ledger knows no WBF table to build in: docs/scoring.md).
   */
  vpTables: Record<string, { winnerFroms: number[]; loserFroms: number[] }>;
};

/** NZ-12's steps a club may chain (RULES.md: the NZCBA manual's text was not found). */
export const NZ_TIE_STEPS = ['head-to-head-vp', 'head-to-head-imps', 'imp-quotient'] as const;
export type NzTieStep = (typeof NZ_TIE_STEPS)[number];

export const NZ_TEAMS_DEFAULTS: NzTeamsParams = {
  substituteLimitPercent: 40,
  playersPerSession: 4,
  tuesdayPenaltyEvents: ['ed-hillary-teams', 'khandallah-teams'],
  vpPerPenalisedSubstitute: 2,
  opponentsVpPerPenalisedSubstitute: 1,
  minVp: 0,
  maxVp: 25,
  defaultedToBaseVp: 15,
  defaultedToMinVp: 15,
  defaultedToMaxVp: 25,
  defaultingVp: 0,
  tieBreak: ['head-to-head-vp', 'head-to-head-imps', 'imp-quotient'],
  cPointsPerBoard: 2,
  cPointsHalvedUnderBoards: 20,
  vpTables: {},
};
