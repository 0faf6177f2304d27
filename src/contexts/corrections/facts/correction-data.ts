// A correction notified, accepted or rejected (NZ-13, DSB-9.1): its target and its content.
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import { IsInstant, IsLedgerId } from '../../../kernel/ids';

import { EVENT_ID, STREAM_ID } from './scope';

export class CorrectionTarget {
  /** The event id of the fact corrected (for a correction of a correction: the same target). */
  @Matches(EVENT_ID, { message: 'eventId must be a lowercase UUID (an event id)' })
  eventId!: string;

  /** The stream the fact corrected is stored in (checked against the store). */
  @Matches(STREAM_ID, { message: 'streamId must be a stream id (letters, digits and _ . : @ -)' })
  streamId!: string;

  /** The type of the fact corrected: one of CORRECTABLE_TYPES (checked on append, LEDGER). */
  @IsString()
  @Length(1, 100)
  type!: string;
}

export class CorrectionNotifiedData {
  @IsLedgerId('clubId')
  clubId!: string;

  /**
   * On a league's corrections stream, the league (the same id as \`clubId\`): the
   * fact is the league's, and a league's key appends it. Absent on a club's.
   */
  @IsOptional()
  @IsLedgerId('leagueId')
  leagueId?: string;

  /** Unique in the club's corrections stream. */
  @IsLedgerId('correctionId')
  correctionId!: string;

  @IsDefined()
  @ValidateNested()
  @Type(() => CorrectionTarget)
  target!: CorrectionTarget;

  /**
   * The full corrected data of the target's type, in that type's own schema, with the target's
   * identity fields (CORRECTABLE_TYPES). Checked on append against the stored target.
   */
  @IsDefined()
  @IsObject()
  corrected!: Record<string, unknown>;

  /**
   * The target's corrected time (its occurredAt), for a type whose time the tables read
   * (TIME_CORRECTABLE_TYPES: an absence's notice, DSB-9.1); absent, the original's time stands.
   * Checked on append: not for another type, and not after the correction's own occurredAt.
   */
  @IsOptional()
  @IsInstant('correctedOccurredAt')
  correctedOccurredAt?: string;

  @IsString()
  @Length(1, 200)
  notifiedBy!: string;

  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}

export class CorrectionAcceptedData {
  @IsLedgerId('clubId')
  clubId!: string;

  /**
   * On a league's corrections stream, the league (the same id as \`clubId\`): the
   * fact is the league's, and a league's key appends it. Absent on a club's.
   */
  @IsOptional()
  @IsLedgerId('leagueId')
  leagueId?: string;

  @IsLedgerId('correctionId')
  correctionId!: string;

  @IsString()
  @Length(1, 200)
  by!: string;

  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;

  /** Required to accept a correction notified after its deadline (NZ-13): why it is accepted. */
  @IsOptional()
  @IsString()
  @Length(1, 500)
  lateAcceptedBecause?: string;
}

export class CorrectionRejectedData {
  @IsLedgerId('clubId')
  clubId!: string;

  /**
   * On a league's corrections stream, the league (the same id as \`clubId\`): the
   * fact is the league's, and a league's key appends it. Absent on a club's.
   */
  @IsOptional()
  @IsLedgerId('leagueId')
  leagueId?: string;

  @IsLedgerId('correctionId')
  correctionId!: string;

  @IsString()
  @Length(1, 200)
  by!: string;

  @IsString()
  @Length(1, 500)
  reason!: string;

  /** The rule the rejection rests on, e.g. NZ-13 for a late correction. */
  @IsOptional()
  @IsString()
  @Length(1, 40)
  rule?: string;
}
