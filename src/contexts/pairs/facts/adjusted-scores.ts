// A director's adjusted score (Law 12) and a board's given datum (STD-BUTLER).
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
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
import type { FieldIssue } from '../../../kernel/issues';

import { ArtificialScore, isIntIn } from './board-results';
import { PAIR } from './movement';

export const ADJUSTMENT_KINDS = ['artificial', 'assigned', 'awarded', 'weighted'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/**
 * The points a director set by hand for each side — matchpoints on the
 * 2-per-result-beaten scale out of `top` (the board's full top when not given) in a matchpoint
 * session, IMPs in an IMP session.
 */
export class AwardedPoints {
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(-1000)
  @Max(1000)
  ns!: number;

  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(-1000)
  @Max(1000)
  ew!: number;

  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(1000)
  top?: number;
}

/** Law 12C1(c): one result of a weighted assigned score and its weight. */
export class WeightedPart {
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(0.99)
  weight!: number;

  @IsInt()
  @Min(-10000)
  @Max(10000)
  nsScore!: number;
}

/** A board at one table: the board and the two pairs that sat there. */
export class BoardAtTable {
  @IsInt()
  @Min(1)
  board!: number;

  @Matches(PAIR, { message: 'nsPair must be a pair number such as 7 or 1NS' })
  nsPair!: string;

  @Matches(PAIR, { message: 'ewPair must be a pair number such as 7 or 1NS' })
  ewPair!: string;
}

export class AdjustedScoreAwardedData extends BoardAtTable {
  /**
   * artificial (Law 12C2: percentages), assigned (Law 12C1: a score at the table), awarded
   * (the points the director set by hand) or weighted (Law 12C1(c)).
   */
  @IsIn(ADJUSTMENT_KINDS)
  kind!: AdjustmentKind;

  @IsOptional()
  @ValidateNested()
  @Type(() => ArtificialScore)
  artificial?: ArtificialScore;

  @IsOptional()
  @IsInt()
  @Min(-10000)
  @Max(10000)
  nsScore?: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => AwardedPoints)
  points?: AwardedPoints;

  @IsOptional()
  @IsArray()
  @ArrayMinSize(2, { message: 'weighted must have 2 to 4 parts (Law 12C1(c))' })
  @ArrayMaxSize(4, { message: 'weighted must have 2 to 4 parts (Law 12C1(c))' })
  @ValidateNested({ each: true })
  @Type(() => WeightedPart)
  weighted?: WeightedPart[];

  @IsString()
  @Length(1, 500)
  reason!: string;

  /** The law applied, e.g. "12C2". */
  @IsOptional()
  @IsString()
  @Length(1, 20)
  law?: string;

  @IsOptional()
  @IsString()
  @Length(1, 100)
  director?: string;
}

/** The field that carries each kind of adjusted score; the others' fields are not part of it. */
const ADJUSTMENT_FIELD: Record<AdjustmentKind, string> = {
  artificial: 'artificial',
  assigned: 'nsScore',
  awarded: 'points',
  weighted: 'weighted',
};

/** Hundredths of a number given to at most 2 decimals, exactly (0.33 → 33). */
const hundredths = (x: number) => Math.round(x * 100);

export function adjustedShape(data: unknown): FieldIssue[] {
  if (typeof data !== 'object' || data === null) return [];
  const d = data as Record<string, unknown>;
  const kind = d.kind as AdjustmentKind;
  const own = ADJUSTMENT_FIELD[kind];
  if (!own) return [];
  const issues: FieldIssue[] = [];
  const a = kind === 'weighted' ? 'a' : 'an';
  if (d[own] === undefined)
    issues.push({ field: own, message: `is required for ${a} ${kind} score` });
  for (const f of Object.values(ADJUSTMENT_FIELD)) {
    if (f !== own && d[f] !== undefined)
      issues.push({ field: f, message: `is not part of ${a} ${kind} score` });
  }
  if (kind === 'awarded') issues.push(...awardedWithinTop(d.points));
  if (kind === 'weighted') issues.push(...weightsSumToOne(d.weighted));
  return issues;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Matchpoints out of a given top lie between 0 and that top. */
function awardedWithinTop(points: unknown): FieldIssue[] {
  if (typeof points !== 'object' || points === null) return [];
  const p = points as Record<string, unknown>;
  if (!isNum(p.top) || p.top <= 0) return [];
  const top = p.top;
  return (['ns', 'ew'] as const)
    .filter((side) => isNum(p[side]) && ((p[side] as number) < 0 || (p[side] as number) > top))
    .map((side) => ({
      field: `points.${side}`,
      message: `must lie between 0 and the top of ${top} it is given on (STD-MP)`,
    }));
}

/**
 * Law 12C1(c): the weights of a weighted score are a whole: they add up to
 * exactly 1.00 (counted in hundredths, so 0.33 + 0.67 is exact).
 */
function weightsSumToOne(parts: unknown): FieldIssue[] {
  if (!Array.isArray(parts) || parts.length < 2 || parts.length > 4) return [];
  const weights = parts.map((p) => (p as Record<string, unknown> | null)?.weight);
  // A weight the schema refuses (not a number, ≤ 0, more than 2 decimals) is named there.
  if (!weights.every((w) => isNum(w) && w > 0 && Math.abs(w * 100 - hundredths(w)) < 1e-6))
    return [];
  const sum = (weights as number[]).reduce((s, w) => s + hundredths(w), 0);
  if (sum === 100) return [];
  return [
    {
      field: 'weighted',
      message: `the weights must add up to exactly 1.00 (Law 12C1(c)); they add up to ${(sum / 100).toFixed(2)}`,
    },
  ];
}

/**
 * The datum a butler session scores a board against (STD-BUTLER), as the
 * director or the scoring program gave it (DSB-16b "datumscores"), instead of the one computed.
 */
export class BoardDatumRecordedData {
  @IsInt()
  @Min(1)
  board!: number;

  /** NS points, a multiple of 10 as every bridge score is. */
  @IsInt()
  @Min(-10000)
  @Max(10000)
  datum!: number;

  @IsIn(['director', 'program'])
  source!: 'director' | 'program';

  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}

export function datumShape(data: unknown): FieldIssue[] {
  if (typeof data !== 'object' || data === null) return [];
  const d = data as Record<string, unknown>;
  if (!isIntIn(d.datum, -10000, 10000) || d.datum % 10 === 0) return [];
  return [{ field: 'datum', message: 'must be a multiple of 10, as NS points are (STD-BUTLER)' }];
}
