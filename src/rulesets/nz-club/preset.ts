import type { Preset, Rulebook } from '../../rulebooks/rulebook';
import {
  NZ_APPEALS,
  NZ_CORRECTIONS,
  deadlineGroup,
  type AppealParams,
  type CorrectionParams,
} from '../../rulebooks/deadlines';
import { engineScoringParams, type ScoringParams } from '../../rulebooks/scoring-params';
import { NZ_TEAMS_DEFAULTS, type NzTeamsParams } from './teams/params';

/**
 * The NZCBA club's rulebook (seed 000, RULES.md NZ-1 … NZ-10 for the pairs and individual
 * competitions). Every number of those rules is a parameter here, plain JSON, so that an
 * amendment (`tenSession.counted: 8`, `substitutePenaltiesPercent: [2, 3, 4]`) changes it and a
 * replay recomputes. Percentages are in percent (as the rules state them) with at most 2
 * decimals; the computations in src/rulesets/nz-club/standings convert them to integer hundredths.
 *
 * Event kinds: `club-pairs`, `victoria-pairs`, `thursday-afternoon-club-pairs` (ten sessions),
 * `short-pairs` (three or four sessions), `wellesley-pairs` (four nights),
 * `random-draw-individual`, `wilkinson-individual` (three nights).
 * Nights: `monday`, `tuesday`, `wednesday`, `thursday` (Thursday afternoon).
 */
