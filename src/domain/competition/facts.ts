/** The data of the competition facts, as the domain reads them (see src/events/contexts). */
export interface PlannedSession {
  session: number;
  date: string;
  startTime: string;
}

export interface CompetitionCreated {
  competitionId: string;
  clubId: string;
  name: string;
  season: string;
  kind: 'pairs-series' | 'short-pairs' | 'individual' | 'top-integral';
  format: string;
  night?: string;
  sessions: PlannedSession[];
  groups?: string[];
}

export interface PairEntered {
  competitionId: string;
  pairId: string;
  players: string[];
  group?: string;
}

export interface PairGroupAssigned {
  competitionId: string;
  pairId: string;
  group: string;
  basis: string;
  reason?: string;
}

export interface PartnershipPlayersNamed {
  competitionId: string;
  session: number;
  pairId: string;
  players: string[];
}

export interface SessionHeld {
  competitionId: string;
  session: number;
  date: string;
  group?: string;
  boards: number;
}

export interface SessionResultRecorded {
  competitionId: string;
  session: number;
  pairId: string;
  players: string[];
  percentage: number;
  boardsPlayed: number;
  group?: string;
  source: 'imported' | 'scored';
  sitOutRounds?: number;
}

/** "This session of the competition was played as that scored session, with these pair numbers." */
export interface SessionScoredFromBoards {
  competitionId: string;
  session: number;
  group?: string;
  /** The session-context stream (SessionMovementRecorded, BoardResultRecorded …). */
  sessionStreamId: string;
  pairs: Array<{ pairNumber: string; pairId: string; players?: string[] }>;
}

export interface AbsenceNotified {
  competitionId: string;
  session: number;
  pairId: string;
  validReason: boolean;
  reason?: string;
}

export interface SubstitutePlayed {
  competitionId: string;
  session: number;
  pairId: string;
  absentPlayerId: string;
  substituteId: string;
  crossPairId?: string;
  playedInGroup?: string;
}

export interface DispensationGranted {
  competitionId: string;
  pairId: string;
  /** Spelled as the standings spell it (version 1's `DSB-9.4.1` is upcast on read). */
  rule: 'DSB-9.4(1)' | 'DSB-9.4(2)';
  playerId?: string;
  reason: string;
}

/**
 * DSB-22.5: two sit-out pairs of different groups played each other in these rounds of a
 * session. Their session percentages are imported as usual; this says whom they met.
 */
export interface SitOutMatchPlayed {
  competitionId: string;
  session: number;
  /** The two pairs. */
  pairs: string[];
  rounds: number[];
}

export interface BallotDrawn {
  competitionId: string;
  session: number;
  order: string[];
}

export interface GroupsRebalanced {
  competitionId: string;
  moves: Array<{ pairId: string; group: string }>;
  reason: string;
}

/** A competition fact with the envelope fields the rules read. */
export type CompetitionFact = { occurredAt: string } & (
  | { type: 'CompetitionCreated'; data: CompetitionCreated }
  | { type: 'PairEntered'; data: PairEntered }
  | { type: 'PairGroupAssigned'; data: PairGroupAssigned }
  | { type: 'PartnershipPlayersNamed'; data: PartnershipPlayersNamed }
  | { type: 'SessionHeld'; data: SessionHeld }
  | { type: 'SessionResultRecorded'; data: SessionResultRecorded }
  | { type: 'SessionScoredFromBoards'; data: SessionScoredFromBoards }
  | { type: 'AbsenceNotified'; data: AbsenceNotified }
  | { type: 'SubstitutePlayed'; data: SubstitutePlayed }
  | { type: 'DispensationGranted'; data: DispensationGranted }
  | { type: 'SitOutMatchPlayed'; data: SitOutMatchPlayed }
  | { type: 'GroupsRebalanced'; data: GroupsRebalanced }
  | { type: 'BallotDrawn'; data: BallotDrawn }
);

export const COMPETITION_FACT_TYPES = new Set<string>([
  'CompetitionCreated',
  'PairEntered',
  'PairGroupAssigned',
  'PartnershipPlayersNamed',
  'SessionHeld',
  'SessionResultRecorded',
  'SessionScoredFromBoards',
  'AbsenceNotified',
  'SubstitutePlayed',
  'DispensationGranted',
  'SitOutMatchPlayed',
  'GroupsRebalanced',
  'BallotDrawn',
]);

export const competitionStreamId = (competitionId: string) => `competition-${competitionId}`;
