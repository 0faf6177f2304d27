/**
 * A league of teams-of-eight, as the league context publishes it, whatever the rulebook: the
 * shapes a league rulebook's parts hand each other and the context, pure data. The LCBA's
 * (seed 001, RULES.md LCBA-*), src/rulesets/lcba-league:
 *
 * - match/ scores one match from its boards (LCBA-6.3, 6.7, 7.2–7.4, FOUL) or from the captains'
 *   result form: `MatchInput` → `MatchScore`;
 * - table/ scores a division's season from its fixtures' outcomes (LCBA-8.1–8.4, A, 3.1, the
 *   penalties): `DivisionInput` → `DivisionTable`;
 * - eligibility/ derives from the players' facts who was barred, which matches are lost by
 *   default (4.2, 4.7) and the procedural penalties (2.1, 5.5, 6.8): `EligibilityVerdicts`.
 *
 * The facts (src/contexts/league/facts/league.ts) and the projection turn recorded facts into these
 * inputs. Dates are club dates `YYYY-MM-DD` (Europe/London); instants ISO 8601 with a zone.
 */

export type TeamId = string;
export type FixtureId = string;
export type PlayerId = string;
/** The home team of a fixture, or the visitors. */
export type Side = 'home' | 'away';
export const otherSide = (s: Side): Side => (s === 'home' ? 'away' : 'home');

/** Where a rule's number came from, for `explain`. */
export interface Because {
  rule: string;
  text: string;
}

// ---------------------------------------------------------------------------------------------
// match/: one match, board by board.

/**
 * A teams-of-eight match is played at four tables. Tables 1 and 2 share the boards in each
 * stanza, and so do tables 3 and 4 (FOUL: "the two tables sharing the boards"); each table plays
 * every board. `homeSits` is where the home pair sat at that table on that board.
 */
export type TableNo = 1 | 2 | 3 | 4;
export const TABLE_PAIRS: readonly (readonly [TableNo, TableNo])[] = [
  [1, 2],
  [3, 4],
];

/** One table's result on one board: the North-South score, as on the traveller (Law 77). */
export interface TableResult {
  board: number;
  table: TableNo;
  homeSits: 'NS' | 'EW';
  nsScore: number;
}

/** A board fouled at a table (FOUL), and which team alone caused it, if one did. */
export interface FouledBoard {
  board: number;
  table: TableNo;
  causedBy?: Side | 'both';
}

/** A table incomplete after the start (LCBA-7.2): the side missing, for how long. */
export interface IncompleteTable {
  table: TableNo;
  offender: Side;
  /** Minutes the table stayed incomplete after play actually started. */
  minutes: number;
}

/** Everything a match's boards say, as recorded. */
export interface MatchBoardsInput {
  kind: 'boards';
  /** LCBA-6.3: 24, or 20 by agreement. */
  boards: number;
  /** The boards of each stanza in the order they are due to be played (7.2's "first" boards). */
  stanzas: number[][];
  results: TableResult[];
  fouled: FouledBoard[];
  incomplete: IncompleteTable[];
  /**
   * Boards not played at a table for the absence of a player (7.3, 7.4), beyond those 7.2
   * removes, and the side that was absent.
   */
  unplayed: { board: number; table: TableNo; offender: Side }[];
}

/** The captains' Match Result Form: net IMPs per board, from the home team's side. */
export interface ResultFormInput {
  kind: 'result-form';
  boards: number;
  /** Home team's net IMPs on each board (board number → IMPs). */
  homeImps: Record<number, number>;
}

export type MatchInput = MatchBoardsInput | ResultFormInput;

/** A board's IMPs for the home team and how they were reached. */
export interface BoardScore {
  board: number;
  /** The home team's net aggregate (points) when the board was IMPed on one. */
  homeAggregate?: number;
  /** IMPs to the home team (negative: to the visitors), artificial adjustments included. */
  homeImps: number;
  because: Because[];
}

