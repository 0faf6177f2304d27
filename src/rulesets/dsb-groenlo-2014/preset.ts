import type { Preset } from '../../rulebooks/rulebook';
import {
  DSB_APPEALS,
  DSB_CORRECTIONS,
  deadlineGroup,
  type AppealParams,
  type CorrectionParams,
} from '../../rulebooks/deadlines';
import { engineScoringParams, type ScoringParams } from '../../rulebooks/scoring-params';

/**
 * The parameters of DSB Groenlo's Wedstrijdreglement (28 October 2014, seed 002), as RULES.md
 * translates it. Every number a DSB rule uses is here, so that an amendment (a dotted path such
 * as `absence.firstCap`) changes it and a replay recomputes. Percentages are in HUNDREDTHS of a
 * percentage point (55.0 % → 5500): the computations in src/rulesets/dsb-groenlo-2014/standings are exact integers
 * and rationals, never floats.
 *
 * Readings of ours (docs/rules-dsb.md) are parameters too, with the alternative named.
 */
export type DsbParams = {
  /** DSB-4: a pairs competition has 6 sessions of 6 rounds of 4 boards. */
  pairsCompetition: { sessions: number; rounds: number; boardsPerRound: number };
  /** DSB-5/DSB-6/DSB-8: the groups (lijnen), strongest first. */
  groups: string[];
  /**
   * DSB-3: a pair has 2 members, a partnership 3; a partnership names the two who play by
   * `namingDeadline`, club time on the session's day (HH:MM).
   */
  pairs: { minMembers: number; maxMembers: number; namingDeadline: string };
  absence: {
    /** DSB-9.1: notice by this club-local time on the day of the session (HH:MM). */
    noticeDeadline: string;
    /** DSB-9.2: a first notified absence scores the pair's own average, at most this. */
    firstCap: number;
    /** DSB-9.3: the second and later notified absences, at most this. */
    laterCap: number;
    /**
     * Reading (DSB-9.3): which absences make a notified absence the "second": only earlier
     * notified absences (false, default) or every earlier absence, with or without notice
     * (true).
     */
    countAllAbsences: boolean;
    /** DSB-9.5: absent without notice: the lowest score in the group that evening minus this. */
    withoutNoticeMinus: number;
    /** DSB-9.6: missing the last session, for whatever reason: the final total minus this. */
    lastSessionDeduction: number;
  };
  /** DSB-10.1 and DSB-10.2: substitutes. */
  substitutes: {
    /** 10.1: a substitute is notified before the session starts (its planned start time). */
    noticeBeforeStart: boolean;
    /** 10.2(2): two players of different groups placed in the stronger group: at least this. */
    strongerGroupMin: number;
    /** 10.2(3): placed in the weaker player's group: at most this. */
    weakerGroupMax: number;
    /** 10.2(4): a substitute from outside the competition: between these. */
    outsideMin: number;
    outsideMax: number;
  };
  promotion: {
    /** DSB-8.1: the top 3 of each lower group move up. */
    promote: number;
    /** DSB-8.2: the bottom 3 of each higher group move down. */
    relegate: number;
    /** DSB-8.3: promotion needs at least 4 sessions in the original composition … */
    minOriginalSessions: number;
    /** … and, in a partnership, at least 2 sessions by each member. */
    partnershipMemberMinSessions: number;
    /**
     * Reading (DSB-8.1/8.2): pairs tied across the last promotion or relegation place all move
     * ('moveAll', default) or none of them moves ('moveNone'); the WL may rebalance either way.
     */
    boundaryTie: string;
    /**
     * Reading (DSB-8.1): a place a pair cannot take (DSB-8.3, DSB-9.4(2)) passes to the next
     * eligible pair (true, default) or stays unused (false).
     */
    passOnIneligible: boolean;
  };
  /** DSB-8.4: at least 4 sessions, at least 3 of them original; partnership: each member 2. */
  participation: {
    minSessions: number;
    minOriginalSessions: number;
    partnershipMemberMinSessions: number;
    /**
     * Reading (DSB-8.4): a pair liable to relegation takes one of the relegation places (true,
     * default: group sizes stay balanced, DSB-5.2) or is relegated in addition to them (false).
     */
    liableFillRelegationPlaces: boolean;
    /** DSB-9.4(1): the dispensation needs the pair or a member to have played this many. */
    dispensationMinSessionsPlayed: number;
  };
  /** DSB-6.2.3: an existing player with a new member plays this many groups below. */
  newPairs: { newMemberGroupsBelow: number };
  championship: {
    /** DSB-11.2: at least 75 % of the sessions in the original composition. */
    minParticipationPercent: number;
    /**
     * Reading (DSB-11.2): 75 % of the season's sessions ('season', default: a pair short of it
     * is not ranked) or of each competition's ('competition': that competition scores nothing).
     */
    participationScope: string;
    /**
     * Reading (DSB-11.3): tied pairs share the average of the placing points of the ranks they
     * cover ('average', default) or each gets the points of the higher rank ('higher').
     */
    tiePoints: string;
    /**
     * Reading (DSB-11.3): placing points follow the published final rank among all the group's
     * pairs ('all', default) or the rank among the pairs that qualify ('eligible').
     */
    rankAmong: string;
    /** DSB-11.4: placing points by group and rank 1, 2, … ; the last column is rank 14 and beyond. */
    placingPoints: { [group: string]: number[] };
  };
  topIntegral: {
    /** DSB-12.1: at least 4 sessions. */
    minSessions: number;
    /** DSB-12.2: 6 rounds of 4 boards. */
    rounds: number;
    boardsPerRound: number;
    /** DSB-10.2(5): a session with a substitute is clamped to 47.50 .. 55.00. */
    substituteMin: number;
    substituteMax: number;
    /** DSB-14: the final list holds only pairs with 3 sessions in their original composition. */
    finalListMinOriginalSessions: number;
  };
  /** DSB-22.5: sit-outs spread evenly: a spread (max − min) above this is reported uneven. */
  sitOuts: { maxSpread: number };
  /**
   * DSB-15, DSB-16: the teams competition (viertallen): four sessions, in fixed groups (each a
   * round robin, a standing per group) or Swiss (one ranking; `repeats` 'never', or 'allowed'
   * as the Danish variant); IMPs → WP on the WBF 2013 continuous scale for the match length. A
   * bye scores `byeVp` (reading: the rulebook sets none; 12 of 20, the WBF's usual bye).
   */
  teams: {
    sessions: number;
    format: 'groups' | 'swiss';
    repeats: 'never' | 'allowed';
    byeVp: number;
  };
  /**
   * DSB-16a–c: the butler competition, one session after each pairs competition. A pair's
   * total is the sum of its sessions' IMPs; a session with a substitute counts in full; absent
   * without notice scores `absentWithoutNoticeImps` for the session; absent with notice,
   * `absentWithNoticeImps` (reading: the rulebook sets no score, so none).
   */
  butler: {
    sessions: number;
    roundsPerSession: number;
    boardsPerRound: number;
    absentWithoutNoticeImps: number;
    absentWithNoticeImps: number;
  };
  /**
   * STD-MP, STD-NEUBERG, Law 12C …: the club's conventions for sessions scored here from board
   * results (docs/scoring.md). Default: the leading programs' conventions, the engine's defaults.
   */
  scoring: ScoringParams;
  /** DSB-20.3 (reading): until 10 minutes before the next session (../deadlines.ts). */
  corrections: CorrectionParams;
  /** DSB-20.3: objections until 10 minutes before the next session; decided within a week. */
  appeals: AppealParams;
};

