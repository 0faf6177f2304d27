// DSB-19: a board not started before the warning signal, and the tournament director's order.
import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import type { FieldIssue } from '../../../kernel/issues';
import { BoardAtTable } from './adjusted-scores';

/** The WL's order (DSB-19.5): the board is played later, or scored by an artificial score. */
export const LATE_BOARD_ORDERS = ['replay', 'artificial'] as const;
export type LateBoardOrder = (typeof LATE_BOARD_ORDERS)[number];

/** Law 12C2's named artificial scores, valued by the club's `scoring` settings on the day. */
export const NAMED_AWARDS = ['A+', 'A', 'A-'] as const;
export type NamedAward = (typeof NAMED_AWARDS)[number];

/**
 * DSB-19.4/19.5: after the warning signal no new board is started; a table that still has one
 * to play tells the WL, who orders it replayed (its result is recorded later as a line of its
 * own) or awards an artificial score on it, one for each side (average-plus, average,
 * average-minus, by whose fault it was not started).
 */
export class LateBoardRuledData extends BoardAtTable {
  @IsIn(LATE_BOARD_ORDERS)
  order!: LateBoardOrder;

  /** With `order: 'artificial'`: NS's score (A+, A or A−). */
  @IsOptional()
  @IsIn(NAMED_AWARDS)
  nsAward?: NamedAward;

  /** With `order: 'artificial'`: EW's score (A+, A or A−). */
  @IsOptional()
  @IsIn(NAMED_AWARDS)
  ewAward?: NamedAward;

  @IsOptional()
  @IsString()
  @Length(1, 100)
  director?: string;

  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}

/** An artificial score names both sides' awards; a replay names none; two different pairs. */
export function lateBoardShape(data: unknown): FieldIssue[] {
  if (typeof data !== 'object' || data === null) return [];
  const d = data as Record<string, unknown>;
  const issues: FieldIssue[] = [];
  for (const side of ['nsAward', 'ewAward']) {
    if (d.order === 'artificial' && d[side] === undefined)
      issues.push({ field: side, message: 'is required for an artificial score (DSB-19)' });
    if (d.order === 'replay' && d[side] !== undefined)
      issues.push({ field: side, message: 'is not part of a replay order (DSB-19)' });
  }
  if (typeof d.nsPair === 'string' && d.nsPair === d.ewPair)
    issues.push({ field: 'ewPair', message: `must be another pair than nsPair ${d.nsPair}` });
  return issues;
}
