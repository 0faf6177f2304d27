import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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
import type { EventMetadata } from '../../kernel/envelope';
import { MAX_BATCH_EVENTS, validateExpectedRevision } from '../../store/append-rules';
import type { ExpectedRevision } from '../../store/event-store';
import { wholeNumber } from '../../audit/table-query';

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
  @ApiProperty({
    description:
      "The writer's UUID for the fact (v7 preferred): an append of a fact already stored is not written twice",
    format: 'uuid',
  })
  @IsString()
  id!: string;

  @ApiProperty({
    description: 'A fact type of the catalogue (docs/events.md)',
    example: 'ClubRegistered',
  })
  @IsString()
  type!: string;

  // class-validator runs a property's checks bottom-up: the type check goes last in the source.
  @ApiPropertyOptional({
    description: "The data's schema version (default: the catalogue's current)",
    minimum: 1,
  })
  @IsOptional()
  @Min(1)
  @IsInt()
  schemaVersion?: number;

  @ApiProperty({
    description: 'When it happened, club time: ISO 8601 with a zone',
    example: '2026-02-02T19:30:00+13:00',
  })
  @IsString()
  occurredAt!: string;

  @ApiProperty({
    description: "The fact's data, in its type's shape (docs/events.md)",
    type: 'object',
    additionalProperties: true,
  })
  @IsObject()
  data!: Record<string, unknown>;

  @ApiPropertyOptional({
    description:
      "clubId, correlationId, causationId …; actor is the key's once keys are configured",
    type: 'object',
    additionalProperties: true,
  })
  @IsOptional()
  @IsObject()
  metadata?: EventMetadata;
}

export class AppendEventsBody {
  @ApiPropertyOptional({
    description:
      "'any', 'no_stream', 'stream_exists' or the stream's revision the batch expects (>= 0); may be given as an If-Match header instead",
    oneOf: [
      { type: 'string', enum: ['any', 'no_stream', 'stream_exists'] },
      { type: 'integer', minimum: 0 },
    ],
  })
  @IsExpectedRevision()
  @IsDefined()
  expectedRevision!: ExpectedRevision;

  @ApiProperty({ type: [AppendEventBody], minItems: 1, maxItems: MAX_BATCH_EVENTS })
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
  @ApiPropertyOptional({ description: 'The first revision to read', minimum: 0, type: 'integer' })
  @IsOptional()
  @Transform(toWholeNumber)
  @Min(0, { message: WHOLE('fromRevision') })
  @IsInt({ message: WHOLE('fromRevision') })
  fromRevision?: number;

  @ApiPropertyOptional({ enum: ['forwards', 'backwards'], default: 'forwards' })
  @IsOptional()
  @IsIn(['forwards', 'backwards'])
  direction?: 'forwards' | 'backwards';

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE, default: DEFAULT_PAGE, type: 'integer' })
  @IsOptional()
  @Transform(toWholeNumber)
  @Max(MAX_PAGE, { message: LIMIT })
  @Min(1, { message: LIMIT })
  @IsInt({ message: LIMIT })
  limit?: number;
}

export class ReadAllParams {
  @ApiPropertyOptional({
    description: 'The first ledger position to read',
    minimum: 0,
    type: 'integer',
  })
  @IsOptional()
  @Transform(toWholeNumber)
  @Min(0, { message: WHOLE('fromPosition') })
  @IsInt({ message: WHOLE('fromPosition') })
  fromPosition?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE, default: DEFAULT_PAGE, type: 'integer' })
  @IsOptional()
  @Transform(toWholeNumber)
  @Max(MAX_PAGE, { message: LIMIT })
  @Min(1, { message: LIMIT })
  @IsInt({ message: LIMIT })
  limit?: number;
}

// The published tables' parameters (asOf, atPosition, afterSession, session) are read by
// src/audit/table-query.ts, the same rules as the CLI's.
