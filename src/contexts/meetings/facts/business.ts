// A general meeting's business as the minutes record it: who attended and took the chair, each
// vote's count (its result is derived), each ballot, the reports, the auditor (PIN-C21..C31).
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
  IsOptional,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { ID_PATTERN, IsLedgerId } from '../../../kernel/ids';
import { POSTS, REPORTS, MeetingScope, type Post } from './scope';

/** PIN-C21, C22: the members present and who took the chair. */
export class AttendanceRecordedData extends MeetingScope {
  @IsLedgerId('chair')
  chair!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10000)
  @Matches(ID_PATTERN, { each: true, message: 'each person present must be a person id' })
  present!: string[];
}

/**
 * PIN-C24: a show of hands on a motion or an amendment, as the tellers counted it. Its result
 * is derived by the constitution's rules (C24 to C26), never typed.
 */
export class VoteTakenData extends MeetingScope {
  @IsOptional()
  @IsLedgerId('motionId')
  motionId?: string;

  @IsOptional()
  @IsLedgerId('amendmentId')
  amendmentId?: string;

  @IsInt()
  @Min(0)
  @Max(100000)
  for!: number;

  @IsInt()
  @Min(0)
  @Max(100000)
  against!: number;

  @IsInt()
  @Min(0)
  @Max(100000)
  abstentions!: number;
}

/** One nominee's votes in a ballot. */
export class BallotVotes {
  @IsLedgerId('nominee')
  nominee!: string;

  @IsInt()
  @Min(0)
  @Max(100000)
  votes!: number;
}

/** PIN-C28: a ballot for a contested post; the chair's casting vote decides a tie. */
export class BallotHeldData extends MeetingScope {
  @IsIn(POSTS)
  post!: Post;

  /** How many are elected (the committee's places contested at once); 1 for an officer. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(50)
  seats?: number;

  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => BallotVotes)
  votes!: BallotVotes[];

  /** The chair's casting vote: the nominees it elects from those tied at the last place. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @Matches(ID_PATTERN, { each: true, message: 'each casting vote must be a nominee id' })
  casting?: string[];
}

/** PIN-C30, C31: the chairman's report, or the treasurer's accounts with the auditor's report. */
export class ReportPresentedData extends MeetingScope {
  @IsIn(REPORTS)
  report!: (typeof REPORTS)[number];

  @IsLedgerId('by')
  by!: string;

  @IsOptional()
  @IsBoolean()
  auditorReport?: boolean;
}

/** PIN-C31: the auditor appointed at the AGM. */
export class AuditorAppointedData extends MeetingScope {
  @IsLedgerId('auditor')
  auditor!: string;
}
