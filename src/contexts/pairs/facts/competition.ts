import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import type { EventDefinition } from '../../../kernel/catalogue';
import { classSchema } from '../../../kernel/class-schema';
import { competitionFormats } from '../../../rulebooks/presets';
import { IsDay, IsLedgerId, IsOneOf, TIME_PATTERN } from '../../../kernel/ids';
import { NIGHTS } from '../../club/facts/club';

/**
 * Facts of pairs competitions: what was set up, who entered, who played with whom,
 * who was absent and when they said so, what the directors decided, and each pair's session
 * result. Standings, averages, penalties and placings are never facts: projections derive them.
 * One stream per competition: `competition-<competitionId>`.
 */

export const COMPETITION_KINDS = [
  'pairs-series',
  'short-pairs',
  'individual',
  'top-integral',
] as const;

class PlannedSession {
  @IsInt()
  @Min(1)
  @Max(60)
  session!: number;

  @IsDay('date')
  date!: string;

  @Matches(TIME_PATTERN, { message: 'startTime must be HH:MM' })
  startTime!: string;
}

class CompetitionCreatedData {
  @IsLedgerId('competitionId')
  competitionId!: string;

  @IsLedgerId('clubId')
  clubId!: string;

  @IsString()
  @Length(1, 200)
  name!: string;

  /** The club's season, e.g. 2014-2015: championships (DSB-11) add up a season. */
  @IsString()
  @Length(1, 20)
  season!: string;

  @IsIn(COMPETITION_KINDS)
  kind!: (typeof COMPETITION_KINDS)[number];

  /** A format of a registered rulebook (`Preset.formats`): NZ-1 … NZ-9, DSB-1, DSB-12. */
  @IsOneOf(competitionFormats)
  format!: string;

  @IsOptional()
  @IsIn(NIGHTS)
  night?: (typeof NIGHTS)[number];

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(60)
  @ValidateNested({ each: true })
  @Type(() => PlannedSession)
  sessions!: PlannedSession[];

  /** DSB lines A, B, C … strongest first. */
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @ArrayMaxSize(10)
  groups?: string[];
}

class PairEnteredData {
  @IsLedgerId('competitionId')
  competitionId!: string;

  @IsLedgerId('pairId')
  pairId!: string;

  /** Two players, or three for a DSB partnership. */
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(3)
  @Matches(/^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,99}$/, {
    each: true,
    message: 'each player must be an id',
  })
  players!: string[];

  @IsOptional()
  @IsString()
  @Length(1, 10)
  group?: string;
}

/** Why a pair is in its group: by DSB-6 or DSB-8, or the directors' decision (WL). */
const GROUP_BASES = ['DSB-6', 'DSB-8', 'WL'] as const;

class PairGroupAssignedData {
  @IsLedgerId('competitionId')
  competitionId!: string;

  @IsLedgerId('pairId')
  pairId!: string;

  @IsString()
  @Length(1, 10)
  group!: string;

  /** 'DSB-6' when by the rule, 'WL' when the directors decided otherwise. */
  @IsIn(GROUP_BASES)
  basis!: (typeof GROUP_BASES)[number];

  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}

class SessionScope {
  @IsLedgerId('competitionId')
  competitionId!: string;

  @IsInt()
  @Min(1)
  session!: number;
}

class PartnershipPlayersNamedData extends SessionScope {
  @IsLedgerId('pairId')
  pairId!: string;

  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsString({ each: true })
  players!: string[];
}

class SessionHeldData extends SessionScope {
  @IsDay('date')
  date!: string;

  @IsOptional()
  @IsString()
  @Length(1, 10)
  group?: string;

  @IsInt()
  @Min(1)
  @Max(60)
  boards!: number;
}

const RESULT_SOURCES = ['imported', 'scored'] as const;

class SessionResultRecordedData extends SessionScope {
  @IsLedgerId('pairId')
  pairId!: string;

  /** The two who played (a substitute included). */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(2)
  @IsString({ each: true })
  players!: string[];

  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'percentage must have at most 2 decimals' })
  @Min(0)
  @Max(100)
  percentage!: number;

  @IsInt()
  @Min(1)
  @Max(60)
  boardsPlayed!: number;

  @IsOptional()
  @IsString()
  @Length(1, 10)
  group?: string;

  /** 'imported' from the club's scoring program, or 'scored' from board results here. */
  @IsIn(RESULT_SOURCES)
  source!: (typeof RESULT_SOURCES)[number];

  /** DSB-22.5: rounds the pair sat out this session. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  sitOutRounds?: number;
}

class AbsenceNotifiedData extends SessionScope {
  @IsLedgerId('pairId')
  pairId!: string;

  /** The directors' judgement of the reason (DSB-9.2 "valid reasons"). */
  @IsBoolean()
  validReason!: boolean;

  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}

class SubstitutePlayedData extends SessionScope {
  @IsLedgerId('pairId')
  pairId!: string;

  @IsLedgerId('absentPlayerId')
  absentPlayerId!: string;

