import type { Preset } from '../../rulebooks/rulebook';
import {
  LCBA_APPEALS,
  LCBA_CORRECTIONS,
  deadlineGroup,
  type AppealParams,
  type CorrectionParams,
} from '../../rulebooks/deadlines';

/**
 * The parameters of the LCBA League Rules 2009-10 (seed 001), as RULES.md reads them.
 * Every number an LCBA rule uses is here, and every reading RULES.md marks ("LCBA readings") is
 * a setting with its alternative named, so that an amendment changes it and a replay
 * recomputes. VPs in this league are whole numbers on a discrete 20-VP table, except the ½ VP
 * penalties of 6.8: VPs are held as numbers with at most one half.
 */
export type LcbaParams = {
  season: {
    /** LCBA-2.1: entries by this date; a late entry may be fined up to `lateEntryMaxFine` VP. */
    entryDeadline: string;
    lateEntryMaxFine: number;
    /** LCBA-2.2: each division plays a double round robin (home and away). */
    roundRobins: number;
  };
  match: {
    /** LCBA-6.3: boards a match, or `agreedBoards` by agreement of the captains. */
    boards: number;
    agreedBoards: number;
    /** STD-VP: the league's scale: 'ebu-pre-2013' (the default, an assumption) or 'wbf-2013'. */
    vpScale: string;
    /**
     * LCBA-6.7 "the scale shown on the Match Result Form": a discrete 20-VP table for a board
     * count (key: boards), given as the smallest IMP margin giving the winner 10, 11, …, 20 VP
     * (11 margins, the first 0). When a count is here its table is used whatever `vpScale` says;
     * otherwise `vpScale`'s own table (the EBU pre-2013 scale has only the 24-board one built in,
     * so a 20-board match needs its table here: we did not find the EBU's to check).
     */
    vpTables: Record<string, number[]>;
    /** LCBA-7.2: boards removed from an incomplete table per `lateMinutes` minutes. */
    lateMinutes: number;
    lateBoards: number;
    /** LCBA-7.4: IMPs to the non-offending team on a board played at one table or none. */
    oneTableImps: number;
    /** LCBA-FOUL: IMPs to the non-offending team when one team alone fouled the board. */
    foulImps: number;
    /** LCBA-7.5: the non-offending team may withdraw after this many minutes incomplete. */
    withdrawAfterMinutes: number;
  };
  defaults: {
    /** LCBA-8.1(d): the floor of the non-offending team's score. */
    floorVp: number;
    /** LCBA-8.3: both offending: 0 VP and this many IMPs each. */
    bothOffendImps: number;
    /** LCBA-8.4: a team completing fewer than this share of its fixtures has its scores cancelled. */
    completeShare: number;
    /**
     * Reading (8.4): 'from-when-impossible' (default: cancelled from the moment the team can no
     * longer complete the share) or 'season-end' (only once the season is over).
     */
    cancelFrom: string;
  };
  tieBreak: {
    /** LCBA-3.1.1 (a)–(e) in order. */
    steps: string[];
    /** Reading 3.1.1(c): a draw counts this many wins (½). */
    drawCounts: number;
  };
  promotion: {
    /** How many teams move between adjacent divisions each way (a parameter; not in the seed). */
    promote: number;
    relegate: number;
  };
  players: {
    /** LCBA-4.1: non-members without penalty per match in divisions up to `dispensationDivisions`. */
    nonMembersPerMatch: number;
    nonMemberTimesPerSeason: number;
    dispensationDivisions: number;
    /** LCBA-4.1: in the lower divisions any number, none more than this many times (counting higher). */
    lowerDivisionNonMemberTimes: number;
    /** LCBA-4.2: warning after the player's nth match in divisions 1–4, or the nth in all. */
    unpaidAfterMatchesUpper: number;
    unpaidAfterMatchesLower: number;
    /** LCBA-4.2: matches lost this many days after the final warning. */
    finalWarningDays: number;
    /**
     * LCBA-4.2 reading: a final warning must follow a (first) warning (true, as RULES.md reads
     * "warning; then a final warning"); false for a league that sends the final warning alone,
     * as the seed's own words speak only of it.
     */
    firstWarningRequired: boolean;
    /** LCBA-4.4/4.5: players a club nominates for each team but its lowest. */
    nominated: number;
    /** LCBA-4.6: the match for higher-ranking teams that bars a player from lower ones. */
    barredAtMatch: number;
    /** LCBA-5.5: the procedural penalty on the match played second. */
    rearrangementPenalty: number;
  };
  resultForm: {
    /** LCBA-6.8: days to receive the form; penalties of the 2nd and 3rd offence (VP). */
    days: number;
    secondOffenceVp: number;
    thirdOffenceVp: number;
    /** LCBA-6.8: with more players than this for a team, each one's boards are recorded. */
    boardsRecordedAbove: number;
  };
  rr3: {
    /** LCBA-A1: the divisions that play an optional third round robin. */
    divisions: number[];
    /** LCBA-A2: the election deadline (club date). */
    electionDeadline: string;
    /**
     * Reading A5: half the net IMPs 'toward-zero' (default, the two teams' scores stay each
     * other's negatives) or 'floor'.
     */
    halfRounding: string;
    /** LCBA-A5: an offender's IMPs in the sum. */
    offenderImps: number;
  };
  corrections: CorrectionParams;
  appeals: AppealParams;
};

export const lcbaLeague2009: Preset<LcbaParams> = {
  id: 'lcba-league-2009',
  source: 'LCBA League Rules 2009-10 (seeds/001)',
  formats: ['lcba-league'],
  params: {
    season: { entryDeadline: '2009-07-31', lateEntryMaxFine: 3, roundRobins: 2 },
    match: {
      boards: 24,
      agreedBoards: 20,
      vpScale: 'ebu-pre-2013',
      vpTables: {},
      lateMinutes: 15,
      lateBoards: 2,
      oneTableImps: 4,
      foulImps: 3,
      withdrawAfterMinutes: 45,
    },
    defaults: {
      floorVp: 7,
      bothOffendImps: -82,
      completeShare: 0.5,
      cancelFrom: 'from-when-impossible',
    },
    tieBreak: { steps: ['a', 'b', 'c', 'd', 'e'], drawCounts: 0.5 },
    promotion: { promote: 2, relegate: 2 },
    players: {
      nonMembersPerMatch: 2,
      nonMemberTimesPerSeason: 1,
      dispensationDivisions: 4,
      lowerDivisionNonMemberTimes: 3,
      unpaidAfterMatchesUpper: 2,
      unpaidAfterMatchesLower: 4,
      finalWarningDays: 14,
      firstWarningRequired: true,
      nominated: 8,
      barredAtMatch: 7,
      rearrangementPenalty: 2,
    },
    resultForm: { days: 14, secondOffenceVp: 0.5, thirdOffenceVp: 0.5, boardsRecordedAbove: 8 },
    rr3: {
      divisions: [4, 5],
      electionDeadline: '2009-08-28',
      halfRounding: 'toward-zero',
      offenderImps: -82,
    },
    corrections: deadlineGroup(LCBA_CORRECTIONS),
    appeals: deadlineGroup(LCBA_APPEALS),
  },
};
