import type { EventDefinition } from '../../../kernel/catalogue';
import { classSchema } from '../../../kernel/class-schema';

/**
 * Facts of pairs competitions: what was set up, who entered, who played with whom,
 * who was absent and when they said so, what the directors decided, and each pair's session
 * result. Standings, averages, penalties and placings are never facts: projections derive them.
 * One stream per competition: `competition-<competitionId>`.
 */
import {
  AbsenceNotifiedData,
  BallotDrawnData,
  DISPENSATION_V1,
  DispensationGrantedData,
  DispensationGrantedV1Data,
  GroupMove,
  GroupsRebalancedData,
  PartnershipPlayersNamedData,
  ScoredPair,
  SessionHeldData,
  SessionResultRecordedData,
  SessionScoredFromBoardsData,
  SitOutMatchPlayedData,
  SubstitutePlayedData,
} from './competition-sessions';
import {
  CompetitionCreatedData,
  PairEnteredData,
  PairGroupAssignedData,
  PlannedSession,
} from './entries';

/**
 * Each competition fact's data, as TypeScript sees it: the schema class itself, so its fields
 * are declared once. The domain reads facts through these (src/contexts/pairs/domain/facts.ts).
 */
export interface CompetitionFactData {
  CompetitionCreated: CompetitionCreatedData;
  PairEntered: PairEnteredData;
  PairGroupAssigned: PairGroupAssignedData;
  PartnershipPlayersNamed: PartnershipPlayersNamedData;
  SessionHeld: SessionHeldData;
  SessionResultRecorded: SessionResultRecordedData;
  SessionScoredFromBoards: SessionScoredFromBoardsData;
  AbsenceNotified: AbsenceNotifiedData;
  SubstitutePlayed: SubstitutePlayedData;
  DispensationGranted: DispensationGrantedData;
  SitOutMatchPlayed: SitOutMatchPlayedData;
  BallotDrawn: BallotDrawnData;
  GroupsRebalanced: GroupsRebalancedData;
}

export type {
  AbsenceNotifiedData,
  BallotDrawnData,
  CompetitionCreatedData,
  DispensationGrantedData,
  GroupMove,
  GroupsRebalancedData,
  PairEnteredData,
  PairGroupAssignedData,
  PartnershipPlayersNamedData,
  PlannedSession,
  ScoredPair,
  SessionHeldData,
  SessionResultRecordedData,
  SessionScoredFromBoardsData,
  SitOutMatchPlayedData,
  SubstitutePlayedData,
};

export const competitionEvents: Array<EventDefinition & { type: keyof CompetitionFactData }> = [
  {
    type: 'CompetitionCreated',
    schemaVersion: 1,
    description: 'A competition is set up: kind, format, season, planned sessions and groups.',
    rules: ['NZ-1', 'NZ-2', 'DSB-4', 'DSB-12'],
    validate: classSchema(CompetitionCreatedData),
  },
  {
    type: 'PairEntered',
    schemaVersion: 1,
    description:
      'A pair (or a DSB partnership of three) enters, in a group where there are groups.',
    rules: ['DSB-3', 'DSB-6'],
    validate: classSchema(PairEnteredData),
  },
  {
    type: 'PairGroupAssigned',
    schemaVersion: 1,
    description: 'A pair is placed in a group, by DSB-6 or by the directors.',
    rules: ['DSB-6', 'DSB-8'],
    validate: classSchema(PairGroupAssignedData),
  },
  {
    type: 'PartnershipPlayersNamed',
    schemaVersion: 1,
    description: 'The two members of a partnership who play a session, named by 12:00 that day.',
    rules: ['DSB-3'],
    validate: classSchema(PartnershipPlayersNamedData),
  },
  {
    type: 'SessionHeld',
    schemaVersion: 1,
    description: 'A session (of one group) was played, with its number of boards.',
    rules: ['DSB-4', 'NZ-5'],
    validate: classSchema(SessionHeldData),
  },
  {
    type: 'SessionResultRecorded',
    schemaVersion: 1,
    description:
      "A pair's session percentage, from the club's scoring program or scored here from board results.",
    rules: ['DSB-7', 'NZ-1'],
    validate: classSchema(SessionResultRecordedData),
  },
  {
    type: 'SessionScoredFromBoards',
    schemaVersion: 1,
    description:
      "A session of the competition was played as a scored session (its board results' stream), with these pair numbers: the pairs' percentages are derived from the board results (STD-MP), never stored.",
    rules: ['STD-MP', 'STD-NEUBERG', 'DSB-7', 'NZ-1'],
    validate: classSchema(SessionScoredFromBoardsData),
  },
  {
    type: 'AbsenceNotified',
    schemaVersion: 1,
    description:
      'A pair says it will miss a session; occurredAt is when it said so (DSB-9.1 deadline 12:00).',
    rules: ['DSB-9.1', 'DSB-9.2', 'DSB-9.3', 'DSB-9.5'],
    validate: classSchema(AbsenceNotifiedData),
  },
  {
    type: 'SubstitutePlayed',
    schemaVersion: 1,
    description: 'A substitute played for one member of a pair at a session.',
    rules: ['NZ-3', 'NZ-4', 'NZ-6', 'NZ-7', 'DSB-10.1', 'DSB-10.2'],
    validate: classSchema(SubstitutePlayedData),
  },
  {
    type: 'DispensationGranted',
    schemaVersion: 2,
    description:
      'The directors grant a DSB-9.4 dispensation, with reasons (rule DSB-9.4(1) or DSB-9.4(2); v1 spelled them DSB-9.4.1, DSB-9.4.2).',
    rules: ['DSB-9.4'],
    validate: classSchema(DispensationGrantedData),
    older: {
      // v1 spelled the rule DSB-9.4.1/DSB-9.4.2; v2 spells it as the standings do.
      1: {
        validate: classSchema(DispensationGrantedV1Data),
        upcast: (data) => ({ ...data, rule: DISPENSATION_V1[data.rule as string] ?? data.rule }),
        replaces: ['rule'],
      },
    },
  },
  {
    type: 'SitOutMatchPlayed',
    schemaVersion: 1,
    description:
      'Two sit-out pairs of different groups played each other in these rounds of a session; their scores count in both groups (DSB-22.5).',
    rules: ['DSB-22.5', 'DSB-9.5'],
    validate: classSchema(SitOutMatchPlayedData),
  },
  {
    type: 'BallotDrawn',
    schemaVersion: 1,
    description:
      'A recorded random draw: the order of the pairs for a session (DSB-12.2 seeds a top-integral’s first session by it).',
    rules: ['DSB-12'],
    validate: classSchema(BallotDrawnData),
  },
  {
    type: 'GroupsRebalanced',
    schemaVersion: 1,
    description: 'The directors move pairs between groups to balance them (DSB-5.2, DSB-8).',
    rules: ['DSB-8.1', 'DSB-8.2'],
    validate: classSchema(GroupsRebalancedData),
  },
];

export { COMPETITION_KINDS } from './entries';
export { DISPENSATION_RULES } from './competition-sessions';
