// A general meeting before it sits: the officers who may call it, the call, its notice, the
// motions, amendments and nominations lodged, a members' request for an EGM (PIN-C20..C37).
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import { ID_PATTERN, IsDay, IsLedgerId } from '../../../kernel/ids';
import {
  MEETING_KINDS,
  MOTION_KINDS,
  POSTS,
  MeetingScope,
  MeetingsScope,
  type MeetingKind,
  type MotionKind,
  type Post,
} from './scope';

/**
 * An officer or committee member in office before the ledger's records began (as the club's
 * minutes say): from that day until the next election to the post.
 */
export class OfficerRecordedData extends MeetingsScope {
  @IsIn(POSTS)
  post!: Post;

  @IsLedgerId('person')
  person!: string;

  @IsDay('from')
  from!: string;
}

/** One section of the constitution as adopted: its number and text. */
export class ConstitutionSection {
  @IsString()
  @Length(1, 20)
  section!: string;

  @IsString()
  @Length(1, 10000)
  text!: string;
}

/**
 * The constitution as adopted before the ledger's records began (PIN-C19): its sections, from a
 * day. A meeting's change of a section (a motion of kind `constitution`, carried) replaces that
 * section's text from the meeting's day.
 */
export class ConstitutionRecordedData extends MeetingsScope {
  @IsDay('from')
  from!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => ConstitutionSection)
  sections!: ConstitutionSection[];
}

/** PIN-C20, C21: the call, by the chairman or vice-chairman; an EGM names the request it answers. */
export class MeetingCalledData extends MeetingScope {
  @IsIn(MEETING_KINDS)
  kind!: MeetingKind;

  /** The day the meeting is to be held. */
  @IsDay('date')
  date!: string;

  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'time must be HH:MM' })
  time!: string;

  @IsString()
  @Length(1, 200)
  venue!: string;

  /** The matters to be discussed (PIN-C20: part of the notice). */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Length(1, 500, { each: true })
  agenda!: string[];

  @IsLedgerId('calledBy')
  calledBy!: string;

  @IsDay('calledOn')
  calledOn!: string;

  /** PIN-C34: the members' request an EGM is called on (absent: called by the committee). */
  @IsOptional()
  @IsLedgerId('requestId')
  requestId?: string;
}

/** PIN-C20, C32, C36: the notice displayed in the club, with the motions published in full. */
export class NoticeDisplayedData extends MeetingScope {
  @IsDay('displayedOn')
  displayedOn!: string;

  @IsArray()
  @ArrayMaxSize(100)
  @Matches(ID_PATTERN, { each: true, message: 'each motion must be a motion id' })
  motions!: string[];
}

/**
 * A motion as written and signed (PIN-C23): its text and kind, its proposer and seconder; a
 * members' request for an EGM carries its motions so (PIN-C34).
 */
export class RequestedMotion {
  @IsLedgerId('motionId')
  motionId!: string;

  @IsString()
  @Length(1, 5000)
  text!: string;

  @IsIn(MOTION_KINDS)
  kind!: MotionKind;

  @IsLedgerId('proposer')
  proposer!: string;

  @IsLedgerId('seconder')
  seconder!: string;
}

/** PIN-C23, C32: a motion lodged for a meeting, and when it reached the chairman. */
export class MotionLodgedData extends RequestedMotion {
  @IsLedgerId('clubId')
  clubId!: string;

  @IsLedgerId('meetingId')
  meetingId!: string;

  @IsDay('receivedOn')
  receivedOn!: string;

  /** A change of the constitution: the section it changes and the section's new text. */
  @IsOptional()
  @IsString()
  @Length(1, 20)
  section?: string;

  @IsOptional()
  @IsString()
  @Length(1, 5000)
  newText?: string;

  /** A resignation required (PIN-C25): the officer's post and the person holding it. */
  @IsOptional()
  @IsIn(POSTS)
  post?: Post;

  @IsOptional()
  @IsLedgerId('officer')
  officer?: string;
}

/** PIN-C23, C33, C37: an amendment to a motion, proposed and seconded, accepted by the chair. */
export class AmendmentProposedData extends MeetingScope {
  @IsLedgerId('amendmentId')
  amendmentId!: string;

  @IsLedgerId('motionId')
  motionId!: string;

  @IsString()
  @Length(1, 5000)
  text!: string;

  @IsLedgerId('proposer')
  proposer!: string;

  @IsLedgerId('seconder')
  seconder!: string;

  /** PIN-C33, C37: the chair's discretion to take it. */
  @IsBoolean()
  chairAccepts!: boolean;

  /** PIN-C37: at an EGM, the main motion's proposer agrees to it. */
  @IsOptional()
  @IsBoolean()
  proposerAgrees?: boolean;
}

/** PIN-C29: a nomination for a post, signed by proposer, seconder and nominee. */
export class NominationReceivedData extends MeetingScope {
  @IsLedgerId('nominationId')
  nominationId!: string;

  @IsIn(POSTS)
  post!: Post;

  @IsLedgerId('nominee')
  nominee!: string;

  @IsLedgerId('proposer')
  proposer!: string;

  @IsLedgerId('seconder')
  seconder!: string;

  /** Who signed the form: the proposer, the seconder and the nominee must all have. */
  @IsArray()
  @ArrayMaxSize(3)
  @Matches(ID_PATTERN, { each: true, message: 'each signature must be a person id' })
  signedBy!: string[];

  @IsDay('receivedOn')
  receivedOn!: string;

  /** The day it was displayed in the club (PIN-C29: five days before the AGM). */
  @IsDay('displayedOn')
  displayedOn!: string;
}

/** PIN-C34: members' signed request for an EGM, with full details of its motions. */
export class EgmRequestedData extends MeetingsScope {
  @IsLedgerId('requestId')
  requestId!: string;

  @IsDay('receivedOn')
  receivedOn!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10000)
  @Matches(ID_PATTERN, { each: true, message: 'each signatory must be a person id' })
  signatories!: string[];

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => RequestedMotion)
  motions!: RequestedMotion[];
}
