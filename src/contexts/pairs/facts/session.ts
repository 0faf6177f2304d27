// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
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
import { nsScore as computedNsScore } from '../../../scoring/duplicate-score';
import { isVulnerable } from '../../../scoring/vulnerability';
import type { Contract, Level } from '../../../scoring/contract';
import type { EventDefinition } from '../../../kernel/catalogue';
import { allOf, classSchema } from '../../../kernel/class-schema';
import { ID_PATTERN, IsDay } from '../../../kernel/ids';
import type { FieldIssue } from '../../../kernel/issues';

// The facts of a scored session: the movement, the pairs, each traveller line and each
// director's adjusted score. Matchpoints, IMPs, datums, percentages and places are DERIVED
// (STD-MP, STD-NEUBERG, STD-BUTLER, STD-CROSSIMP) and are never stored: a projection or
// `bridge-ledger check` computes them from these facts.

/** A pair number as the scoring program writes it: "7", "1NS", "12A", "3EW". */
const PAIR = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,19}$/;
/** A card: rank then suit, e.g. "KH", "TS", "5D" (as on a USEBIO traveller). */
const CARD = /^([2-9TJQKA]|10)[CDHS]$/;

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

class SessionMovementRecordedData {
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

class SessionPairRegisteredData {
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

class ContractData {
  @IsInt()
  @Min(1)
  @Max(7)
  level!: number;

  @IsIn(STRAINS)
  strain!: (typeof STRAINS)[number];

  @IsIn(DOUBLINGS)
  doubling!: (typeof DOUBLINGS)[number];
}

class ArtificialScore {
  /** NS's percentage of the top, e.g. 60 for average-plus (STD-NEUBERG, Law 12C). */
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(100)
  nsPercent!: number;

  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(100)
  ewPercent!: number;
}

class BoardResultRecordedData {
  @IsInt()
  @Min(1)
  board!: number;

  /** The line's place on the traveller (1-based), part of its identity. */
  @IsInt()
  @Min(1)
  line!: number;

  @Matches(PAIR, { message: 'nsPair must be a pair number such as 7 or 1NS' })
  nsPair!: string;

  @Matches(PAIR, { message: 'ewPair must be a pair number such as 7 or 1NS' })
  ewPair!: string;

  @IsIn(RESULT_KINDS)
  kind!: ResultKind;

  @IsOptional()
  @ValidateNested()
  @Type(() => ContractData)
  contract?: ContractData;

  @IsOptional()
  @IsIn(SEATS)
  declarer?: (typeof SEATS)[number];

  @IsOptional()
  @Matches(CARD, { message: 'lead must be a card such as KH or TS' })
  lead?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(13)
  tricks?: number;

  /** The score from North-South's point of view (STD-SCORE), as reported. */
  @IsOptional()
  @IsInt()
  @Min(-10000)
  @Max(10000)
  nsScore?: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => ArtificialScore)
  artificial?: ArtificialScore;

