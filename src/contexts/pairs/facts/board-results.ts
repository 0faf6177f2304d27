// A traveller line: a board's result at a table, its contract checked against its score (STD-SCORE).
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { nsScore as computedNsScore } from '../../../scoring/duplicate-score';
import { isVulnerable } from '../../../scoring/vulnerability';
import type { Contract, Level } from '../../../scoring/contract';
import type { FieldIssue } from '../../../kernel/issues';

import { CARD, DOUBLINGS, PAIR, RESULT_KINDS, ResultKind, SEATS, STRAINS } from './movement';

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

export class ArtificialScore {
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

export class BoardResultRecordedData {
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
export function resultShape(data: unknown): FieldIssue[] {
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

export const isIntIn = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * STD-SCORE: a played line carries contract, declarer and tricks, so its score is computed
 * (Law 77, vulnerability from the board number) and a reported nsScore that disagrees is an
 * error. Only a line whose fields are each well formed is computed: a bad field is already
 * named by the schema, and a score from it would be a second, misleading issue.
 */
export function scoreAgrees(data: unknown): FieldIssue[] {
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
