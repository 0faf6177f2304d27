// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import type { EventDefinition } from '../../../kernel/catalogue';
import { allOf, classSchema } from '../../../kernel/class-schema';
import type { FieldIssue } from '../../../kernel/issues';
import {
  AmendmentProposedData,
  ConstitutionRecordedData,
  EgmRequestedData,
  MeetingCalledData,
  MotionLodgedData,
  NominationReceivedData,
  NoticeDisplayedData,
  OfficerRecordedData,
} from './meetings';
import {
  AttendanceRecordedData,
  AuditorAppointedData,
  BallotHeldData,
  ReportPresentedData,
  VoteTakenData,
} from './business';

/**
 * A club's general meetings (Pinner BC's constitution, RULES.md PIN-C20..C37): the call, the
 * notice, motions, amendments, nominations, a members' request, the attendance, votes and
 * ballots, the reports. The results of votes and ballots, the officers in office, the
 * constitution as amended and whether a meeting was quorate are never facts: the club's
 * meeting rules derive them.
 *
 * One stream per club, `meetings-<clubId>`: a vote reads the meeting's attendance, a call reads
 * the officers elected at earlier meetings, an AGM the previous one (PIN-C27). Every fact names
 * its `clubId`; each one's own date is a club date in its data.
 */
export interface MeetingsFactData {
  OfficerRecorded: OfficerRecordedData;
  ConstitutionRecorded: ConstitutionRecordedData;
  MeetingCalled: MeetingCalledData;
  NoticeDisplayed: NoticeDisplayedData;
  MotionLodged: MotionLodgedData;
  AmendmentProposed: AmendmentProposedData;
  NominationReceived: NominationReceivedData;
  EgmRequested: EgmRequestedData;
  AttendanceRecorded: AttendanceRecordedData;
  VoteTaken: VoteTakenData;
  BallotHeld: BallotHeldData;
  ReportPresented: ReportPresentedData;
  AuditorAppointed: AuditorAppointedData;
}

type MeetingsDefinition = EventDefinition & { type: keyof MeetingsFactData };

/** A motion's content: a constitution change names its section and text, a resignation its officer. */
function motionShape(data: unknown): FieldIssue[] {
  const d = (data ?? {}) as Record<string, unknown>;
  const issues: FieldIssue[] = [];
  const need = (field: string, when: string) => {
    if (d[field] === undefined) issues.push({ field, message: `is required for ${when}` });
  };
  const refuse = (field: string, when: string) => {
    if (d[field] !== undefined) issues.push({ field, message: `is not part of ${when}` });
  };
  if (d.kind === 'constitution') {
    need('section', 'a change of the constitution');
    need('newText', 'a change of the constitution');
  } else {
    refuse('section', `a motion of kind ${String(d.kind)}`);
    refuse('newText', `a motion of kind ${String(d.kind)}`);
  }
  if (d.kind === 'resignation') {
    need('post', 'a resignation required');
    need('officer', 'a resignation required');
  } else {
    refuse('post', `a motion of kind ${String(d.kind)}`);
    refuse('officer', `a motion of kind ${String(d.kind)}`);
  }
  return issues;
}

/** A vote is on a motion or on an amendment, one of them. */
function voteShape(data: unknown): FieldIssue[] {
  const d = (data ?? {}) as Record<string, unknown>;
  return (d.motionId === undefined) === (d.amendmentId === undefined)
    ? [
        {
          field: 'motionId',
          message: 'a vote is on a motion (motionId) or an amendment (amendmentId), one of them',
        },
      ]
    : [];
}

const def = (
  type: keyof MeetingsFactData,
  rules: string[],
  description: string,
  validate: (d: unknown) => FieldIssue[],
): MeetingsDefinition => ({ type, schemaVersion: 1, rules, description, validate });

export const meetingsEvents: MeetingsDefinition[] = [
  def(
    'OfficerRecorded',
    ['PIN-C28'],
    'An officer or committee member in office before the ledger began, from a day until the next election to the post.',
    classSchema(OfficerRecordedData),
  ),
  def(
    'ConstitutionRecorded',
    ['PIN-C19'],
    'The constitution as adopted before the ledger began, section by section, from a day: a carried change of a section replaces its text from the meeting.',
    classSchema(ConstitutionRecordedData),
  ),
  def(
    'MeetingCalled',
    ['PIN-C20', 'PIN-C21', 'PIN-C27', 'PIN-C34'],
    'A general meeting called (AGM or EGM): its date, time, venue and agenda, by the chairman or vice-chairman in office; an EGM on a members’ request names it.',
    classSchema(MeetingCalledData),
  ),
  def(
    'NoticeDisplayed',
    ['PIN-C20', 'PIN-C32', 'PIN-C36'],
    'The notice of a meeting displayed in the club from a day, with the motions published in full: the meeting sits at least 14 days later.',
    classSchema(NoticeDisplayedData),
  ),
  def(
    'MotionLodged',
    ['PIN-C23', 'PIN-C25', 'PIN-C32'],
    'A written motion for a meeting, proposed and seconded by members, and the day it reached the chairman; a constitution change names the section and its new text, a resignation required names the officer.',
    allOf(classSchema(MotionLodgedData), motionShape),
  ),
  def(
    'AmendmentProposed',
    ['PIN-C23', 'PIN-C33', 'PIN-C37'],
    'An amendment to a motion, proposed and seconded by members present, taken at the chair’s discretion (and, at an EGM, with the main motion’s proposer’s agreement); decided before its motion.',
    classSchema(AmendmentProposedData),
  ),
  def(
    'NominationReceived',
    ['PIN-C28', 'PIN-C29'],
    'A nomination for an officer’s post or the committee, signed by proposer, seconder and nominee (all members), received at least 7 days before the AGM and displayed 5 days.',
    classSchema(NominationReceivedData),
  ),
  def(
    'EgmRequested',
    ['PIN-C34'],
    'Members’ signed request for an EGM with its motions in full: 15 members or 10 % of the membership, whichever is smaller; the EGM is due within 14 days.',
    classSchema(EgmRequestedData),
  ),
  def(
    'AttendanceRecorded',
    ['PIN-C21', 'PIN-C22'],
    'The members present at a meeting and who took the chair (the chairman or vice-chairman): the quorum is counted from it.',
    classSchema(AttendanceRecordedData),
  ),
  def(
    'VoteTaken',
    ['PIN-C22', 'PIN-C23', 'PIN-C24', 'PIN-C25', 'PIN-C26', 'PIN-C33', 'PIN-C35'],
    'A show of hands on a motion or an amendment: for, against, abstentions. The result is derived (a simple majority, or two thirds to change the constitution or require a resignation; a tie to the status quo).',
    allOf(classSchema(VoteTakenData), voteShape),
  ),
  def(
    'BallotHeld',
    ['PIN-C22', 'PIN-C28', 'PIN-C29'],
    'A ballot for a contested post at the AGM: each nominee’s votes; the chair’s casting vote on a tie. The elected are derived.',
    classSchema(BallotHeldData),
  ),
  def(
    'ReportPresented',
    ['PIN-C30', 'PIN-C31'],
    'The chairman’s report, or the treasurer’s accounts with the auditor’s report, presented to the AGM.',
    classSchema(ReportPresentedData),
  ),
  def(
    'AuditorAppointed',
    ['PIN-C31'],
    'The auditor appointed at the AGM.',
    classSchema(AuditorAppointedData),
  ),
];

export const MEETINGS_FACT_TYPES: ReadonlySet<string> = new Set(meetingsEvents.map((d) => d.type));
