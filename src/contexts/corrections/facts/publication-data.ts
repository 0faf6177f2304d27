// A table published as of a ledger position (what a diff and an appeal's window read).
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { IsIn, IsInt, IsOptional, IsString, Length, Matches, Min } from 'class-validator';
import { IsLedgerId } from '../../../kernel/ids';

import { STREAM_ID } from './scope';

export const PUBLISHED_TABLES = ['standings', 'championship', 'c-points', 'session'] as const;

export class StandingsPublishedData {
  @IsLedgerId('clubId')
  clubId!: string;

  @IsIn(PUBLISHED_TABLES)
  table!: (typeof PUBLISHED_TABLES)[number];

  @IsOptional()
  @IsLedgerId('competitionId')
  competitionId?: string;

  @IsOptional()
  @IsString()
  @Length(1, 20)
  season?: string;

  @IsOptional()
  @Matches(STREAM_ID, {
    message: 'sessionStreamId must be a stream id (letters, digits and _ . : @ -)',
  })
  sessionStreamId?: string;

  /** The ledger position the published table was computed at. */
  @IsInt()
  @Min(0)
  atPosition!: number;

  @IsString()
  @Length(1, 200)
  publishedBy!: string;
}
