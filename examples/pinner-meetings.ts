/**
 * Pinner BC's general meetings of 2019, the end of examples/uk-pinner-bc-2018.ndjson: the
 * officers in office when the ledger began, the AGM of 15 April 2019 (a contested treasurer, an
 * uncontested secretary, a change of the constitution carried by two thirds and one that fails
 * on two thirds though a majority voted for it, the reports and the auditor) and an EGM called
 * on three members' request. The members are the example year's (pinner.ts), written before
 * the meetings that count them. docs/rules-pinner.md "General meetings" tells the story;
 * test/examples/pinner-meetings-example.test.ts checks it.
 *
 * Self-contained as pinner.ts is: name-based ids in the same namespace.
 */
import { v5 } from 'uuid';
import type { ExampleLine } from './lines';

const NAMESPACE = '6f1c9a52-3a0e-4b7e-9a59-1c1f6b0b7e11';
const CLUB = 'pinner';
const STREAM = `meetings-${CLUB}`;
const AGM = 'pinner-agm-2019';
const EGM = 'pinner-egm-2019';

/** Europe/London: British Summer Time from the last Sunday of March to that of October. */
const offset = (date: string) =>
  date >= '2019-03-31' && date < '2019-10-27' ? '+01:00' : '+00:00';

export function pinnerMeetings(): ExampleLine[] {
  const lines: ExampleLine[] = [];
  const add = (type: string, date: string, time: string, data: Record<string, unknown>) =>
    lines.push({
      streamId: STREAM,
      id: v5(`${STREAM}/${lines.length}/${type}`, NAMESPACE),
      type,
      occurredAt: `${date}T${time}:00${offset(date)}`,
      data: { clubId: CLUB, ...data },
      metadata: {},
    });

  // The officers and committee on the club's list when the ledger began.
  for (const [post, person] of [
    ['chairman', 'pin-alice'],
    ['vice-chairman', 'pin-bernard'],
    ['treasurer', 'pin-celia'],
    ['secretary', 'pin-desmond'],
    ['committee', 'pin-edith'],
    ['committee', 'pin-gwen'],
  ])
    add('OfficerRecorded', '2018-04-01', '10:20', { post, person, from: '2018-04-01' });

  // The constitution's sections the 2019 AGM is asked to change, as adopted (April 2018).
  add('ConstitutionRecorded', '2018-04-01', '10:25', {
    from: '2018-04-01',
    sections: [
      {
        section: '22',
        text: 'All classes of members present at a general meeting are entitled to vote on all matters. A quorum of twenty Members (or 20% of the total membership whichever is the lesser) is required for a general meeting.',
      },
      {
        section: '27',
        text: 'An Annual General Meeting shall be called at least once in every thirteen month period.',
      },
    ],
  });

  // The AGM: called by the chairman (PIN-C21), two motions to change the constitution received
  // in time (PIN-C32), published with the notice displayed 18 days before (PIN-C20, C32).
  add('MeetingCalled', '2019-03-11', '19:00', {
    meetingId: AGM,
    kind: 'agm',
    date: '2019-04-15',
    time: '19:30',
    venue: 'the club room, Pinner',
    agenda: ["the chairman's report", 'the accounts and the auditor', 'elections', 'motions'],
    calledBy: 'pin-alice',
    calledOn: '2019-03-11',
  });
  add('MotionLodged', '2019-03-20', '12:00', {
    meetingId: AGM,
    motionId: 'agm19-m1',
    text: 'That section 22 read: a quorum of fifteen Members (or 20 % of the total membership, whichever is the lesser).',
    kind: 'constitution',
    section: '22',
    newText:
      'All classes of members present at a general meeting are entitled to vote on all matters. A quorum of fifteen Members (or 20% of the total membership whichever is the lesser) is required for a general meeting.',
    proposer: 'pin-edith',
    seconder: 'pin-frank',
    receivedOn: '2019-03-20',
  });
  add('MotionLodged', '2019-03-25', '12:00', {
    meetingId: AGM,
    motionId: 'agm19-m2',
    text: 'That section 27 read: an Annual General Meeting at least once in every twelve months.',
    kind: 'constitution',
    section: '27',
    newText:
      'An Annual General Meeting shall be called at least once in every twelve month period.',
    proposer: 'pin-gwen',
    seconder: 'pin-jack',
    receivedOn: '2019-03-25',
  });
  add('NoticeDisplayed', '2019-03-28', '10:00', {
    meetingId: AGM,
    displayedOn: '2019-03-28',
    motions: ['agm19-m1', 'agm19-m2'],
  });
  // Nominations (PIN-C29): received 10 days before, displayed the same day; the treasurer's
  // post contested between Celia and Ivy, the secretary's not.
  const nomination = (
    id: string,
    post: string,
    nominee: string,
    proposer: string,
    seconder: string,
  ) =>
    add('NominationReceived', '2019-04-05', '11:00', {
      meetingId: AGM,
      nominationId: id,
      post,
      nominee,
      proposer,
      seconder,
      signedBy: [proposer, seconder, nominee],
      receivedOn: '2019-04-05',
      displayedOn: '2019-04-05',
    });
  nomination('agm19-n1', 'treasurer', 'pin-celia', 'pin-alice', 'pin-frank');
  nomination('agm19-n2', 'treasurer', 'pin-ivy', 'pin-simon', 'pin-jack');
  nomination('agm19-n3', 'secretary', 'pin-desmond', 'pin-bernard', 'pin-edith');

  // The meeting: eleven members present, Alice in the chair (she does not vote, PIN-C24).
  add('AttendanceRecorded', '2019-04-15', '19:35', {
    meetingId: AGM,
    chair: 'pin-alice',
    present: [
      'pin-alice',
      'pin-bernard',
      'pin-celia',
      'pin-desmond',
      'pin-edith',
      'pin-frank',
      'pin-gwen',
      'pin-ivy',
      'pin-jack',
      'pin-patricia',
      'pin-simon',
    ],
  });
  add('ReportPresented', '2019-04-15', '19:40', {
    meetingId: AGM,
    report: 'chairman',
    by: 'pin-alice',
  });
  add('ReportPresented', '2019-04-15', '19:50', {
    meetingId: AGM,
    report: 'accounts',
    by: 'pin-celia',
    auditorReport: true,
  });
  add('AuditorAppointed', '2019-04-15', '19:55', {
    meetingId: AGM,
    auditor: 'harrow-audit-partners',
  });
  add('BallotHeld', '2019-04-15', '20:10', {
    meetingId: AGM,
    post: 'treasurer',
    votes: [
      { nominee: 'pin-celia', votes: 6 },
      { nominee: 'pin-ivy', votes: 4 },
    ],
  });
  // PIN-C25: 7 to 3 is two thirds of the 10 voting: carried; 6 to 4 is a majority, not two
  // thirds: the section stands.
  add('VoteTaken', '2019-04-15', '20:30', {
    meetingId: AGM,
    motionId: 'agm19-m1',
    for: 7,
    against: 3,
    abstentions: 0,
  });
  add('VoteTaken', '2019-04-15', '20:45', {
    meetingId: AGM,
    motionId: 'agm19-m2',
    for: 6,
    against: 4,
    abstentions: 0,
  });

  // The EGM (PIN-C34 to C37): three members' request (10 % of the membership, rounded up, is
  // fewer than 15), called by the vice-chairman within 14 days, its motion published 17 days
  // before the meeting.
  add('EgmRequested', '2019-06-03', '12:00', {
    requestId: 'pin-2019-egm-request',
    receivedOn: '2019-06-03',
    signatories: ['pin-frank', 'pin-gwen', 'pin-jack'],
    motions: [
      {
        motionId: 'egm19-m1',
        text: 'That the club holds a rubber-bridge afternoon every Friday from September.',
        kind: 'ordinary',
        proposer: 'pin-frank',
        seconder: 'pin-gwen',
      },
    ],
  });
  add('MeetingCalled', '2019-06-10', '19:00', {
    meetingId: EGM,
    kind: 'egm',
    date: '2019-07-01',
    time: '19:30',
    venue: 'the club room, Pinner',
    agenda: ['a rubber-bridge afternoon on Fridays'],
    calledBy: 'pin-bernard',
    calledOn: '2019-06-10',
    requestId: 'pin-2019-egm-request',
  });
  add('NoticeDisplayed', '2019-06-14', '10:00', {
    meetingId: EGM,
    displayedOn: '2019-06-14',
    motions: ['egm19-m1'],
  });
  add('AttendanceRecorded', '2019-07-01', '19:35', {
    meetingId: EGM,
    chair: 'pin-bernard',
    present: ['pin-bernard', 'pin-celia', 'pin-frank', 'pin-gwen', 'pin-jack', 'pin-simon'],
  });
  add('VoteTaken', '2019-07-01', '20:00', {
    meetingId: EGM,
    motionId: 'egm19-m1',
    for: 4,
    against: 1,
    abstentions: 0,
  });
  return lines;
}