export const dsbGroenlo2014: Preset<DsbParams> = {
  id: 'dsb-groenlo-2014',
  source: 'Wedstrijdreglement DSB Groenlo, vastgesteld 28 oktober 2014 (seeds/002)',
  // DSB-1 the pairs competition in groups, DSB-12 the top-integral, DSB-16a the butler.
  formats: ['dsb-pairs', 'dsb-top-integral', 'dsb-butler'],
  params: {
    pairsCompetition: { sessions: 6, rounds: 6, boardsPerRound: 4 },
    groups: ['A', 'B', 'C', 'D', 'E'],
    pairs: { minMembers: 2, maxMembers: 3, namingDeadline: '12:00' },
    absence: {
      noticeDeadline: '12:00',
      firstCap: 5500,
      laterCap: 4750,
      countAllAbsences: false,
      withoutNoticeMinus: 100,
      lastSessionDeduction: 125,
    },
    substitutes: {
      noticeBeforeStart: true,
      strongerGroupMin: 4750,
      weakerGroupMax: 5500,
      outsideMin: 4750,
      outsideMax: 5500,
    },
    promotion: {
      promote: 3,
      relegate: 3,
      minOriginalSessions: 4,
      partnershipMemberMinSessions: 2,
      boundaryTie: 'moveAll',
      passOnIneligible: true,
    },
    participation: {
      minSessions: 4,
      minOriginalSessions: 3,
      partnershipMemberMinSessions: 2,
      liableFillRelegationPlaces: true,
      dispensationMinSessionsPlayed: 1,
    },
    newPairs: { newMemberGroupsBelow: 1 },
    championship: {
      minParticipationPercent: 75,
      participationScope: 'season',
      tiePoints: 'average',
      rankAmong: 'all',
      // The seed's header reads "Rg 1, Rg 2, Rg 3, Rg 5, Rg 5, Rg6 …": the first "Rg 5" is rank 4.
      placingPoints: {
        A: [100, 90, 80, 70, 60, 50, 45, 40, 35, 30, 25, 20, 15, 10],
        B: [74, 67, 59, 52, 44, 37, 33, 29, 25, 22, 18, 14, 10, 7],
        C: [55, 49, 43, 38, 32, 27, 24, 21, 18, 16, 13, 10, 7, 4],
        D: [40, 36, 31, 28, 23, 19, 17, 15, 13, 11, 9, 7, 4, 2],
        E: [29, 26, 22, 20, 16, 13, 12, 10, 9, 7, 6, 4, 2, 1],
      },
    },
    topIntegral: {
      minSessions: 4,
      rounds: 6,
      boardsPerRound: 4,
      substituteMin: 4750,
      substituteMax: 5500,
      finalListMinOriginalSessions: 3,
    },
    sitOuts: { maxSpread: 1 },
    teams: { sessions: 4, format: 'groups', repeats: 'never', byeVp: 12 },
    butler: {
      sessions: 4,
      roundsPerSession: 6,
      boardsPerRound: 4,
      absentWithoutNoticeImps: -40,
      absentWithNoticeImps: 0,
    },
    scoring: {
      ...engineScoringParams(),
      // DSB-16d: 60 % → +2, 55 % → +1, 50 % → 0, 45 % → −1, 40 % → −2 (the engine's default too).
      artificialImps: { '60': 2, '55': 1, '50': 0, '45': -1, '40': -2 },
    },
    corrections: deadlineGroup(DSB_CORRECTIONS),
    appeals: deadlineGroup(DSB_APPEALS),
  },
};
