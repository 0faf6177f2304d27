// A pairs competition set up: created, its pairs entered and placed in groups.
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { competitionFormats } from '../../../rulebooks/presets';
import { IsDay, IsLedgerId, IsOneOf, TIME_PATTERN } from '../../../kernel/ids';
import { NIGHTS } from '../../club';

export const COMPETITION_KINDS = [
  'pairs-series',
  'short-pairs',
  'individual',
  'top-integral',
] as const;

export class PlannedSession {
  @IsInt()
  @Min(1)
  @Max(60)
  session!: number;

  @IsDay('date')
  date!: string;

  @Matches(TIME_PATTERN, { message: 'startTime must be HH:MM' })
  startTime!: string;
}

export class CompetitionCreatedData {
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

export class PairEnteredData {
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

export class PairGroupAssignedData {
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
