// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import type { EventDefinition } from '../../../kernel/catalogue';
import { classSchema } from '../../../kernel/class-schema';
import type { FieldIssue } from '../../../kernel/issues';
import { NZ_RANKS } from '../../club/facts/club';
import { ID_PATTERN, IsDay, IsLedgerId } from '../../../kernel/ids';

/**
 * A club's membership (Pinner BC's rules and constitution, RULES.md PIN-R7..R13,
 * PIN-C3..C18) and the sessions people play at the club, with the NZ facts NZ-8c/d/g read. The
 * classes a member holds, their standing, who is barred and how many sessions a visitor has
 * played are never facts: src/rulesets/pinner derives them (Restricted → Full from the election
 * date, PIN-R8).
 *
 * One stream per club, `members-<clubId>`: an election reads other people's membership (a
 * proposer and seconder in good standing that day, PIN-C5; a supervising adult member, PIN-R12;
 * who was ever rejected or removed, PIN-R9), so the club's register is one fold, decided in one
 * place. Every fact names its `clubId`; each one's own date is a club date in its data.
 */

export const MEMBERS_STREAM_PREFIX = 'members-';
/** A club's membership stream: `members-<clubId>`. */
export const membersStreamId = (clubId: string) => `${MEMBERS_STREAM_PREFIX}${clubId}`;

/** The classes one applies for (PIN-C11: normally Full; Restricted is derived, Honorary invited). */
export const APPLIED_CLASSES = ['full', 'student', 'temporary', 'non-playing'] as const;
/** The classes a fact may record (Restricted is derived, PIN-R8). */
export const RECORDED_CLASSES = [
  'full',
  'student',
  'honorary',
  'temporary',
  'non-playing',
] as const;
export const SUPPORT_ROLES = ['proposer', 'seconder'] as const;

const IsPerson = (what: string) => IsLedgerId(what);

class MembershipScope {
  @IsLedgerId('clubId')
  clubId!: string;
}

class ApplicationScope extends MembershipScope {
  @IsLedgerId('applicationId')
  applicationId!: string;
}

class MembershipAppliedData extends ApplicationScope {
  @IsPerson('person')
  person!: string;

  @IsString()
  @Length(1, 200)
  name!: string;

  /** PIN-C3: the candidate's date of birth, or `over16Declared` when it is not given. */
  @IsOptional()
  @IsDay('birthDate')
  birthDate?: string;

  @IsOptional()
  @IsBoolean({ message: 'over16Declared must be true or false' })
  over16Declared?: boolean;

  /** PIN-C11: normally Full. */
  @IsIn(APPLIED_CLASSES)
  classApplied!: (typeof APPLIED_CLASSES)[number];

  @IsDay('appliedOn')
  appliedOn!: string;
}

class ApplicationProposedData extends ApplicationScope {
  /** PIN-C5: one member proposes, another seconds; both members in good standing that day. */
  @IsPerson('proposer')
  proposer!: string;

  @IsPerson('seconder')
  seconder!: string;

  @IsDay('on')
  on!: string;
}

class ApplicationSignedData extends ApplicationScope {
  /** PIN-R7: the committee member who finds the candidate's standard of play satisfactory. */
  @IsPerson('by')
  by!: string;

  @IsDay('on')
  on!: string;
}

class ApplicationDisplayedData extends ApplicationScope {
  /** PIN-C6: displayed in the club from this day. */
  @IsDay('on')
  on!: string;
}

class SupportWithdrawnData extends ApplicationScope {
  /** PIN-C7: the proposer or the seconder withdraws, before the election. */
  @IsIn(SUPPORT_ROLES)
  role!: (typeof SUPPORT_ROLES)[number];

  @IsDay('on')
  on!: string;
}

class SupportReplacedData extends ApplicationScope {
  /** PIN-C7: another member proposes or seconds; the display restarts from this day. */
  @IsIn(SUPPORT_ROLES)
  role!: (typeof SUPPORT_ROLES)[number];

  @IsPerson('by')
  by!: string;

  @IsDay('on')
  on!: string;
}

