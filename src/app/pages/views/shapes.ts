/**
 * The JSON API's answers as the pages read them (the fields they show). The views are the
 * queries' own answers (StandingsQuery, CPointsQuery, ChampionshipQuery, diffAt, the correction
 * log): these types name the fields, they compute nothing.
 */
export interface Explained {
  rule: string;
  session?: number;
  effect: string;
  amount?: number;
}

export interface Heading {
  competitionId: string;
  name: string;
  clubId: string;
  season: string;
  format: string;
  afterSession: number;
  sessions: number;
  final: boolean;
  rulebook: { preset: string; effectiveFrom: string };
  position: number;
}

export interface NzSession {
  session: number;
  played: boolean;
  substitute: boolean;
  raw?: number;
  score?: number;
  counted?: boolean;
}

export interface NzRow {
  competitor: string;
  place: number | null;
  qualifies: boolean;
  total: number;
  counted: number[];
  dropped: number[];
  notPlayed?: number[];
  sessions: NzSession[];
  explain: Explained[];
  /** Its prize eligibility (NZ-10, PIN-R13), when the club publishes prizes. */
  prize?: { rule: string; mayWin: string; reason: string };
}

export interface DsbSession {
  session: number;
  source: string;
  percentage: number | null;
  exact?: string;
  boards?: number;
}

export interface DsbRow {
  pairId: string;
  group: string;
  rank: number;
  percentage: number;
  exact: string;
  sessions: DsbSession[];
  participation?: Record<string, unknown>;
  explain: Explained[];
}

export interface NextGroup {
  pairId: string;
  from: string;
  to: string;
  move: string;
  rank: number;
  percentage: number;
  explain: Explained[];
}

/** DSB-16b: a butler competition's row: each session's IMPs and why. */
export interface ButlerRow {
  pairId: string;
  place: number;
  total: number;
  sessions: Array<{ session: number; imps: number; because: { rule: string; text: string } }>;
}

export type Standings =
  | (Heading & { kind: 'nz'; rows: NzRow[] })
  | (Heading & { kind: 'butler'; rows: ButlerRow[] })
  | (Heading & {
      kind: 'dsb';
      groups: Array<{ group: string; afterSession: number; final: boolean; rows: DsbRow[] }>;
      nextGroups?: NextGroup[];
    });

/** The moment a page reads its table at, as the chooser and the links carry it. */
export interface PageMoment {
  asOf?: string;
  atPosition?: number;
  afterSession?: number;
  /** The N-th StandingsPublished of this table (from 1). */
  published?: number;
}