  /** This artificial line is a pair's sit-out against a phantom. */
  @IsOptional()
  @IsBoolean({ message: 'sitOut must be true or false' })
  sitOut?: boolean;
}

/** Which fields a result of each kind must and must not carry. */
const NEEDS: Record<ResultKind, { required: string[]; forbidden: string[] }> = {
  // A played line's fields are checked apart (playedShape): a score alone, or the contract.
  played: { required: [], forbidden: ['artificial', 'sitOut'] },
  'passed-out': {
    required: ['nsScore'],
    forbidden: ['contract', 'declarer', 'tricks', 'lead', 'artificial', 'sitOut'],
  },
  artificial: {
    required: ['artificial'],
    forbidden: ['contract', 'declarer', 'tricks', 'lead', 'nsScore'],
  },
};

const TABLE_FIELDS = ['contract', 'declarer', 'tricks'] as const;

/**
 * STD-SCORE: a played line gives its score alone (a score-only traveller
 * line), or its contract, declarer and tricks together, with the score or without it (then the
 * score is computed when read). Part of a contract is not a line.
 */
function playedShape(d: Record<string, unknown>): FieldIssue[] {
  const given = TABLE_FIELDS.filter((f) => d[f] !== undefined);
  if (given.length === 0) {
    return d.nsScore === undefined
      ? [
          {
            field: 'nsScore',
            message:
              'is required for a played result without contract, declarer and tricks (STD-SCORE)',
          },
        ]
      : [];
  }
  return TABLE_FIELDS.filter((f) => d[f] === undefined).map((f) => ({
    field: f,
    message: `is required for a played result with ${given.join(' and ')} (STD-SCORE: contract, declarer and tricks together)`,
  }));
}

/** STD-SCORE: a result carries exactly the fields of its kind; passed out scores 0. */
function resultShape(data: unknown): FieldIssue[] {
  if (typeof data !== 'object' || data === null) return [];
  const d = data as Record<string, unknown>;
  const needs = NEEDS[d.kind as ResultKind];
  if (!needs) return [];
  const issues: FieldIssue[] = d.kind === 'played' ? playedShape(d) : [];
  for (const f of needs.required) {
    if (d[f] === undefined)
      issues.push({ field: f, message: `is required for a ${d.kind} result` });
  }
  for (const f of needs.forbidden) {
    if (d[f] !== undefined) issues.push({ field: f, message: `is not part of a ${d.kind} result` });
  }
  if (d.kind === 'passed-out' && d.nsScore !== undefined && d.nsScore !== 0) {
    issues.push({ field: 'nsScore', message: 'must be 0 for a passed-out board' });
  }
  return issues.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
}

const isIntIn = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * STD-SCORE: a played line carries contract, declarer and tricks, so its score is computed
 * (Law 77, vulnerability from the board number) and a reported nsScore that disagrees is an
 * error. Only a line whose fields are each well formed is computed: a bad field is already
 * named by the schema, and a score from it would be a second, misleading issue.
 */
function scoreAgrees(data: unknown): FieldIssue[] {
  if (typeof data !== 'object' || data === null) return [];
  const d = data as Record<string, unknown>;
  if (d.kind !== 'played') return [];
  const c = d.contract as Record<string, unknown> | undefined;
  if (
    !isIntIn(d.board, 1, Number.MAX_SAFE_INTEGER) ||
    typeof c !== 'object' ||
    c === null ||
    !isIntIn(c.level, 1, 7) ||
    !(STRAINS as readonly unknown[]).includes(c.strain) ||
    !(DOUBLINGS as readonly unknown[]).includes(c.doubling) ||
    !(SEATS as readonly unknown[]).includes(d.declarer) ||
    !isIntIn(d.tricks, 0, 13) ||
    !isIntIn(d.nsScore, -10000, 10000)
  ) {
    return [];
  }
  const contract: Contract = {
    level: c.level as Level,
    strain: c.strain as Contract['strain'],
    doubling: c.doubling as Contract['doubling'],
    declarer: d.declarer as Contract['declarer'],
  };
  const computed = computedNsScore({ board: d.board, contract, tricks: d.tricks });
  if (computed === d.nsScore) return [];
  const vulnerable = isVulnerable(d.board, contract.declarer) ? 'vulnerable' : 'not vulnerable';
  const written = `${contract.level}${contract.strain}${contract.doubling}`;
  const line = isIntIn(d.line, 1, Number.MAX_SAFE_INTEGER) ? `, line ${d.line}` : '';
  return [
    {
      field: 'nsScore',
      message: `STD-SCORE: board ${d.board}${line}: ${written} by ${contract.declarer} (${vulnerable}) taking ${d.tricks} tricks scores ${computed} for NS; the fact says ${d.nsScore}`,
    },
  ];
}

export const ADJUSTMENT_KINDS = ['artificial', 'assigned', 'awarded', 'weighted'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/**
 * The points a director set by hand for each side — matchpoints on the
 * 2-per-result-beaten scale out of `top` (the board's full top when not given) in a matchpoint
 * session, IMPs in an IMP session.
 */
class AwardedPoints {
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
class WeightedPart {
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(0.99)
  weight!: number;

  @IsInt()
  @Min(-10000)
  @Max(10000)
  nsScore!: number;
}

class AdjustedScoreAwardedData {
  @IsInt()
  @Min(1)
  board!: number;

  @Matches(PAIR, { message: 'nsPair must be a pair number such as 7 or 1NS' })
  nsPair!: string;

  @Matches(PAIR, { message: 'ewPair must be a pair number such as 7 or 1NS' })
  ewPair!: string;

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

function adjustedShape(data: unknown): FieldIssue[] {
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
class BoardDatumRecordedData {
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

function datumShape(data: unknown): FieldIssue[] {
  if (typeof data !== 'object' || data === null) return [];
  const d = data as Record<string, unknown>;
  if (!isIntIn(d.datum, -10000, 10000) || d.datum % 10 === 0) return [];
  return [{ field: 'datum', message: 'must be a multiple of 10, as NS points are (STD-BUTLER)' }];
}

/** Each session fact's data as TypeScript sees it: its schema class. */
export interface SessionFactData {
  SessionMovementRecorded: SessionMovementRecordedData;
  SessionPairRegistered: SessionPairRegisteredData;
  BoardResultRecorded: BoardResultRecordedData;
  AdjustedScoreAwarded: AdjustedScoreAwardedData;
  BoardDatumRecorded: BoardDatumRecordedData;
}

export type {
  AdjustedScoreAwardedData,
  ArtificialScore,
  AwardedPoints,
  BoardDatumRecordedData,
  WeightedPart,
  BoardResultRecordedData,
  SessionMovementRecordedData,
  SessionPairRegisteredData,
};

export const sessionEvents: Array<EventDefinition & { type: keyof SessionFactData }> = [
  {
    type: 'SessionMovementRecorded',
    schemaVersion: 1,
    description:
      'A session was played: club, event, date, session/section, scoring method (MP, butler, cross-IMP), one or two fields with their pairs, the boards and the results expected on each (N of STD-NEUBERG).',
    rules: ['STD-MP', 'STD-NEUBERG', 'STD-BUTLER', 'STD-CROSSIMP'],
    validate: classSchema(SessionMovementRecordedData),
  },
  {
    type: 'SessionPairRegistered',
    schemaVersion: 1,
    description:
      'A pair took part in a session: its number, field (places are per field: STD-MP) and direction, and its players (name, national number when given).',
    rules: ['STD-MP'],
    validate: classSchema(SessionPairRegisteredData),
  },
  {
    type: 'BoardResultRecorded',
    schemaVersion: 1,
    description:
      'One traveller line: board, NS and EW pairs, and the NS score alone, or the contract, declarer, lead and tricks with the NS score (which must agree) or without it (computed), STD-SCORE; or passed out; or an artificial score as NS%/EW% (STD-NEUBERG), possibly a sit-out against a phantom.',
    rules: ['STD-SCORE', 'STD-NEUBERG'],
    validate: allOf(classSchema(BoardResultRecordedData), resultShape, scoreAgrees),
  },
  {
    type: 'AdjustedScoreAwarded',
    schemaVersion: 1,
    description:
      "A director's adjusted score on a board for two pairs, with its reason: artificial (NS%/EW% of the top, Law 12C2, STD-NEUBERG), assigned (an NS score, Law 12C1, STD-SCORE), awarded (the points set by hand for each side) or weighted (NS scores with weights adding up to 1, Law 12C1(c)).",
    rules: ['STD-NEUBERG', 'STD-SCORE', 'STD-MP'],
    validate: allOf(classSchema(AdjustedScoreAwardedData), adjustedShape),
  },
  {
    type: 'BoardDatumRecorded',
    schemaVersion: 1,
    description:
      'The datum a butler session scores a board against, as the director or the scoring program gave it (NS points, a multiple of 10), instead of the one computed from the results (STD-BUTLER).',
    rules: ['STD-BUTLER'],
    validate: allOf(classSchema(BoardDatumRecordedData), datumShape),
  },
];
