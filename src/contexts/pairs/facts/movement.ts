// A scored session's movement and its pairs (the scoring program's own numbering).
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
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
import { ID_PATTERN, IsDay } from '../../../kernel/ids';

/** A pair number as the scoring program writes it: "7", "1NS", "12A", "3EW". */
export const PAIR = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,19}$/;
/** A card: rank then suit, e.g. "KH", "TS", "5D" (as on a USEBIO traveller). */
export const CARD = /^([2-9TJQKA]|10)[CDHS]$/;

export const SCORING_METHODS = ['MP', 'BUTLER', 'CROSS_IMP'] as const;
export type ScoringMethod = (typeof SCORING_METHODS)[number];
export const DIRECTIONS = ['NS', 'EW'] as const;
export const STRAINS = ['C', 'D', 'H', 'S', 'NT'] as const;
export const DOUBLINGS = ['', 'X', 'XX'] as const;
export const SEATS = ['N', 'E', 'S', 'W'] as const;
export const RESULT_KINDS = ['played', 'passed-out', 'artificial'] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

class FieldOfPairs {
  /** "NS", "EW", or "ALL" for a one-winner movement (Howell). */
  @IsIn(['NS', 'EW', 'ALL'])
  field!: 'NS' | 'EW' | 'ALL';

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @Matches(PAIR, { each: true, message: 'each pair must be a pair number such as 7 or 1NS' })
  pairs!: string[];
}

class BoardExpectation {
  @IsInt()
  @Min(1)
  board!: number;

  /** N of STD-NEUBERG: how many results the board should have. */
  @IsInt()
  @Min(1)
  @Max(1000)
  results!: number;
}

class ScoringProgram {
  @IsString()
  @Length(1, 100)
  name!: string;

  @IsOptional()
  @IsString()
  @Length(0, 100)
  version?: string;
}

export class SessionMovementRecordedData {
  @Matches(ID_PATTERN, { message: 'clubId must be letters, digits and _ . : @ -' })
  clubId!: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  clubName?: string;

  @IsString()
  @Length(1, 100)
  eventId!: string;

  @IsOptional()
  @IsString()
  @Length(0, 300)
  eventDescription?: string;

  @IsDay('date')
  date!: string;

  @IsString()
  @Length(1, 40)
  session!: string;

  @IsOptional()
  @IsString()
  @Length(1, 40)
  section?: string;

  @IsIn(SCORING_METHODS)
  scoringMethod!: ScoringMethod;

  /** 1: one field, one winner (Howell); 2: NS and EW are separate fields (Mitchell). */
  @IsIn([1, 2])
  winnerType!: 1 | 2;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsInt({ each: true })
  @Min(1, { each: true })
  boards!: number[];

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(2)
  @ValidateNested({ each: true })
  @Type(() => FieldOfPairs)
  fields!: FieldOfPairs[];

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => BoardExpectation)
  expectedResults!: BoardExpectation[];

  @IsOptional()
  @ValidateNested()
  @Type(() => ScoringProgram)
  program?: ScoringProgram;

  /** Where the facts were read from, e.g. "USEBIO 1.2", "PBN 2.1". */
  @IsOptional()
  @IsString()
  @Length(1, 40)
  source?: string;
}

class SessionPlayer {
  @IsString()
  @Length(1, 200)
  name!: string;

  @IsOptional()
  @IsString()
  @Length(1, 40)
  nationalNumber?: string;
}

export class SessionPairRegisteredData {
  @Matches(PAIR, { message: 'pair must be a pair number such as 7 or 1NS' })
  pair!: string;

  /** The field the pair is ranked in: NS or EW in a two-winner movement, ALL otherwise. */
  @IsIn(['NS', 'EW', 'ALL'])
  field!: 'NS' | 'EW' | 'ALL';

  @IsOptional()
  @IsIn(DIRECTIONS)
  direction?: 'NS' | 'EW';

  @IsArray()
  @ArrayMaxSize(4)
  @ValidateNested({ each: true })
  @Type(() => SessionPlayer)
  players!: SessionPlayer[];
}
