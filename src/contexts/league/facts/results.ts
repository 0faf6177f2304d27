// A league's matches: results (every table's score, or the result form), forms received,
// matches unplayed or rearranged, ballots, offences ratified (LCBA-5 to 8).
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { classSchema } from '../../../kernel/class-schema';
import type { FieldIssue } from '../../../kernel/issues';
import { IsDay, IsLedgerId } from '../../../kernel/ids';

import { EachId, LeagueScope, OFFENDERS, SIDES, UNPLAYED_RULES } from './scope';

export class MatchResultRecordedData extends LeagueScope {
  @IsLedgerId('fixtureId')
  fixtureId!: string;

  @IsDay('playedOn')
  playedOn!: string;

  /** `MatchInput` (src/contexts/league/model.ts): the boards, or the result form. */
  @IsDefined()
  @IsObject()
  result!: Record<string, unknown>;
}

// The two shapes of `result`, as MatchInput has them.
class TableResultData {
  @IsInt()
  @Min(1)
  @Max(24)
  board!: number;

  @IsIn([1, 2, 3, 4])
  table!: 1 | 2 | 3 | 4;

  @IsIn(['NS', 'EW'])
  homeSits!: 'NS' | 'EW';

  /** The North-South score (Law 77): a multiple of 10. */
  @IsInt()
  @Min(-7600)
  @Max(7600)
  nsScore!: number;
}

class FouledBoardData {
  @IsInt()
  @Min(1)
  @Max(24)
  board!: number;

  @IsIn([1, 2, 3, 4])
  table!: 1 | 2 | 3 | 4;

  @IsOptional()
  @IsIn(OFFENDERS)
  causedBy?: (typeof OFFENDERS)[number];
}

class IncompleteTableData {
  @IsIn([1, 2, 3, 4])
  table!: 1 | 2 | 3 | 4;

  @IsIn(SIDES)
  offender!: (typeof SIDES)[number];

  @IsInt()
  @Min(0)
  @Max(600)
  minutes!: number;
}

class UnplayedBoardData {
  @IsInt()
  @Min(1)
  @Max(24)
  board!: number;

  @IsIn([1, 2, 3, 4])
  table!: 1 | 2 | 3 | 4;

  @IsIn(SIDES)
  offender!: (typeof SIDES)[number];
}

class MatchBoardsData {
  @IsIn(['boards'])
  kind!: 'boards';

  /** LCBA-6.3: the league's boards, or the agreed number (checked on append). */
  @IsInt()
  @Min(1)
  @Max(24)
  boards!: number;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(12)
  @IsArray({ each: true })
  stanzas!: number[][];

  @IsArray()
  @ArrayMaxSize(96)
  @ValidateNested({ each: true })
  @Type(() => TableResultData)
  results!: TableResultData[];

  @IsArray()
  @ArrayMaxSize(96)
  @ValidateNested({ each: true })
  @Type(() => FouledBoardData)
  fouled!: FouledBoardData[];

  @IsArray()
  @ArrayMaxSize(4)
  @ValidateNested({ each: true })
  @Type(() => IncompleteTableData)
  incomplete!: IncompleteTableData[];

  @IsArray()
  @ArrayMaxSize(96)
  @ValidateNested({ each: true })
  @Type(() => UnplayedBoardData)
  unplayed!: UnplayedBoardData[];
}

class ResultFormData {
  @IsIn(['result-form'])
  kind!: 'result-form';

  @IsInt()
  @Min(1)
  @Max(24)
  boards!: number;

  /** The home team's net IMPs on each board, by board number. */
  @IsObject()
  homeImps!: Record<string, number>;
}

const BOARDS_SHAPE = classSchema(MatchBoardsData);
const FORM_SHAPE = classSchema(ResultFormData);

