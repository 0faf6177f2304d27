// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import type { EventDefinition } from '../../../kernel/catalogue';
import { classSchema } from '../../../kernel/class-schema';
import type { FieldIssue } from '../../../kernel/issues';

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
import {
  ApplicationConsideredData,
  ApplicationDisplayedData,
  ApplicationProposedData,
  ApplicationRejectedData,
  ApplicationSignedData,
  MemberElectedData,
  MembershipAppliedData,
  ObjectionLodgedData,
  SupportReplacedData,
  SupportWithdrawnData,
} from './applications';
import {
  BirthDateCorrectedData,
  ExistingMemberRecordedData,
  HonoraryMembershipInvitedData,
  MemberEventsRestrictedData,
  MemberExpelledData,
  MemberResignedData,
  MembershipTerminatedData,
  NonPlayingMembershipAcceptedData,
  StudentMembershipOfferedData,
  TemporaryMembershipAcceptedData,
} from './members';
import {
  GuestNzcbaNumberCheckedData,
  NzcbaRankRecordedData,
  SessionPlayedAtClubData,
  VisitorPartnerAskedData,
} from './visits';

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

export {
  APPLIED_CLASSES,
  MEMBERS_STREAM_PREFIX,
  RECORDED_CLASSES,
  SUPPORT_ROLES,
  membersStreamId,
} from './scope';