export type NzClubParams = {
  /** NZ-1: the ten-session pairs events. */
  tenSession: {
    events: string[];
    sessions: number;
    /** The best `counted` scores count. */
    counted: number;
    /** The regular partnership must play at least this many sessions. */
    regularMinSessions: number;
    /** At most this many substitute scores may be among those counted. */
    maxSubstituteScoresCounted: number;
  };
  /** NZ-2: three- and four-session pairs events count all scores. */
  shortPairs: { sessionCounts: number[] };
  /** NZ-2: the Random Draw Individual counts the best this many scores. */
  randomDrawIndividualBestOf: number;
  /** NZ-3: substitutes allowed for at most this percentage of sessions, rounded down. */
  substituteLimitPercent: number;
  /**
   * Whether a substitute must be notified before the session starts (DSB-10.1 asks it; the NZ
   * rules set no time, so false: a substitute recorded after the start is accepted).
   */
  substituteNoticeBeforeStart: boolean;
  /** NZ-4: penalty (percent) for the 1st, 2nd, 3rd … counted substitute score, by date. */
  substitutePenaltiesPercent: number[];
  /**
   * NZ-4, reading: the penalty for a counted substitute score past the end of the list. The
   * rules never count a 4th substitute score in a ten-session event (NZ-1 caps them at 3) and
   * allow only 1 substitution in three/four-session events (NZ-3), so this matters only after an
   * amendment or for a pair listed over the NZ-3 limit; by default it repeats the last, 3 %.
   */
  substitutePenaltyAfterListPercent: number;
  /** NZ-5: one full board penalty (100 / boards played, percent) for the session. */
  oneBoardPenalty: {
    /** Events where a player partnering a non-club member is penalised. */
    nonMemberPartnerEvents: string[];
    /** Events where a Tuesday player is penalised. */
    tuesdayPlayerEvents: string[];
    /** How many boards the penalty is worth. */
    boards: number;
    /** Rounding of 100 × boards / boards played to hundredths: 'half-up' | 'up' | 'down'. */
    rounding: string;
    /**
     * Reading: false — one penalty per pair and session however many reasons apply; true —
     * one per reason.
     */
    perReason: boolean;
  };
  /** NZ-8h: Wilkinson Individual handicap, percent per session, for players of these nights. */
  wilkinsonHandicapPercent: number;
  wilkinsonHandicapNights: string[];
  /** NZ-9: the Wellesley Pairs, its nights and the home-night pairs that qualify. */
  wellesley: { nights: number; qualifyingPairs: string[][] };
  /** The Wilkinson Individual's nights (NZ-8e excludes them from the Tuesday limit). */
  wilkinson: { nights: number };
  /** NZ-8 e/f/g: out-of-night plays allowed per year. */
  nightLimits: {
    mondayWedToTuesday: number;
    tuesdayToWednesday: number;
    tuesdayIntermediateOpenToMonday: number;
  };
  /**
   * NZ-8 e/f/g: what a play past the limit does: 'disqualify' (the pair or team is disqualified
   * from that event, f and g) or 'not-permitted' (reading for e, which states no sanction: the
   * play is refused, the pair is not disqualified).
   */
  nightLimitOver: {
    mondayWedToTuesday: string;
    tuesdayToWednesday: string;
    tuesdayIntermediateOpenToMonday: string;
  };
  /** NZ-8e: events whose Tuesday nights do not count towards the Monday/Wednesday limit. */
  nightLimitExcludedEvents: string[];
  /** NZ-8g: a Tuesday Junior may play Mondays freely but qualifies for no Monday event. */
  juniorQualifiesForMondayEvents: boolean;
  /**
   * NZ-8a: grade of each night, 1 the highest. Reading: Tuesday is the top grade (its players
   * are penalised and limited when playing Monday or Wednesday); the others rank equal.
   */
  nightGrades: { monday: number; tuesday: number; wednesday: number; thursday: number };
  /** NZ-10: visitors play at most this many times a year and do not qualify for prizes. */
  visitorMaxPerYear: number;
  visitorsQualifyForPrizes: boolean;
  /**
   * The prize rule of the standings rows (docs/rules-nz.md, "Prizes"): 'NZ-10' (a visitor wins
   * no prize) or 'PIN-R13' (a visitor wins normal prize money, not the enhanced money of a
   * special event); `specialEvents`: the competitions paying enhanced money, by id or format.
   */
  prizes: { rule: string; specialEvents: string[] };
  /** The club year for NZ-8 and NZ-10 limits starts on this month-day (MM-DD). */
  yearStarts: string;
  /**
   * NZ-8 C points of a club session (RULES.md: "the award table is a setting"): the top pair of
   * each field (direction) gets `top`; lower places a falling share down to the top
   * `awardedFraction` of the field. Reading (docs/rules-nz.md, "C points"):
   * - places awarded = field size × `awardedFraction`, rounded `placesRounding` ('down' | 'up'),
   *   at least 1 (9 pairs → 3, 10 pairs → 3 rounded down, 4 rounded up);
   * - `scale` 'linear': place p of k gets top × (k − p + 1) / k (40, 26⅔, 13⅓ for k = 3);
   *   'table': place p gets `table[p − 1]` (none past the table or past the k places);
   * - tied pairs share the points of the places they tie for equally, exactly;
   * - `rounding` of each player's session award: 'half-up' | 'down' | 'up' to whole C points,
   *   or 'none' to keep the exact fraction.
   * Only the event kinds in `events` award C points.
   */
  cPoints: {
    events: string[];
    top: number;
    awardedFraction: string;
    placesRounding: string;
    scale: string;
    table: number[];
    rounding: string;
  };
  /**
   * STD-MP, STD-NEUBERG, Law 12C …: the club's conventions for sessions scored here from board
   * results (docs/scoring.md). Default: the leading programs' conventions, the engine's defaults.
   */
  scoring: ScoringParams;
  /**
   * NZ-13: a correction is notified before the start of play of the same day or night
   * of the following week (session date + `deadlineDays` at its start, club time): ../deadlines.ts.
   */
  corrections: CorrectionParams;
  /** The NZ club rules set no appeal deadline (every part 'none'). */
  appeals: AppealParams;
  /** NZ-8 (teams), NZ-11, NZ-12, NZ-14, NZ-15: the club's teams events (teams/params.ts). */
  teams: NzTeamsParams;
};

/** The prize rules a club may read its standings' prizes by (`prizes.rule`). */
export const PRIZE_RULES = ['NZ-10', 'PIN-R13'] as const;

