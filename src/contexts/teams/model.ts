import type { TeamEnteredData, TeamsEventCreatedData } from './facts/entries';
import type { TeamsMatchDefaultedData, TeamsMatchRecordedData } from './facts/matches';

export type {
  TeamEnteredData,
  TeamsEventCreatedData,
  TeamsMatchDefaultedData,
  TeamsMatchRecordedData,
};

/** A recorded Swiss round: the tables and the bye the director recorded (the latest counts). */
export interface PairedRound {
  round: number;
  tables: Array<{ home: string; away: string }>;
  bye?: string;
}

/** The director's NZ-16 adjustment of one team's handicap for one session. */
export interface HandicapAdjustment {
  session: number;
  teamId: string;
  handicap: number;
  reason: string;
}

/** A teams event folded from its stream: what the deciders judge and the standings read. */
export interface TeamsEventState {
  created?: TeamsEventCreatedData;
  /** The teams in the order entered. */
  teams: TeamEnteredData[];
  adjustments: HandicapAdjustment[];
  /** Every round's pairing as recorded last, by round. */
  rounds: Record<string, PairedRound>;
  matches: TeamsMatchRecordedData[];
  defaults: TeamsMatchDefaultedData[];
  ballots: Array<{ teams: string[]; order: string[] }>;
}

/** How the event is played, as its rules read the rulebook in force. */
export interface TeamsPlay {
  /** `groups`: each group a round robin; `swiss`: rounds paired from the standings; `all-play-all`. */
  format: 'groups' | 'swiss' | 'all-play-all';
  /** Swiss: whether teams may meet again (the Danish variant). */
  repeats: 'never' | 'allowed';
  /** Players a team seats in a match (a fifth is refused). */
  playersPerMatch: number;
  /** The rule the format of play is set by (DSB-15), for refusals. */
  rule: string;
  /** The rule of the tie-break and its ballot (NZ-12). */
  tieRule: string;
}

/** A reason: the rule and the words. */
export interface TeamsBecause {
  rule: string;
  text: string;
}

/** A match as the standing scored it. */
export interface TeamsScoredMatch {
  matchId: string;
  round: number;
  session: number;
  home: string;
  away: string;
  boards?: number;
  homeImps?: number;
  awayImps?: number;
  /** VP as played (NZ-8's C points read these), before any adjustment. */
  played?: { homeVp: number; awayVp: number };
  homeVp: number;
  awayVp: number;
  /** NZ-8: C points to each player of each side, exact ("48", "7/2"). */
  cPoints?: { home: string; away: string };
  defaulted?: { defaulting: string };
  /** The match board by board, as recorded (each board's IMPs to each side), when given. */
  byBoard?: Array<{ board: number; homeImps: number; awayImps: number }>;
  /** The event id of the fact the match is read from (its first record, when corrected). */
  fact?: string;
  because: string[];
}

export interface TeamsStandingRow {
  place: number;
  teamId: string;
  vp: number;
  impsFor: number;
  impsAgainst: number;
  played: number;
  byes: number;
  /** How a tie-break placed the team, when it was level with others. */
  tieBreak?: { step: string; among: string[]; because: string[] };
}

export interface TeamsStanding {
  groups: Array<{ group?: string; rows: TeamsStandingRow[] }>;
  matches: TeamsScoredMatch[];
  /** Groups of teams the chain could not separate: a ballot is due (NZ-12). */
  ballotsDue: string[][];
  /** The rules the standing names: rank, VP scale, tie-break. */
  rules: { rank: string; vp: string; tieBreak?: string };
}
