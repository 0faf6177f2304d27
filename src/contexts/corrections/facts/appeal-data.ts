// Rulings and appeals: the rubber, the match, the deposit, lodged, decided, escalated
// (PIN-R26, PIN-R28, DSB-20.3, LCBA-10.2, LCBA-2.5).
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsInstant, IsLedgerId } from '../../../kernel/ids';

import { EVENT_ID, STREAM_ID } from './scope';

/** PIN-R26: the rubber a ruling was given in, as the Duty Member writes it up after it. */
export class Rubber {
  /**
   * The evening it was played in, when the ledger records it (`rubber-<sessionId>`): its table
   * and end are then checked against the evening's RubberCompleted.
   */
  @IsOptional()
  @IsLedgerId('rubber.sessionId')
  sessionId?: string;

  /** The table, as the card room names it (optional: a club with one table names none). */
  @IsOptional()
  @IsString()
  @Length(1, 100)
  table?: string;

  /** When the rubber ended: an appeal must be indicated before it (PIN-R26). */
  @IsInstant('endedAt')
  endedAt!: string;
}

/**
 * The league match a ruling is on: its MatchResultRecorded by event id, its fixture
 * and the day it was played (LCBA-10.2: an appeal within 7 days of the match). Checked on
 * append against the stored fact: the league's, that fixture's, that day.
 */
export class MatchRef {
  @Matches(EVENT_ID, { message: 'eventId must be a lowercase UUID (an event id)' })
  eventId!: string;

  /** The league's stream `league-<leagueId>` (checked against the store). */
  @Matches(STREAM_ID, { message: 'streamId must be a stream id (letters, digits and _ . : @ -)' })
  streamId!: string;

  @IsLedgerId('fixtureId')
  fixtureId!: string;

  /** The match's day (YYYY-MM-DD), as its MatchResultRecorded's playedOn. */
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'playedOn must be a date YYYY-MM-DD' })
  playedOn!: string;
}

export class RulingGivenData {
  @IsLedgerId('clubId')
  clubId!: string;

  /** On a league's corrections stream, the league (as CorrectionNotified's). */
  @IsOptional()
  @IsLedgerId('leagueId')
  leagueId?: string;

  /** A league's ruling is on a match result (required there, refused on a club's). */
  @IsOptional()
  @IsObject({ message: 'match must be an object: { eventId, streamId, fixtureId, playedOn }' })
  @ValidateNested()
  @Type(() => MatchRef)
  match?: MatchRef;

  @IsLedgerId('rulingId')
  rulingId!: string;

  @IsString()
  @Length(1, 200)
  director!: string;

  /** The scored session the ruling is on (its board results' stream). */
  @IsOptional()
  @Matches(STREAM_ID, {
    message: 'sessionStreamId must be a stream id (letters, digits and _ . : @ -)',
  })
  sessionStreamId?: string;

  @IsOptional()
  @IsLedgerId('competitionId')
  competitionId?: string;

  /** The competition's session the ruling is on (its date starts the appeal's clock). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(60)
  session?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  board?: number;

  /** The score awarded, in AdjustedScoreAwarded's shape (checked by that type's schema). */
  @IsOptional()
  @IsObject()
  awarded?: Record<string, unknown>;

  @IsString()
  @Length(1, 1000)
  decision!: string;

  /**
   * A ruling at rubber bridge: its rubber and when it ended (PIN-R26: an appeal is indicated
   * before the end of the rubber). Checked on append: not before the ruling's session.
   */
  @IsOptional()
  @IsObject({ message: 'rubber must be an object: { table?, endedAt }' })
  @ValidateNested()
  @Type(() => Rubber)
  rubber?: Rubber;
}

export class Deposit {
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(100000)
  amount!: number;

  /** ISO 4217, e.g. GBP, NZD, EUR. */
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code such as GBP' })
  currency!: string;
}

/** LCBA-2.5: the league's LeagueStructurePublished, by its event id. */
export class StructureRef {
  @Matches(EVENT_ID, { message: 'eventId must be a lowercase UUID (an event id)' })
  eventId!: string;

  /** The league's stream `league-<leagueId>` (checked against the store). */
  @Matches(STREAM_ID, { message: 'streamId must be a stream id (letters, digits and _ . : @ -)' })
  streamId!: string;
}

