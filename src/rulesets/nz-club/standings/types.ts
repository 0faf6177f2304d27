/**
 * Inputs and outputs of the NZ club's pairs and individual standings (RULES.md NZ-1 … NZ-10).
 * Percentages are integer HUNDREDTHS of a percent (61.25 % is 6125): sums and penalties are
 * exact integers; only the NZ-5 one-board penalty (100 / boards played) is rounded, once per
 * session, as the rulebook's `oneBoardPenalty.rounding` says.
 */

/** The kinds of event the NZ rules name. */
export type NzEventKind =
  | 'club-pairs'
  | 'victoria-pairs'
  | 'thursday-afternoon-club-pairs'
  | 'short-pairs'
  | 'wellesley-pairs'
  | 'random-draw-individual'
  | 'wilkinson-individual';

export const NZ_EVENT_KINDS: readonly NzEventKind[] = [
  'club-pairs',
  'victoria-pairs',
  'thursday-afternoon-club-pairs',
  'short-pairs',
  'wellesley-pairs',
  'random-draw-individual',
  'wilkinson-individual',
];

/** A graded night of the club (`thursday` is Thursday afternoon). */
export type Night = 'monday' | 'tuesday' | 'wednesday' | 'thursday';
export const NIGHTS: readonly Night[] = ['monday', 'tuesday', 'wednesday', 'thursday'];

/** NZCBA ranking of a player (NZ-8g). */
export type NzcbaRank = 'junior' | 'intermediate' | 'open';

/**
 * NZ-5 reasons for a one-board penalty: the pair's player partnered a non-club member, or a
 * Tuesday player played (counted only in the events the rulebook names: Victoria Pairs).
 */
export type OneBoardReason = 'partner-non-member' | 'tuesday-player';
export const ONE_BOARD_REASONS: readonly OneBoardReason[] = [
  'partner-non-member',
  'tuesday-player',
];

/** One session score of a pair (or, in an individual event, of a player). */
export interface NzSessionScore {
  /** 1-based session number; numbers follow the dates, so "by date" is "by number". */
  session: number;
  /** Hundredths of a percent, an integer in 0..10000. */
  percentage: number;
  /** Boards the pair played in the session (a positive integer; NZ-5 divides by it). */
  boardsPlayed: number;
  /** Played with a substitute (NZ-1, NZ-3, NZ-4). Not allowed in individual events. */
  substitute?: boolean;
  /**
   * NZ-6: the other pair whose remaining member formed this partnership; the same score counts
   * for both pairs as a substitute score (implies `substitute`). See `crossSubstitution`.
   */
  crossSubstitutionWith?: string;
  /** NZ-5 reasons that apply to this session. */
  oneBoardPenalties?: OneBoardReason[];
}

/** What kind of event, and how many sessions it has (taken from the rulebook when fixed). */
export interface NzEventSpec {
  kind: NzEventKind;
  /** Required for `short-pairs` (3 or 4) and `random-draw-individual`; checked otherwise. */
  sessions?: number;
}

/** One rule's verdict on a player or pair (NZ-1, NZ-3, NZ-8, NZ-9, NZ-10). */
export interface NzVerdict {
  rule: string;
  /** A player or pair id. */
  subject: string;
  /** What the verdict is about: being placed in the event, C points, prizes, or playing. */
  scope: 'event' | 'c-points' | 'prizes' | 'play';
  ok: boolean;
  reason: string;
  /** The session (of the competition judged) the verdict is about, when it is about one play. */
  session?: number;
  /** The date (YYYY-MM-DD) of the play the verdict is about; the reason also starts with it. */
  date?: string;
}

/** One competitor (a pair, or a player in an individual event) of an event. */
export interface NzEntry {
  competitor: string;
  scores: NzSessionScore[];
  /**
   * Home nights: for `wellesley-pairs` the two players' (NZ-9), for `wilkinson-individual` the
   * player's own (NZ-8h handicap). Ignored elsewhere.
   */
  homeNights?: Night[];
  /**
   * Verdicts computed elsewhere (NZ-8, NZ-10 helpers): a verdict with scope 'event' or 'play'
   * that is not ok leaves the competitor listed but not placed; the others are explained.
   */
  verdicts?: NzVerdict[];
}

/** One line of a standing's explanation. `amount` is in hundredths of a percent, signed as it
 * changes the score (a penalty is negative, a handicap positive). */
export interface NzExplain {
  rule: string;
  session?: number;
  effect: string;
  amount?: number;
}

/** A session as it entered the standing. */
export interface NzSessionLine {
  session: number;
  played: boolean;
  substitute: boolean;
  /** The score as given (0 when not played). */
  raw: number;
  /** After NZ-5 and NZ-8h, before NZ-4 (which depends on the counted set). */
  beforeSubstitutePenalty: number;
  /** NZ-4 numbering among the counted substitute scores, by date. */
  substituteNumber?: number;
  /** The final session score (after NZ-4 when counted). */
  score: number;
  counted: boolean;
}

export interface NzStanding {
  competitor: string;
  /** Competition place ("1224"); null when the competitor does not qualify. */
  place: number | null;
  qualifies: boolean;
  /** Sum of the counted session scores, hundredths of a percent. */
  total: number;
  /** Session numbers counted (a session not played counts 0 when among them). */
  counted: number[];
  /** Played sessions left out. */
  dropped: number[];
  notPlayed: number[];
  sessions: NzSessionLine[];
  explain: NzExplain[];
  /** The prizes the competitor may win (NZ-10, PIN-R13): set from the ledger by the nz-club table. */
  prize?: NzPrize;
}

/** What a competitor may win: every prize, normal money only (no enhanced money), or none. */
export type NzMayWin = 'all' | 'normal-only' | 'none';

/**
 * A standings row's prize eligibility: the least of what its players may win, each
 * by the club's prize rule (NZ-10: a visitor none; PIN-R13: a visitor normal money only at a
 * special event); a competitor listed, not placed, wins none (the rule that unplaced it).
 */
export interface NzPrize {
  /** 'NZ-10' or 'PIN-R13'; for a competitor not placed, the rule that left it unplaced. */
  rule: string;
  eligible: boolean;
  mayWin: NzMayWin;
  /** The event pays enhanced prize money (PIN-R13 `prizes.specialEvents`). */
  special: boolean;
  reason: string;
  /** Each player: whether a visitor on one of the days, what they may win, and why. */
  players: Array<{ player: string; visitor: boolean; mayWin: NzMayWin; reason: string }>;
}

/**
 * Bad input, naming the `field` (e.g. `entries[2].scores[0].percentage`) and the `rule` it was
 * checked for.
 */
export class NzInputError extends RangeError {
  override readonly name = 'NzInputError';
  readonly code = 'FACTS_NOT_SCORABLE';

  constructor(
    readonly rule: string,
    readonly field: string,
    /** What is wrong with the field (`must be 3 or 4 for the short-pairs, got 2`). */
    readonly reason: string,
  ) {
    super(`${rule}: ${field} ${reason}`);
  }

  answer() {
    return { message: this.message, rule: this.rule, field: this.field };
  }
}