/** A match scored: IMPs and VPs of both sides, board by board. */
export interface MatchScore {
  boards: BoardScore[];
  /** Net IMPs of the home team (the visitors' is its negative). */
  homeNetImps: number;
  vp: { home: number; away: number };
  because: Because[];
}

// ---------------------------------------------------------------------------------------------
// table/: a division's season.

export interface TeamEntry {
  team: TeamId;
  club: string;
  /** The team's letter within its club (A strongest): ranks teams of one club in a division. */
  letter: string;
  name: string;
}

/** A fixture: round robin 1 or 2 (home and away), 3 (LCBA-A, real), or a virtual RR3 match. */
export interface Fixture {
  id: FixtureId;
  round: 1 | 2 | 3;
  home: TeamId;
  away: TeamId;
  /** The date originally scheduled (LCBA-5.5). */
  scheduled: string;
  /** LCBA-A4: an RR3 match between two teams not both electing: scored by A5, never played. */
  virtual?: boolean;
}

/** What became of a fixture, as far as the facts go (no outcome: not yet played). */
export type FixtureOutcome =
  | { kind: 'played'; on: string; score: MatchScore }
  /** Unplayed, defaulted or withdrawn (7.5): one side offended (8.1, 8.2) or both (8.3). */
  | { kind: 'unplayed'; on: string; offender: Side | 'both'; rule: string }
  /** Played, then lost by default because of a player (4.2, 4.7): 8.1 with (e) the actual score. */
  | { kind: 'lost-by-default'; on: string; offender: Side; rule: string; actual: MatchScore };

/** A VP penalty or fine on a team's season total (2.1, 5.5, 6.8), from eligibility/ or a fact. */
export interface Penalty {
  team: TeamId;
  /** VPs taken off (positive). */
  vp: number;
  /** The match it is applied to (5.5: never below 0 VP there), when it is a match's. */
  fixture?: FixtureId;
  on: string;
  because: Because;
}

/** A random ballot drawn and recorded (3.1.1 e): these teams, in the order drawn. */
export interface Ballot {
  teams: TeamId[];
  order: TeamId[];
  /** Table/: the club date it was drawn; an as-of table before it does not use it. */
  on?: string;
}

/** One division's season, as the table is computed from it. */
export interface DivisionInput {
  division: number;
  teams: TeamEntry[];
  fixtures: Fixture[];
  outcomes: Record<FixtureId, FixtureOutcome>;
  penalties: Penalty[];
  ballots: Ballot[];
  /** LCBA-A: the teams that elected RR3 in time (A2), when the division plays one. */
  rr3Electors?: TeamId[];
  /** The table as of this date (club date): outcomes after it are not yet known. */
  asOf?: string;
  /** Table/: the lowest division of the hierarchy: nobody is relegated from it. */
  lowestDivision?: boolean;
}

/** A fixture as the table scores it, for one side. */
export interface SideScore {
  vp: number;
  imps: number;
  because: Because[];
}

export interface ScoredFixture {
  fixture: FixtureId;
  home: SideScore;
  away: SideScore;
  /** Removed from every table by LCBA-8.4. */
  cancelled?: boolean;
}

export interface TableRow {
  rank: number;
  team: TeamId;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  vp: number;
  netImps: number;
  penalties: number;
  /** The tie-break step that placed the team among those level with it (LCBA-3.1.1: a–e). */
  tieBreak?: { step: string; among: TeamId[] };
  /** LCBA promotion/relegation, from the division's place and the parameters. */
  move?: 'up' | 'down';
  because: Because[];
}

export interface DivisionTable {
  division: number;
  rows: TableRow[];
  fixtures: ScoredFixture[];
}

// ---------------------------------------------------------------------------------------------
// eligibility/: players.

/** A match a player's eligibility makes lost by default (4.2, 4.7), and the side that loses. */
export interface LostByDefault {
  fixture: FixtureId;
  offender: Side;
  rule: 'LCBA-4.2' | 'LCBA-4.7';
  player: PlayerId;
  because: Because;
  /** (FACTS) The day from which it is lost: an as-of table before it scores the match played. */
  on?: string;
}