  @IsLedgerId('substituteId')
  substituteId!: string;

  /** NZ-6 cross-substitution: the other pair whose remaining member is the substitute. */
  @IsOptional()
  @IsLedgerId('crossPairId')
  crossPairId?: string;

  /** DSB-10.2: the group the temporary pair played in. */
  @IsOptional()
  @IsString()
  @Length(1, 10)
  playedInGroup?: string;
}

/** DSB-9.4 as the standings spell it; version 1 of DispensationGranted wrote `DSB-9.4.1`. */
export const DISPENSATION_RULES = ['DSB-9.4(1)', 'DSB-9.4(2)'] as const;
const DISPENSATION_V1: Record<string, string> = {
  'DSB-9.4.1': 'DSB-9.4(1)',
  'DSB-9.4.2': 'DSB-9.4(2)',
};

/** What every version of DispensationGranted says, beside the rule. */
class DispensationFields {
  @IsLedgerId('competitionId')
  competitionId!: string;

  @IsLedgerId('pairId')
  pairId!: string;

  @IsOptional()
  @IsLedgerId('playerId')
  playerId?: string;

  @IsString()
  @Length(1, 500)
  reason!: string;
}

class DispensationGrantedV1Data extends DispensationFields {
  @IsIn(Object.keys(DISPENSATION_V1), { message: 'rule must be DSB-9.4.1 or DSB-9.4.2' })
  rule!: string;
}

class DispensationGrantedData extends DispensationFields {
  /**
   * DSB-9.4(1): no automatic relegation; DSB-9.4(2): a player may play 3+ sessions with a
   * substitute. Spelled as the standings spell it (version 1's `DSB-9.4.1` is upcast on read).
   */
  @IsIn(DISPENSATION_RULES, {
    message: `rule must be ${DISPENSATION_RULES.join(' or ')} (DSB-9.4; version 1 wrote DSB-9.4.1, DSB-9.4.2)`,
  })
  rule!: (typeof DISPENSATION_RULES)[number];
}

/**
 * DSB-22.5: two sit-out pairs of different groups played each other in these rounds of a
 * session. Their session percentages are imported as usual; this says whom they met.
 */
class SitOutMatchPlayedData extends SessionScope {
  /** The two sit-out pairs, of different groups (DSB-22.5.1). */
  @IsArray()
  @ArrayMinSize(2, { message: 'pairs must be the two sit-out pairs that played each other' })
  @ArrayMaxSize(2, { message: 'pairs must be the two sit-out pairs that played each other' })
  @ArrayUnique({ message: 'pairs must be two different pairs' })
  @Matches(/^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,99}$/, {
    each: true,
    message: 'each pair must be an id',
  })
  pairs!: string[];

  /** The rounds of the session they played against each other. */
  @IsArray()
  @ArrayMinSize(1, { message: 'rounds must name at least one round' })
  @ArrayMaxSize(20)
  @ArrayUnique({ message: 'rounds must not repeat a round' })
  @IsInt({ each: true, message: 'each round must be a whole number' })
  @Min(1, { each: true, message: 'each round must be at least 1' })
  @Max(20, { each: true, message: 'each round must be at most 20' })
  rounds!: number[];
}

class GroupMove {
  @IsLedgerId('pairId')
  pairId!: string;

  @IsString()
  @Length(1, 10)
  group!: string;
}

class GroupsRebalancedData {
  @IsLedgerId('competitionId')
  competitionId!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => GroupMove)
  moves!: GroupMove[];

  @IsString()
  @Length(1, 500)
  reason!: string;
}

class BallotDrawnData extends SessionScope {
  /** Every entered pair once, in the order drawn (DSB-12.2: the first session's seeding). */
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(200)
  @Matches(/^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,99}$/, {
    each: true,
    message: 'each pair must be an id',
  })
  order!: string[];
}

/** One pair of a scored session: its number on the travellers, and the competition's pair. */
class ScoredPair {
  /** The pair number as the board results write it ("7", "1NS", "12A"). */
  @Matches(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,19}$/, {
    message: 'pairNumber must be a pair number such as 7 or 1NS',
  })
  pairNumber!: string;

  @IsLedgerId('pairId')
  pairId!: string;

  /** Who sat down (a substitute included); default: the pair's players (or its named two). */
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(2)
  @Matches(/^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,99}$/, {
    each: true,
    message: 'each player must be an id',
  })
  players?: string[];
}

/** "This session of the competition was played as that scored session, with these pair numbers." */
class SessionScoredFromBoardsData extends SessionScope {
  @IsOptional()
  @IsString()
  @Length(1, 10)
  group?: string;

  /** The session-context stream holding the movement, pairs, board results and adjustments. */
  @Matches(/^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,199}$/, {
    message: 'sessionStreamId must be a stream id (letters, digits and _ . : @ -)',
  })
  sessionStreamId!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => ScoredPair)
  pairs!: ScoredPair[];
}

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