export const nzClub: Preset<NzClubParams> = {
  id: 'nz-club',
  source: 'seeds/000_bc7deb3638e1f664.txt — NZCBA club rules (Club Rules 1–5, Substitutions)',
  // The club's named events (NZ-1, NZ-2, NZ-5, NZ-8h, NZ-9).
  formats: [
    'club-pairs',
    'victoria-pairs',
    'thursday-club-pairs',
    'three-four-session-pairs',
    'random-draw-individual',
    'wilkinson-individual',
    'wellesley-pairs',
  ],
  params: {
    tenSession: {
      events: ['club-pairs', 'victoria-pairs', 'thursday-afternoon-club-pairs'],
      sessions: 10,
      counted: 9,
      regularMinSessions: 6,
      maxSubstituteScoresCounted: 3,
    },
    shortPairs: { sessionCounts: [3, 4] },
    randomDrawIndividualBestOf: 3,
    substituteLimitPercent: 40,
    substituteNoticeBeforeStart: false,
    substitutePenaltiesPercent: [1, 2, 3],
    substitutePenaltyAfterListPercent: 3,
    oneBoardPenalty: {
      nonMemberPartnerEvents: ['club-pairs', 'victoria-pairs'],
      tuesdayPlayerEvents: ['victoria-pairs'],
      boards: 1,
      rounding: 'half-up',
      perReason: false,
    },
    wilkinsonHandicapPercent: 4,
    wilkinsonHandicapNights: ['monday', 'wednesday'],
    wellesley: {
      nights: 4,
      qualifyingPairs: [
        ['tuesday', 'monday'],
        ['tuesday', 'wednesday'],
      ],
    },
    wilkinson: { nights: 3 },
    nightLimits: {
      mondayWedToTuesday: 3,
      tuesdayToWednesday: 2,
      tuesdayIntermediateOpenToMonday: 2,
    },
    nightLimitOver: {
      mondayWedToTuesday: 'not-permitted',
      tuesdayToWednesday: 'disqualify',
      tuesdayIntermediateOpenToMonday: 'disqualify',
    },
    nightLimitExcludedEvents: ['wellesley-pairs', 'wilkinson-individual'],
    juniorQualifiesForMondayEvents: false,
    nightGrades: { monday: 2, tuesday: 1, wednesday: 2, thursday: 2 },
    visitorMaxPerYear: 3,
    visitorsQualifyForPrizes: false,
    prizes: { rule: 'NZ-10', specialEvents: [] },
    yearStarts: '01-01',
    cPoints: {
      events: [
        'club-pairs',
        'victoria-pairs',
        'thursday-afternoon-club-pairs',
        'short-pairs',
        'wellesley-pairs',
        'random-draw-individual',
        'wilkinson-individual',
      ],
      top: 40,
      awardedFraction: '1/3',
      placesRounding: 'down',
      scale: 'linear',
      table: [],
      rounding: 'half-up',
    },
    // The scoring engine's default conventions (docs/scoring.md).
    scoring: engineScoringParams(),
    corrections: deadlineGroup(NZ_CORRECTIONS),
    appeals: deadlineGroup(NZ_APPEALS),
    teams: structuredClone(NZ_TEAMS_DEFAULTS),
  },
  checks: {
    'prizes.rule': (v) =>
      (PRIZE_RULES as readonly unknown[]).includes(v)
        ? undefined
        : `must be ${PRIZE_RULES.join(' or ')}, not ${JSON.stringify(v)}`,
    'prizes.specialEvents': (v) =>
      Array.isArray(v) && v.every((e) => typeof e === 'string' && e !== '')
        ? undefined
        : 'must be a list of competition ids or formats (non-empty strings)',
  },
};

/** The nz-club parameters of a rulebook in force; undefined under another rulebook or none. */
export const nzClubParamsOf = (rulebook: Rulebook | undefined): NzClubParams | undefined =>
  rulebook?.preset === nzClub.id ? (rulebook.params as unknown as NzClubParams) : undefined;