/** (FACTS) A team as eligibility ranks it (LCBA-4.4: lower division, or same club, later letter). */
export interface EligibilityTeam {
  team: TeamId;
  club: string;
  letter: string;
  division: number;
}

/** (FACTS) A fixture as eligibility reads it; `playedOn` once the match was played. */
export interface EligibilityFixture {
  id: FixtureId;
  home: TeamId;
  away: TeamId;
  /** The date originally scheduled (LCBA-5.5). */
  scheduled: string;
  playedOn?: string;
}

/** (FACTS) The players of each team in a played match. */
export interface LineUp {
  fixture: FixtureId;
  playedOn: string;
  home: PlayerId[];
  away: PlayerId[];
}

/**
 * (FACTS) The season's players' facts, plain data (the projection builds it from the league's
 * stream): eligibility/ derives `EligibilityVerdicts` from it and the preset's parameters.
 */
export interface EligibilityInput {
  teams: EligibilityTeam[];
  fixtures: EligibilityFixture[];
  lineUps: LineUp[];
  /** LCBA-4.1/4.2: the day each player's subscription was paid (absent: never; a non-member). */
  paid: Record<PlayerId, string>;
  /** LCBA-4.2: warnings the secretary issued. */
  warnings: { player: PlayerId; level: 'warning' | 'final'; on: string }[];
  /** LCBA-4.4/4.5: nominations received, each replacing the team's earlier ones. */
  nominations: { team: TeamId; players: PlayerId[]; on: string }[];
  /** LCBA-4.3: approvals to play for several clubs, from a day. */
  approvals: { player: PlayerId; clubs: string[]; on: string }[];
  /**
   * LCBA-5.5: rearranged fixtures, the side that sought each, the players approved with it and
   * the day the rearrangement was recorded (their approval's day; absent: undated).
   */
  rearrangements: {
    fixture: FixtureId;
    soughtBy: Side;
    approvedPlayers?: PlayerId[];
    on?: string;
  }[];
  /** LCBA-5.5: the LS's dated approvals for a player to play both matches of one original date. */
  sameDateApprovals: { player: PlayerId; fixtures: FixtureId[]; on: string }[];
  /** LCBA-6.8: the day each match's result form was received. */
  formsReceived: Record<FixtureId, string>;
  /** LCBA-6.8: offences the League Committee ratified. */
  ratified: { team: TeamId; fixture: FixtureId; on: string }[];
  /** LCBA-2.1: late-entry fines. */
  lateEntryFines: { team: TeamId; vp: number; on: string }[];
  /** Verdicts as of this day (club date): later facts and consequences left out. */
  asOf?: string;
}

/** (FACTS) A non-member's appearance (LCBA-4.1): its count and whether the dispensation covers it. */
export interface DispensationUse {
  player: PlayerId;
  fixture: FixtureId;
  team: TeamId;
  division: number;
  on: string;
  /** Its place among the appearances the division's limit counts (4.1.1 or 4.1.2). */
  nth: number;
  within: boolean;
  because: Because;
}

export interface EligibilityVerdicts {
  lostByDefault: LostByDefault[];
  penalties: Penalty[];
  /** Warnings that carry no score (4.2 warnings, 6.8 first offence), for the pages and explain. */
  warnings: { team?: TeamId; player?: PlayerId; on: string; because: Because }[];
  /** Who is barred from which team (4.4–4.6), from which date. */
  barred: {
    player: PlayerId;
    team: TeamId;
    from: string;
    because: Because;
    /** (FACTS) The day it ends (a nomination replaced: 4.5), when it does. */
    until?: string;
  }[];
  /** (FACTS) Every non-member appearance and whether 4.1's dispensation covers it. */
  dispensations?: DispensationUse[];
}

/**
 * A league rulebook's parameters: read by its own rules only. The league context never looks
 * inside them; it finds them in the organising club's rulebook in force on a day and hands them
 * back to the rules that scored the rulebook's format.
 */
export type LeagueParams = object;