/** `result` in one of MatchInput's shapes, by its kind; a score a multiple of 10. */
export function resultShape(data: unknown): FieldIssue[] {
  const r = (data as Record<string, unknown> | null)?.result;
  if (typeof r !== 'object' || r === null || Array.isArray(r)) return [];
  const result = r as Record<string, unknown>;
  const at = (issues: FieldIssue[]) =>
    issues.map((i) => ({ field: i.field ? `result.${i.field}` : 'result', message: i.message }));
  if (result.kind === 'boards') {
    const issues = at(BOARDS_SHAPE(result));
    const stanzas = Array.isArray(result.stanzas) ? result.stanzas : [];
    stanzas.forEach((s, i) => {
      if (Array.isArray(s) && s.some((b) => !Number.isInteger(b) || b < 1 || b > 24)) {
        issues.push({ field: `result.stanzas.${i}`, message: 'must list board numbers 1–24' });
      }
    });
    const results = Array.isArray(result.results) ? result.results : [];
    results.forEach((t: unknown, i) => {
      const score = (t as { nsScore?: unknown } | null)?.nsScore;
      if (Number.isInteger(score) && (score as number) % 10 !== 0) {
        issues.push({
          field: `result.results.${i}.nsScore`,
          message: 'must be a multiple of 10 (a duplicate score, Law 77)',
        });
      }
    });
    return issues;
  }
  if (result.kind === 'result-form') {
    const issues = at(FORM_SHAPE(result));
    const imps = result.homeImps;
    if (typeof imps === 'object' && imps !== null && !Array.isArray(imps)) {
      for (const [board, v] of Object.entries(imps)) {
        if (!/^[1-9]\d?$/.test(board)) {
          issues.push({ field: `result.homeImps.${board}`, message: 'must be a board number' });
        } else if (!Number.isInteger(v) || Math.abs(v as number) > 40) {
          // A shape bound only: the league's rules bound a board's IMPs themselves (the LCBA's
          // 24 on the aggregate plus a fouled board's award, STD-IMP), from amendable params.
          issues.push({
            field: `result.homeImps.${board}`,
            message: 'must be a whole number of IMPs (−40 to 40)',
          });
        }
      }
    }
    return issues;
  }
  return [
    { field: 'result.kind', message: 'must be one of the following values: boards, result-form' },
  ];
}

export class ResultFormReceivedData extends LeagueScope {
  @IsLedgerId('fixtureId')
  fixtureId!: string;

  /** LCBA-6.8: late when after `resultForm.days` days from the match. */
  @IsDay('receivedOn')
  receivedOn!: string;
}

export class MatchUnplayedData extends LeagueScope {
  @IsLedgerId('fixtureId')
  fixtureId!: string;

  /** The side or sides at fault (LCBA-8.1–8.3). */
  @IsIn(OFFENDERS)
  offender!: (typeof OFFENDERS)[number];

  /** Why: defaulted by the secretary (LCBA-5.2, 5.3), withdrawn from (7.5), or unplayed (8). */
  @IsIn(UNPLAYED_RULES)
  rule!: (typeof UNPLAYED_RULES)[number];

  @IsDay('on')
  on!: string;

  /**
   * LCBA-7.5: how long the team was incomplete, in minutes (from the scheduled start, or from
   * when it became incomplete), when the non-offending team withdrew: the rulebook's minutes
   * must be exceeded. Only a withdrawal carries it.
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(600)
  incompleteMinutes?: number;

  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}

/**
 * LCBA-5.5: the LS's specific prior approval for a player to play both matches originally
 * scheduled for one date, dated: only an approval given on or before the day the second match
 * was played lifts the penalty.
 */
export class SameDatePlayApprovedData extends LeagueScope {
  @IsLedgerId('playerId')
  playerId!: string;

  /** The two matches originally scheduled for one date. */
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @ArrayUnique({ message: 'fixtures must name two different matches' })
  @EachId('fixture')
  fixtures!: string[];

  @IsDay('approvedOn')
  approvedOn!: string;

  /** Who approved it (the League Secretary). */
  @IsString()
  @Length(1, 200)
  approvedBy!: string;
}

export class MatchRearrangedData extends LeagueScope {
  @IsLedgerId('fixtureId')
  fixtureId!: string;

  /** The side that sought it (LCBA-5.4, 5.5: its club's players). */
  @IsIn(SIDES)
  soughtBy!: (typeof SIDES)[number];

  @IsOptional()
  @IsDay('newDate')
  newDate?: string;

  /** LCBA-5.5: players the secretary approved in advance to play both matches of one date. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @EachId('player')
  approvedPlayers?: string[];
}

export class LeagueBallotDrawnData extends LeagueScope {
  @IsInt()
  @Min(1)
  @Max(30)
  division!: number;

  /** The teams still tied (LCBA-3.1.1 e). */
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(20)
  @ArrayUnique({ message: 'teams must name each team once' })
  @EachId('team')
  teams!: string[];

  /** The same teams in the order drawn, first placed highest. */
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(20)
  @EachId('team')
  order!: string[];
}

export class ResultFormOffenceRatifiedData extends LeagueScope {
  @IsLedgerId('teamId')
  teamId!: string;

  /** The match whose form was late: the team's third (or later) offence (LCBA-6.8). */
  @IsLedgerId('fixtureId')
  fixtureId!: string;

  @IsDay('ratifiedOn')
  ratifiedOn!: string;
}

/** Each fact's data as TypeScript sees it: its schema class. */
