// A pairs competition's sessions: partnerships, results, absences, substitutes, dispensations,
// sit-out matches, group moves and ballots.
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
import { IsDay, IsLedgerId } from '../../../kernel/ids';

class SessionScope {
  @IsLedgerId('competitionId')
  competitionId!: string;

  @IsInt()
  @Min(1)
  session!: number;
}

export class PartnershipPlayersNamedData extends SessionScope {
  @IsLedgerId('pairId')
  pairId!: string;

  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsString({ each: true })
  players!: string[];
}

export class SessionHeldData extends SessionScope {
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

  /**
   * The EBU licence level the session's conventions were restricted to (PIN-R6), as the
   * director announced it; absent: not recorded (the level in force is shown regardless).
   */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(5)
  conventionsLevel?: number;

  /** The day the committee decided this session's level, when it is not the rule's (PIN-R6). */
  @IsOptional()
  @IsDay('levelDecidedOn')
  levelDecidedOn?: string;

  /** The outside body sponsoring the session (PIN-R6: "such as the EBU"), whose level governs. */
  @IsOptional()
  @IsString()
  @Length(1, 100)
  sponsoredBy?: string;
}

const RESULT_SOURCES = ['imported', 'scored'] as const;

export class SessionResultRecordedData extends SessionScope {
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

export class AbsenceNotifiedData extends SessionScope {
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

export class SubstitutePlayedData extends SessionScope {
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
export const DISPENSATION_V1: Record<string, string> = {
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

export class DispensationGrantedV1Data extends DispensationFields {
  @IsIn(Object.keys(DISPENSATION_V1), { message: 'rule must be DSB-9.4.1 or DSB-9.4.2' })
  rule!: string;
}

export class DispensationGrantedData extends DispensationFields {
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
export class SitOutMatchPlayedData extends SessionScope {
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

export class GroupMove {
  @IsLedgerId('pairId')
  pairId!: string;

  @IsString()
  @Length(1, 10)
  group!: string;
}

export class GroupsRebalancedData {
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

export class BallotDrawnData extends SessionScope {
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
export class ScoredPair {
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
export class SessionScoredFromBoardsData extends SessionScope {
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
