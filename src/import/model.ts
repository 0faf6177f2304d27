import type { ScoringMethod } from '../contexts/pairs/facts/session';
import type { Contract } from '../scoring';

/**
 * What an importer reads from a result file, before it becomes facts: the session's movement,
 * its pairs and traveller lines, and the results the scoring program PUBLISHED (kept only to
 * check our scoring against, never stored).
 */

/** A problem with the input, naming the element (`BOARD[3]/TRAVELLER_LINE[2]/SCORE`). */
export interface ImportIssue {
  path: string;
  message: string;
}

export class ImportError extends Error {
  readonly code = 'INVALID_FILE';
  constructor(
    readonly file: string,
    readonly issues: ImportIssue[],
  ) {
    super(`${issues.length} problem(s); nothing was appended`);
  }
}

/** A number as published, with the decimals it was printed with (for "agrees to the decimals"). */
export interface Published {
  value: number;
  decimals: number;
}

export type LineResult =
  | {
      kind: 'played';
      contract: Omit<Contract, 'declarer'>;
      declarer: Contract['declarer'];
      tricks: number;
      /** The NS score: as the line gave it, or computed from contract and tricks (STD-SCORE). */
      nsScore: number;
      /** The line carried no score: nsScore was computed (the fact leaves it out). */
      scoreComputed?: true;
      lead?: string;
    }
  /** STD-SCORE: a line that carries only the NS score (no contract). */
  | { kind: 'score-only'; nsScore: number }
  | { kind: 'passed-out'; nsScore: 0 }
  | { kind: 'artificial'; nsPercent: number; ewPercent: number };

/**
 * Matchpoints (or IMPs) a director set by hand on a line coded as an
 * artificial score, read from the published values because the percentage does not give them.
 */
export interface DirectorAward {
  ns: number;
  ew: number;
  /** The top the points are on (matchpoints; absent for IMPs). */
  top?: number;
}

export interface ImportedLine {
  path: string;
  board: number;
  /** 1-based place on the traveller. */
  line: number;
  nsPair: string;
  ewPair: string;
  result: LineResult;
  /** Per-line points the program printed: matchpoints, butler IMPs or cross-IMPs, and the
   *  line's percentages (PBN Percentage_NS / Percentage_EW). */
  published: { ns?: Published; ew?: Published; nsPercent?: Published; ewPercent?: Published };
  /** Item 4: set when the published points of an artificial line are the director's. */
  award?: DirectorAward;
  /** Item 8: an artificial line of a pair sitting out against a phantom pair. */
  sitOut?: true;
}

export interface ImportedBoard {
  path: string;
  board: number;
  lines: ImportedLine[];
  /** The butler datum the program printed (BOARD_AVERAGE). */
  publishedDatum?: number;
  /** The deal, when the file gives one (PBN `[Deal]`): the hand record. */
  deal?: ImportedDeal;
}

/** A board's four hands (spades.hearts.diamonds.clubs each), its dealer and vulnerability. */
export interface ImportedDeal {
  dealer?: 'N' | 'E' | 'S' | 'W';
  vulnerable?: 'None' | 'NS' | 'EW' | 'All';
  hands: Record<'N' | 'E' | 'S' | 'W', string>;
}

export interface ImportedPair {
  path: string;
  pair: string;
  field: 'NS' | 'EW' | 'ALL';
  direction?: 'NS' | 'EW';
  players: { name: string; nationalNumber?: string }[];
  published: { total?: Published; percentage?: Published; place?: number };
  /** Where the published results stand, when the format names columns (PBN TotalScoreTable). */
  columns?: { total: string; percentage: string; place: string };
  /** Item 8: a phantom pair (its players are named "Phantom" or the like): not a real pair. */
  phantom?: true;
}

export interface ImportedSession {
  /** Path prefix of the session in the file ('' for a file with one flat session). */
  path: string;
  clubId: string;
  clubName?: string;
  eventId: string;
  eventDescription?: string;
  /** YYYY-MM-DD */
  date: string;
  session: string;
  section?: string;
  scoringMethod: ScoringMethod;
  winnerType: 1 | 2;
  program?: { name: string; version?: string };
  source: string;
  pairs: ImportedPair[];
  boards: ImportedBoard[];
}