class ObjectionLodgedData extends ApplicationScope {
  /** PIN-C8: a member's written and signed objection to the chairman, with its grounds in full. */
  @IsPerson('by')
  by!: string;

  @IsDay('on')
  on!: string;

  @IsString()
  @Length(1, 5000)
  grounds!: string;
}

class ApplicationConsideredData extends ApplicationScope {
  @IsDay('on')
  on!: string;
}

class MemberElectedData extends ApplicationScope {
  /** PIN-C4: the committee elects; Restricted for the first year from this day (PIN-R8). */
  @IsDay('on')
  on!: string;
}

/** PIN-C9: rejected without a reason; none is stored. PIN-R9: never admitted after. */
class ApplicationRejectedData extends ApplicationScope {
  @IsDay('on')
  on!: string;
}

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
class ExistingMemberRecordedData extends MembershipScope {
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

class StudentMembershipOfferedData extends PersonScope {}
class HonoraryMembershipInvitedData extends AdmittingScope {}
class TemporaryMembershipAcceptedData extends AdmittingScope {}
class NonPlayingMembershipAcceptedData extends AdmittingScope {}

class MemberEventsRestrictedData extends PersonScope {
  /** PIN-R8: the events a Restricted member may not play (event ids or kinds). */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  @Matches(ID_PATTERN, { each: true, message: 'each event must be letters, digits and _ . : @ -' })
  events!: string[];
}

/** PIN-C17: ended by the committee in the first year, no reason given. PIN-R9 follows. */
class MembershipTerminatedData extends PersonScope {}
/** PIN-C16: the member's own notice to the treasurer. */
class MemberResignedData extends PersonScope {}

class MemberExpelledData extends PersonScope {
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
class BirthDateCorrectedData extends PersonScope {
  @IsDay('birthDate')
  birthDate!: string;

  @IsString()
  @Length(1, 5000)
  reason!: string;

  @IsLedgerId('correctedBy')
  correctedBy!: string;
}

class PlayedEvent {
  @IsLedgerId('event.id')
  id!: string;

  /** PIN-R13: a special event pays enhanced prize money, which visitors do not win. */
  @IsBoolean({ message: 'event.special must be true or false' })
  special!: boolean;
}

class SessionPlayedAtClubData extends MembershipScope {
  @IsPerson('person')
  person!: string;

  @IsDay('date')
  date!: string;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PlayedEvent)
  event!: PlayedEvent;

  /** PIN-R12: the adult member supervising a player under 16. */
  @IsOptional()
  @IsPerson('supervisedBy')
  supervisedBy?: string;

  /** A visitor's date of birth, when given (PIN-R12: the register knows members'). */
  @IsOptional()
  @IsDay('birthDate')
  birthDate?: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;
}

class VisitorPartnerAskedData extends MembershipScope {
  /** NZ-8d: the member the Secretary asked to play with a visitor. */
  @IsPerson('member')
  member!: string;

  @IsPerson('visitor')
  visitor!: string;

  @IsDay('date')
  date!: string;
}

class GuestNzcbaNumberCheckedData extends MembershipScope {
  /** NZ-8c: a guest from outside the club qualifies for C points with a valid NZCBA number. */
  @IsPerson('guest')
  guest!: string;

  @IsString()
  @Length(1, 40)
  number!: string;

  @IsBoolean({ message: 'valid must be true or false' })
  valid!: boolean;

  @IsDay('checkedOn')
  checkedOn!: string;
}

class NzcbaRankRecordedData extends MembershipScope {
  /** NZ-8g: the player's NZCBA rank from a date. */
  @IsPerson('person')
  person!: string;

  @IsIn(NZ_RANKS)
  rank!: (typeof NZ_RANKS)[number];

