import { isHomeStream, type StreamHome } from '../../../kernel/decider';
import type { CompetitionFactData } from '../facts/competition';

/**
 * The data of the competition facts, as the domain reads them: each is its schema's class in
 * the event catalogue (src/contexts/pairs/facts/competition.ts), imported as a type only, so a
 * fact's fields are declared once and the domain loads no decorator code.
 */
export type {
  PlannedSession,
  CompetitionCreatedData as CompetitionCreated,
  PairEnteredData as PairEntered,
  PairGroupAssignedData as PairGroupAssigned,
  PartnershipPlayersNamedData as PartnershipPlayersNamed,
  SessionHeldData as SessionHeld,
  SessionResultRecordedData as SessionResultRecorded,
  SessionScoredFromBoardsData as SessionScoredFromBoards,
  AbsenceNotifiedData as AbsenceNotified,
  SubstitutePlayedData as SubstitutePlayed,
  DispensationGrantedData as DispensationGranted,
  SitOutMatchPlayedData as SitOutMatchPlayed,
  BallotDrawnData as BallotDrawn,
  GroupsRebalancedData as GroupsRebalanced,
} from '../facts/competition';

type Fact<T extends keyof CompetitionFactData> = {
  type: T;
  occurredAt: string;
  data: CompetitionFactData[T];
};

/** A competition fact with the envelope fields the rules read. */
export type CompetitionFact =
  | Fact<'CompetitionCreated'>
  | Fact<'PairEntered'>
  | Fact<'PairGroupAssigned'>
  | Fact<'PartnershipPlayersNamed'>
  | Fact<'SessionHeld'>
  | Fact<'SessionResultRecorded'>
  | Fact<'SessionScoredFromBoards'>
  | Fact<'AbsenceNotified'>
  | Fact<'SubstitutePlayed'>
  | Fact<'DispensationGranted'>
  | Fact<'SitOutMatchPlayed'>
  | Fact<'GroupsRebalanced'>
  | Fact<'BallotDrawn'>;

/** The types of CompetitionFact, as a list (test/domain/competition-fact-types.test.ts checks both). */
export const COMPETITION_FACT_TYPE_LIST = [
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
] as const satisfies readonly CompetitionFact['type'][];

export const COMPETITION_FACT_TYPES = new Set<string>(COMPETITION_FACT_TYPE_LIST);

/** A competition fact's home: its competition's stream, `competition-<data.competitionId>`. */
export const COMPETITION_HOME: StreamHome = Object.freeze({
  prefix: 'competition-',
  idField: 'competitionId',
  // Every one passes the competition's decider: one found elsewhere never did.
  elsewhere: 'unread',
});

export const competitionStreamId = (competitionId: string) =>
  `${COMPETITION_HOME.prefix}${competitionId}`;

/**
 * Whether a fact its caller knows to be a competition fact (COMPETITION_FACT_TYPES) was found
 * in its competition's stream: the type is not looked up (read for nearly every fact folded).
 */
export const onCompetitionStream = (event: { streamId?: string; data: unknown }): boolean =>
  isHomeStream(COMPETITION_HOME, event.streamId, event.data);
