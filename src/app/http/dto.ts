import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import type { EventMetadata } from '../../events/envelope';
import { MAX_BATCH_EVENTS, validateExpectedRevision } from '../../store/append-rules';
import type { ExpectedRevision } from '../../store/event-store';
import { wholeNumber } from '../../runtime/table-query';

/** Default and largest page of GET /events and GET /streams/:streamId. */
export const DEFAULT_PAGE = 100;
export const MAX_PAGE = 1000;

/*
 * Request shapes. These check the JSON's shape and types; the ledger's own rules (UUID ids,
 * instants with a zone, known event types, each type's data) are validateAppend's, so that the
 * CLI and HTTP refuse exactly the same batches.
 */

const IsExpectedRevision = () =>
  ValidateBy({
    name: 'isExpectedRevision',
    validator: {
      validate: (value) => validateExpectedRevision(value).length === 0,
      defaultMessage: () =>
        "expectedRevision must be 'any', 'no_stream', 'stream_exists' or a revision number >= 0",
    },
  });

export class AppendEventBody {
  @IsString()
  id!: string;

  @IsString()
  type!: string;

  // class-validator runs a property's checks bottom-up: the type check goes last in the source.
  @IsOptional()
  @Min(1)
  @IsInt()
  schemaVersion?: number;

  @IsString()
  occurredAt!: string;

  @IsObject()
  data!: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  metadata?: EventMetadata;
}

export class AppendEventsBody {
  @IsExpectedRevision()
  @IsDefined()
  expectedRevision!: ExpectedRevision;

  @ValidateNested({ each: true })
  @Type(() => AppendEventBody)
  @ArrayMaxSize(MAX_BATCH_EVENTS)
  @ArrayNotEmpty()
  @IsArray()
  events!: AppendEventBody[];
}

/**
 * Query strings arrive as text: a whole number (`wholeNumber`, the tables' and the CLI's
 * reader) becomes a number, anything else is left to fail @IsInt.
 */
const toWholeNumber = ({ value }: { value: unknown }) => wholeNumber(value) ?? value;

const WHOLE = (name: string) => `${name} must be a whole number >= 0`;
const LIMIT = `limit must be a whole number from 1 to ${MAX_PAGE}`;

// class-validator runs a property's checks bottom-up, and stops at the first that fails.
export class ReadStreamParams {
  @IsOptional()
  @Transform(toWholeNumber)
  @Min(0, { message: WHOLE('fromRevision') })
  @IsInt({ message: WHOLE('fromRevision') })
  fromRevision?: number;

  @IsOptional()
  @IsIn(['forwards', 'backwards'])
  direction?: 'forwards' | 'backwards';

  @IsOptional()
  @Transform(toWholeNumber)
  @Max(MAX_PAGE, { message: LIMIT })
  @Min(1, { message: LIMIT })
  @IsInt({ message: LIMIT })
  limit?: number;
}

export class ReadAllParams {
  @IsOptional()
  @Transform(toWholeNumber)
  @Min(0, { message: WHOLE('fromPosition') })
  @IsInt({ message: WHOLE('fromPosition') })
  fromPosition?: number;

  @IsOptional()
  @Transform(toWholeNumber)
  @Max(MAX_PAGE, { message: LIMIT })
  @Min(1, { message: LIMIT })
  @IsInt({ message: LIMIT })
  limit?: number;
}

// The published tables' parameters (asOf, atPosition, afterSession, session) are read by
// src/runtime/table-query.ts, the same rules as the CLI's.
