// A person's membership: recorded, offered or invited into a class, restricted, ended,
// and a date of birth corrected (PIN-C10 to C18, PIN-R8).
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  Length,
  Matches,
} from 'class-validator';
import { ID_PATTERN, IsDay, IsLedgerId } from '../../../kernel/ids';

import { IsPerson, MembershipScope, RECORDED_CLASSES } from './scope';

class PersonScope extends MembershipScope {
  @IsPerson('person')
  person!: string;

  @IsDay('on')
  on!: string;
}

/** A class change that may admit a person not yet a member (Honorary, Temporary, Non-playing). */
class AdmittingScope extends PersonScope {
  /** Needed when the person is not on the register yet. */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;

  @IsOptional()
  @IsDay('birthDate')
  birthDate?: string;
}

/**
 * A member elected before the ledger's records began, as the club's list holds them: the
 * election day (the Restricted year derives from it) and the class recorded.
 */
export class ExistingMemberRecordedData extends MembershipScope {
  @IsLedgerId('person')
  person!: string;

  @IsString()
  @Length(1, 200)
  name!: string;

  @IsOptional()
  @IsDay('birthDate')
  birthDate?: string;

  @IsDay('electedOn')
  electedOn!: string;

  @IsIn(RECORDED_CLASSES)
  class!: (typeof RECORDED_CLASSES)[number];
}

export class StudentMembershipOfferedData extends PersonScope {}
export class HonoraryMembershipInvitedData extends AdmittingScope {}
export class TemporaryMembershipAcceptedData extends AdmittingScope {}
export class NonPlayingMembershipAcceptedData extends AdmittingScope {}

export class MemberEventsRestrictedData extends PersonScope {
  /** PIN-R8: the events a Restricted member may not play (event ids or kinds). */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  @Matches(ID_PATTERN, { each: true, message: 'each event must be letters, digits and _ . : @ -' })
  events!: string[];
}

/** PIN-C17: ended by the committee in the first year, no reason given. PIN-R9 follows. */
export class MembershipTerminatedData extends PersonScope {}
/** PIN-C16: the member's own notice to the treasurer. */
export class MemberResignedData extends PersonScope {}

export class MemberExpelledData extends PersonScope {
  /** PIN-C18: the reason the committee tells the member. */
  @IsString()
  @Length(1, 5000)
  reason!: string;
}

/**
 * A wrong date of birth corrected (PIN-C3, PIN-R8, PIN-R12 read it): the secretary's record,
 * with the reason and who corrected it. The facts judged before it stand; those after it are
 * judged with this date.
 */
export class BirthDateCorrectedData extends PersonScope {
  @IsDay('birthDate')
  birthDate!: string;

  @IsString()
  @Length(1, 5000)
  reason!: string;

  @IsLedgerId('correctedBy')
  correctedBy!: string;
}
