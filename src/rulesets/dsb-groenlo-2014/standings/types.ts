/**
 * Inputs and outputs of the DSB Groenlo computations (RULES.md § DSB). The inputs are plain
 * facts, as the events will carry them; every derived number (artificial scores, clamps,
 * deductions, eligibility, placings) is computed here, each time, and explains itself.
 *
 * Units: a percentage is an integer number of HUNDREDTHS (55.23 % → 5523). Outputs give the
 * exact value as a rational string (`exact`, in hundredths) and a display value in percent
 * rounded to 2 decimals, halves away from zero (`percentage`).
 */

/** DSB-10.2: how a session with a substitute was played. */
export type SubstituteCase =
  /** 10.2(1): two players of the same group substitute for each other: unchanged. */
  | 'sameGroup'
  /** 10.2(2): players of different groups, placed in the stronger player's group: min 47.50. */
  | 'strongerGroup'
  /** 10.2(3): players of different groups, placed in the weaker player's group: max 55.00. */
  | 'weakerGroup'
  /** 10.2(4): a substitute who is not in the competition: 47.50 .. 55.00. */
  | 'outside';

/** A session the pair (or its temporary pair, DSB-10.2) played. */
export interface PlayedEntry {
  session: number;
  kind: 'played';
  /** DSB-7.1: the session percentage from matchpoints, in hundredths (0 .. 10000). */
  percentage: number;
  /** DSB-7.2: boards played: the weight of this session in the weighted average. */
  boards: number;
  /**
   * The members who played. Required for a partnership (DSB-3: the two named by 12:00) and
   * whenever a substitute played (then the one member who played); a pair may omit it.
   */
  players?: string[];
  /** DSB-10.1/10.2: one member was replaced by a substitute. */
  substitute?: { case: SubstituteCase; name?: string };
  /** DSB-22.5: rounds the pair sat out this session (default 0). */
  sitOutRounds?: number;
  /**
   * DSB-22.5(1): of those, the rounds it played against a sit-out pair of another group
   * (default 0). They stay sit-outs of its own group's movement.
   */
  crossGroupRounds?: number;
}

/** A session the pair did not play. */
export interface AbsentEntry {
  session: number;
  kind: 'absent';
  /**
   * DSB-9.1: the notice. `at` is club-local `YYYY-MM-DDTHH:MM`; when the competition gives
   * `sessionDates` it is checked against the deadline, otherwise it is taken as on time (the
   * decider checked it). `validReason` is the WL's judgement (DSB-9.2). No notice, a late one
   * or an invalid reason: DSB-9.5.
   */
  notice?: { at?: string; validReason: boolean };
}

export type SessionEntry = PlayedEntry | AbsentEntry;

/** DSB-9.4: a WL decision, with its reasons. */
export type Dispensation =
  /** 9.4(1): not relegated automatically under DSB-8.4; only if its average warrants. */
  | { rule: 'DSB-9.4(1)'; reason: string }
  /** 9.4(2): `player` may play 3+ sessions with a substitute: no DSB-8.4 for them, no
   * promotion, no championship points. */
  | { rule: 'DSB-9.4(2)'; player: string; reason: string };

export interface PairInput {
  pairId: string;
  /** DSB-3: two members (a pair) or three (a partnership). */
  members: string[];
  /** One entry per session held, in any order. */
  entries: SessionEntry[];
  dispensations?: Dispensation[];
}

export interface GroupInput {
  group: string;
  pairs: PairInput[];
  /**
   * DSB-9.5: the scores in this group that evening, by session number, in hundredths. When a
   * session is missing here, the scores are the played entries' percentages in this group.
   */
  eveningScores?: { [session: number]: number[] };
}

/** One pairs competition (DSB-4): its groups and their pairs. */
export interface CompetitionInput {
  id: string;
  /** DSB-9.1: club-local dates (`YYYY-MM-DD`) of sessions 1, 2, …; optional. */
  sessionDates?: string[];
  groups: GroupInput[];
}

/**
 * What DSB-8 (the moves) and DSB-11 (the championship) read of a competition beside its final
 * standings: its pairs' members and dispensations, by group. A `CompetitionInput` is one; a
 * caller that keeps the standings of many competitions keeps this instead of every entry.
 */
export interface CompetitionRoster {
  id: string;
  groups: Array<{ group: string; pairs: PairRoster[] }>;
}

export type PairRoster = Pick<PairInput, 'pairId' | 'members' | 'dispensations'>;

/** Why a number is what it is: a rule ID, the session if any, the effect and an amount. */
export interface Explanation {
  rule: string;
  session?: number;
  effect: string;
  /** In percent (2 decimals) for scores, points for DSB-11, rounds for DSB-22.5. */
  amount?: number;
}

export interface SessionScore {
  session: number;
  /** 'played' (original composition), 'substitute' (DSB-10.2), or the artificial score's rule. */
  source: 'played' | 'substitute' | 'DSB-9.2' | 'DSB-9.3' | 'DSB-9.5' | 'pending';
  /** The score counted, in percent (display, 2 decimals); null while pending (DSB-9.2). */
  percentage: number | null;
  /** The exact score counted, in hundredths, as a rational string. */
  exact: string | null;
  /** Its weight in the DSB-7.2 weighted average. */
  boards: number;
}

/** Sessions played, for DSB-8.3, DSB-8.4, DSB-9.4 and DSB-11.2. */
export interface Participation {
  played: number;
  original: number;
  withSubstitute: number;
  absent: number;
  /** Sessions played by each member (DSB-8.3/8.4 for partnerships), in the members' order. */
  byMember: { [member: string]: number };
  /** DSB-3: more members than a pair (a partnership). */
  partnership: boolean;
}

export interface StandingRow {
  pairId: string;
  group: string;
  /** Competition rank ("1224") on the percentage rounded to 2 decimals; null without a score. */
  rank: number | null;
  /** DSB-7.2 weighted average (after DSB-9.6 at the end), in percent, 2 decimals. */
  percentage: number | null;
  /** The same, exact, in hundredths. */
  exact: string | null;
  sessions: SessionScore[];
  participation: Participation;
  explain: Explanation[];
}

/**
 * What DSB-8 (the moves) and DSB-11 (the championship) read of a final standing: each pair's
 * rank, percentage and participation. A `GroupStanding` is one; a caller that keeps the final
 * standings of many competitions may keep this instead of every row's scores and reasons.
 */
export interface GroupRanking {
  group: string;
  rows: RankedPair[];
}

export type RankedPair = Pick<StandingRow, 'pairId' | 'rank' | 'percentage' | 'participation'>;

export interface GroupStanding {
  group: string;
  /** The standing after this session; final when it is the competition's last. */
  afterSession: number;
  final: boolean;
  rows: StandingRow[];
}