/** What an appeal is against: a director's ruling, or a published decision (LCBA-2.5). */
export class AppealAgainst {
  @IsOptional()
  @IsLedgerId('rulingId')
  rulingId?: string;

  /** A published decision, e.g. "league structure 2009-2010" (LCBA-2.5). */
  @IsOptional()
  @IsString()
  @Length(1, 500)
  decision?: string;

  /** When the decision was published: its appeal's clock starts then. */
  @IsOptional()
  @IsInstant('publishedAt')
  publishedAt?: string;

  /**
   * LCBA-2.5: the league structure appealed against, its publication named by event
   * id. Checked on append: a LeagueStructurePublished of the league whose corrections stream
   * takes the appeal, and `publishedAt` the instant it records (the window is the ledger's).
   */
  @IsOptional()
  @ValidateNested()
  @Type(() => StructureRef)
  structure?: StructureRef;
}

export class AppealLodgedData {
  @IsLedgerId('clubId')
  clubId!: string;

  /** On a league's corrections stream, the league (as CorrectionNotified's). */
  @IsOptional()
  @IsLedgerId('leagueId')
  leagueId?: string;

  @IsLedgerId('appealId')
  appealId!: string;

  @IsDefined()
  @ValidateNested()
  @Type(() => AppealAgainst)
  against!: AppealAgainst;

  @IsString()
  @Length(1, 200)
  by!: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => Deposit)
  deposit?: Deposit;

  /** When the appeal was received: the deadline (LCBA-10.2, LCBA-2.5, DSB-20.3) reads it. */
  @IsInstant('receivedAt')
  receivedAt!: string;
}

export const APPEAL_OUTCOMES = ['upheld', 'dismissed'] as const;
export const DEPOSIT_OUTCOMES = ['returned', 'forfeited'] as const;

export class AppealDecidedData {
  @IsLedgerId('clubId')
  clubId!: string;

  /** On a league's corrections stream, the league (as CorrectionNotified's). */
  @IsOptional()
  @IsLedgerId('leagueId')
  leagueId?: string;

  @IsLedgerId('appealId')
  appealId!: string;

  @IsIn(APPEAL_OUTCOMES)
  outcome!: (typeof APPEAL_OUTCOMES)[number];

  /**
   * The adjusted score when an upheld appeal changes one: AdjustedScoreAwarded's data and the
   * `sessionStreamId` it applies to (checked by that type's schema).
   */
  @IsOptional()
  @IsObject()
  adjusted?: Record<string, unknown>;

  /** What becomes of the deposit; required when the appeal carried one. */
  /**
   * An upheld appeal against a league's ruling on a match: the match's result as the
   * appeal decides it, the whole MatchResultRecorded in its own schema (same leagueId and
   * fixtureId); it replaces the match's result in the tables (LCBA-10.2). Checked on append.
   */
  @IsOptional()
  @IsObject()
  corrected?: Record<string, unknown>;

  @IsOptional()
  @IsIn(DEPOSIT_OUTCOMES)
  deposit?: (typeof DEPOSIT_OUTCOMES)[number];

  @IsOptional()
  @IsBoolean()
  frivolous?: boolean;

  @IsString()
  @Length(1, 200)
  by!: string;

  @IsInstant('decidedAt')
  decidedAt!: string;

  /**
   * Required to decide an appeal received after its deadline (LCBA-10.2, LCBA-2.5, DSB-20.3):
   * why the board hears it anyway. Without it the board does not hear an appeal out of time.
   */
  @IsOptional()
  @IsString()
  @Length(1, 500)
  heardLateBecause?: string;
}

export class AppealEscalatedData {
  @IsLedgerId('clubId')
  clubId!: string;

  /** On a league's corrections stream, the league (as CorrectionNotified's). */
  @IsOptional()
  @IsLedgerId('leagueId')
  leagueId?: string;

  @IsLedgerId('appealId')
  appealId!: string;

  @IsString()
  @Length(1, 200)
  by!: string;

  /** When the escalation was received (LCBA-10.2.2: within 14 days of the decision). */
  @IsInstant('receivedAt')
  receivedAt!: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => Deposit)
  deposit?: Deposit;
}