  @IsDay('from')
  from!: string;
}

/** Each fact's data as TypeScript sees it: its schema class. */
export interface MembershipFactData {
  ExistingMemberRecorded: ExistingMemberRecordedData;
  MembershipApplied: MembershipAppliedData;
  ApplicationProposed: ApplicationProposedData;
  ApplicationSigned: ApplicationSignedData;
  ApplicationDisplayed: ApplicationDisplayedData;
  SupportWithdrawn: SupportWithdrawnData;
  SupportReplaced: SupportReplacedData;
  ObjectionLodged: ObjectionLodgedData;
  ApplicationConsidered: ApplicationConsideredData;
  MemberElected: MemberElectedData;
  ApplicationRejected: ApplicationRejectedData;
  StudentMembershipOffered: StudentMembershipOfferedData;
  HonoraryMembershipInvited: HonoraryMembershipInvitedData;
  TemporaryMembershipAccepted: TemporaryMembershipAcceptedData;
  NonPlayingMembershipAccepted: NonPlayingMembershipAcceptedData;
  MemberEventsRestricted: MemberEventsRestrictedData;
  MembershipTerminated: MembershipTerminatedData;
  MemberResigned: MemberResignedData;
  MemberExpelled: MemberExpelledData;
  BirthDateCorrected: BirthDateCorrectedData;
  SessionPlayedAtClub: SessionPlayedAtClubData;
  VisitorPartnerAsked: VisitorPartnerAskedData;
  GuestNzcbaNumberChecked: GuestNzcbaNumberCheckedData;
  NzcbaRankRecorded: NzcbaRankRecordedData;
}

type MembershipDefinition = EventDefinition & { type: keyof MembershipFactData };

const def = (
  type: keyof MembershipFactData,
  rules: string[],
  description: string,
  validate: (d: unknown) => FieldIssue[],
): MembershipDefinition => ({ type, schemaVersion: 1, rules, description, validate });

export const membershipEvents: MembershipDefinition[] = [
  def(
    'ExistingMemberRecorded',
    ['PIN-R8', 'PIN-R9'],
    'A member elected before the ledger began: name, election day (Restricted for the year after it, derived), the class recorded.',
    classSchema(ExistingMemberRecordedData),
  ),
  def(
    'MembershipApplied',
    ['PIN-C3', 'PIN-C6', 'PIN-C11', 'PIN-R9'],
    'A candidate applies on the form: name, date of birth or "over 16" declared, the class applied for. Refused for a person once rejected or removed (PIN-R9).',
    classSchema(MembershipAppliedData),
  ),
  def(
    'ApplicationProposed',
    ['PIN-C5'],
    'The proposer and the seconder: two different members in good standing that day, neither the candidate.',
    classSchema(ApplicationProposedData),
  ),
  def(
    'ApplicationSigned',
    ['PIN-R7'],
    'A committee member signs the form: the standard of play is satisfactory.',
    classSchema(ApplicationSignedData),
  ),
  def(
    'ApplicationDisplayed',
    ['PIN-C6'],
    'The form displayed in the club from a day: considered membership.displayDays later at the earliest.',
    classSchema(ApplicationDisplayedData),
  ),
  def(
    'SupportWithdrawn',
    ['PIN-C7'],
    'The proposer or the seconder withdraws support, before the election.',
    classSchema(SupportWithdrawnData),
  ),
  def(
    'SupportReplaced',
    ['PIN-C7'],
    'Another member proposes or seconds in place of one who withdrew: the display restarts from that day.',
    classSchema(SupportReplacedData),
  ),
  def(
    'ObjectionLodged',
    ['PIN-C8'],
    "A member's written, signed objection with its grounds in full, communicated to the committee.",
    classSchema(ObjectionLodgedData),
  ),
  def(
    'ApplicationConsidered',
    ['PIN-C6', 'PIN-C7', 'PIN-C9'],
    'The committee considers the application: not before the display has run membership.displayDays.',
    classSchema(ApplicationConsideredData),
  ),
  def(
    'MemberElected',
    ['PIN-C3', 'PIN-C4', 'PIN-C5', 'PIN-C6', 'PIN-C7', 'PIN-R7', 'PIN-R8'],
    'The committee elects the candidate: Restricted for the first year, then Full (derived, PIN-R8).',
    classSchema(MemberElectedData),
  ),
  def(
    'ApplicationRejected',
    ['PIN-C9', 'PIN-R9'],
    'The committee rejects the application, giving no reason (none stored); never admitted after (PIN-R9).',
    classSchema(ApplicationRejectedData),
  ),
  def(
    'StudentMembershipOffered',
    ['PIN-R8', 'PIN-C13'],
    'A member becomes a Student member from a day: aged membership.student from–below that day.',
    classSchema(StudentMembershipOfferedData),
  ),
  def(
    'HonoraryMembershipInvited',
    ['PIN-R8', 'PIN-C14'],
    'The committee invites a person to Honorary membership: for life, subscription waived.',
    classSchema(HonoraryMembershipInvitedData),
  ),
  def(
    'TemporaryMembershipAccepted',
    ['PIN-R8', 'PIN-C15'],
    'A person accepted as a Temporary member: as Full, without a vote at general meetings.',
    classSchema(TemporaryMembershipAcceptedData),
  ),
  def(
    'NonPlayingMembershipAccepted',
    ['PIN-R8', 'PIN-C15'],
    'A person accepted as a Non-playing member.',
    classSchema(NonPlayingMembershipAcceptedData),
  ),
  def(
    'MemberEventsRestricted',
    ['PIN-R8'],
    'The committee restricts the events a Restricted member (first year after election) may play.',
    classSchema(MemberEventsRestrictedData),
  ),
  def(
    'MembershipTerminated',
    ['PIN-C17', 'PIN-R9'],
    'The committee ends a membership in its first year, no reason given; never admitted after (PIN-R9).',
    classSchema(MembershipTerminatedData),
  ),
  def(
    'MemberResigned',
    ['PIN-C16'],
    'A member ends their membership by telling the treasurer.',
    classSchema(MemberResignedData),
  ),
  def(
    'MemberExpelled',
    ['PIN-C18', 'PIN-R9'],
    'The committee expels a member for conduct, with the reason told; never admitted after (PIN-R9).',
    classSchema(MemberExpelledData),
  ),
  def(
    'BirthDateCorrected',
    ['PIN-C3', 'PIN-R8', 'PIN-R12'],
    "A person's wrong date of birth corrected, with the reason and who corrected it: the facts after it are judged with this date; those before it stand.",
    classSchema(BirthDateCorrectedData),
  ),
  def(
    'SessionPlayedAtClub',
    ['PIN-R9', 'PIN-R10', 'PIN-R12', 'PIN-R13', 'NZ-10'],
    'A person played a session at the club: the day, the event (special or not), the adult member supervising an under-16 (PIN-R12). Visitor counts are derived from these.',
    classSchema(SessionPlayedAtClubData),
  ),
  def(
    'VisitorPartnerAsked',
    ['NZ-8d'],
    'The Secretary asked a member to play with a visitor on a day.',
    classSchema(VisitorPartnerAskedData),
  ),
  def(
    'GuestNzcbaNumberChecked',
    ['NZ-8c'],
    "A guest's NZCBA number checked, valid or not, on a day.",
    classSchema(GuestNzcbaNumberCheckedData),
  ),
  def(
    'NzcbaRankRecorded',
    ['NZ-8g'],
    "A player's NZCBA rank (junior, intermediate, open) from a day.",
    classSchema(NzcbaRankRecordedData),
  ),
];

export type {
  BirthDateCorrectedData,
  ExistingMemberRecordedData,
  ApplicationConsideredData,
  ApplicationDisplayedData,
  ApplicationProposedData,
  ApplicationRejectedData,
  ApplicationSignedData,
  GuestNzcbaNumberCheckedData,
  HonoraryMembershipInvitedData,
  MemberElectedData,
  MemberEventsRestrictedData,
  MemberExpelledData,
  MemberResignedData,
  MembershipAppliedData,
  MembershipTerminatedData,
  NonPlayingMembershipAcceptedData,
  NzcbaRankRecordedData,
  ObjectionLodgedData,
  SessionPlayedAtClubData,
  StudentMembershipOfferedData,
  SupportReplacedData,
  SupportWithdrawnData,
  TemporaryMembershipAcceptedData,
  VisitorPartnerAskedData,
};
