// Pinner's constitution deciding each fact of a club's meetings stream (PIN-C20 to C37).
import type { DecidedFact } from '../../../kernel/decider';
import type { Rulebook } from '../../../rulebooks/rulebook';
import type {
  AmendmentProposedData,
  EgmRequestedData,
  MeetingCalledData,
  MotionLodgedData,
  NominationReceivedData,
  NoticeDisplayedData,
} from '../../../contexts/meetings/facts/meetings';
import type {
  AttendanceRecordedData,
  BallotHeldData,
  ReportPresentedData,
  VoteTakenData,
} from '../../../contexts/meetings/facts/business';
import type { MeetingRecord, MeetingsState } from '../../../contexts/meetings/domain/state';
import type { MeetingsView } from '../../../contexts/meetings/rules';
import { addDays } from '../../../contexts/membership/dates';
import { PINNER_MEETINGS, shareOf, type PinnerMeetingsParams } from './params';
import { quorumOf, votersPresent } from './results';
import { chairOrVice, membersOnly, refuse } from './checks';
import { ballot, nomination, report } from './agm';

/** The rulebook's `meetings` group, else the preset's. */
export const meetingsParamsOf = (rulebook: Rulebook | undefined): PinnerMeetingsParams =>
  ((rulebook?.params as { meetings?: PinnerMeetingsParams } | undefined)?.meetings ??
    PINNER_MEETINGS) as PinnerMeetingsParams;

export function decidePinnerMeetingsFact(
  fact: DecidedFact,
  state: MeetingsState,
  view: MeetingsView,
  rulebook: Rulebook | undefined,
): void {
  const p = meetingsParamsOf(rulebook);
  const d = fact.data as Record<string, unknown>;
  const meeting = typeof d.meetingId === 'string' ? state.meetings[d.meetingId] : undefined;
  switch (fact.type) {
    case 'OfficerRecorded':
      // PIN-C28, C29: officers and the committee are members of the club.
      return membersOnly(
        view,
        d.from as string,
        [[d.person as string, 'data.person']],
        'PIN-C28',
        'an officer or committee member is a member of the club',
      );
    case 'MeetingCalled':
      return called(d as unknown as MeetingCalledData, view);
    case 'NoticeDisplayed':
      return noticed(d as unknown as NoticeDisplayedData, meeting!);
    case 'MotionLodged':
      return lodged(d as unknown as MotionLodgedData, meeting!, view);
    case 'AmendmentProposed':
      return amendment(d as unknown as AmendmentProposedData, meeting!);
    case 'NominationReceived':
      return nomination(d as unknown as NominationReceivedData, meeting!, view, p);
    case 'EgmRequested':
      return requested(d as unknown as EgmRequestedData, view, p);
    case 'AttendanceRecorded':
      return attended(d as unknown as AttendanceRecordedData, meeting!, view, p);
    case 'VoteTaken':
      quorate(meeting!, view, p);
      return voted(d as unknown as VoteTakenData, meeting!, view, p);
    case 'BallotHeld':
      quorate(meeting!, view, p);
      return ballot(d as unknown as BallotHeldData, meeting!, view, p);
    case 'ReportPresented':
      quorate(meeting!, view, p);
      return report(d as unknown as ReportPresentedData, meeting!, view);
    case 'AuditorAppointed':
      return quorate(meeting!, view, p);
  }
}

function called(d: MeetingCalledData, view: MeetingsView): void {
  if (d.date < d.calledOn) {
    throw refuse(
      'LEDGER',
      `the meeting is held on ${d.date}, before it was called (${d.calledOn})`,
      'data.date',
    );
  }
  chairOrVice(
    view,
    d.calledOn,
    d.calledBy,
    'data.calledBy',
    'a general meeting is called by one of them',
  );
}

function noticed(d: NoticeDisplayedData, meeting: MeetingRecord): void {
  if (d.displayedOn > meeting.called.date) {
    throw refuse(
      'LEDGER',
      `the notice is displayed on ${d.displayedOn}, after the meeting (${meeting.called.date})`,
      'data.displayedOn',
    );
  }
  d.motions.forEach((id, i) => {
    if (!meeting.motions[id]) {
      throw refuse(
        'LEDGER',
        `meeting ${d.meetingId} has no motion ${id} lodged to publish`,
        `data.motions[${i}]`,
      );
    }
  });
}

/** PIN-C23: proposed and seconded by two members; a resignation names the post's holder. */
function lodged(d: MotionLodgedData, meeting: MeetingRecord, view: MeetingsView): void {
  if (d.proposer === d.seconder) {
    throw refuse(
      'PIN-C23',
      'a motion is proposed and seconded by two members, not one',
      'data.seconder',
    );
  }
  membersOnly(
    view,
    d.receivedOn,
    [
      [d.proposer, 'data.proposer'],
      [d.seconder, 'data.seconder'],
    ],
    'PIN-C23',
    'a motion is proposed and seconded by members',
  );
  if (d.receivedOn > meeting.called.date) {
    throw refuse(
      'LEDGER',
      `the motion is received on ${d.receivedOn}, after the meeting (${meeting.called.date})`,
      'data.receivedOn',
    );
  }
  if (
    d.kind === 'resignation' &&
    !(view.officersOn(d.receivedOn)[d.post!] ?? []).includes(d.officer!)
  ) {
    throw refuse(
      'PIN-C25',
      `${d.officer} does not hold the post of ${d.post} on ${d.receivedOn}: no resignation to require`,
      'data.officer',
    );
  }
}

/** PIN-C23: an amendment by two members present, before its motion is decided. */
function amendment(d: AmendmentProposedData, meeting: MeetingRecord): void {
  const present = meeting.attendance?.present ?? [];
  if (!meeting.attendance) {
    throw refuse(
      'PIN-C33',
      `an amendment is proposed at the meeting: record meeting ${d.meetingId}'s attendance first`,
      'data.meetingId',
    );
  }
  if (d.proposer === d.seconder) {
    throw refuse(
      'PIN-C23',
      'an amendment is proposed and seconded by two members, not one',
      'data.seconder',
    );
  }
  for (const [who, field] of [
    [d.proposer, 'data.proposer'],
    [d.seconder, 'data.seconder'],
  ] as const) {
    if (!present.includes(who)) {
      throw refuse(
        'PIN-C33',
        `${who} is not present: an amendment is proposed and seconded by members present`,
        field,
      );
    }
  }
  if (meeting.motions[d.motionId]!.vote) {
    throw refuse(
      'PIN-C23',
      `motion ${d.motionId} is decided already: an amendment is decided before its main motion`,
      'data.motionId',
    );
  }
}

/** PIN-C34: signed by 15 members or 10 % of the membership, whichever is smaller. */
function requested(d: EgmRequestedData, view: MeetingsView, p: PinnerMeetingsParams): void {
  const members = view.membersOn(d.receivedOn);
  const signed = [...new Set(d.signatories)];
  membersOnly(
    view,
    d.receivedOn,
    d.signatories.map((s, i) => [s, `data.signatories[${i}]`]),
    'PIN-C34',
    'a request is signed by members',
  );
  const needed = Math.min(p.egmRequest.members, shareOf(members.length, p.egmRequest.percent));
  if (signed.length < needed) {
    throw refuse(
      'PIN-C34',
      `${signed.length} members signed: a request needs ${p.egmRequest.members} or ${p.egmRequest.percent} % of the ${members.length} members (${shareOf(members.length, p.egmRequest.percent)}), whichever is smaller: ${needed}`,
      'data.signatories',
    );
  }
  d.motions.forEach((m, i) => {
    if (m.proposer === m.seconder)
      throw refuse(
        'PIN-C23',
        'a motion is proposed and seconded by two members, not one',
        `data.motions[${i}].seconder`,
      );
    membersOnly(
      view,
      d.receivedOn,
      [
        [m.proposer, `data.motions[${i}].proposer`],
        [m.seconder, `data.motions[${i}].seconder`],
      ],
      'PIN-C23',
      'a motion is proposed and seconded by members',
    );
  });
}

/** PIN-C20, C36: 14 days' notice; PIN-C21: the chair; PIN-C22: members present. */
function attended(
  d: AttendanceRecordedData,
  meeting: MeetingRecord,
  view: MeetingsView,
  p: PinnerMeetingsParams,
): void {
  const date = meeting.called.date;
  const latest = addDays(date, -p.noticeDays);
  const rule = meeting.called.kind === 'egm' ? 'PIN-C36' : 'PIN-C20';
  if (!meeting.notice || meeting.notice.displayedOn > latest) {
    throw refuse(
      rule,
      `${meeting.notice ? `the notice was displayed on ${meeting.notice.displayedOn}` : 'no notice was displayed (NoticeDisplayed)'}: a general meeting on ${date} needs ${p.noticeDays} days' notice (displayed by ${latest}); it cannot sit`,
      'data.meetingId',
    );
  }
  chairOrVice(view, date, d.chair, 'data.chair', 'one of them takes the chair');
  membersOnly(
    view,
    date,
    d.present.map((x, i) => [x, `data.present[${i}]`]),
    'PIN-C22',
    'the attendance counts the members present',
  );
  if (!d.present.includes(d.chair)) {
    throw refuse('PIN-C21', `the chair ${d.chair} is not among those present`, 'data.chair');
  }
}

/** PIN-C22: no business without a quorum. */
function quorate(meeting: MeetingRecord, view: MeetingsView, p: PinnerMeetingsParams): void {
  const q = quorumOf(meeting, view, p);
  if (!q.quorate) throw refuse('PIN-C22', q.because, 'data.meetingId');
}

function voted(
  d: VoteTakenData,
  meeting: MeetingRecord,
  view: MeetingsView,
  p: PinnerMeetingsParams,
): void {
  const voters = votersPresent(meeting, view, p).length;
  const cast = d.for + d.against + d.abstentions;
  if (cast > voters) {
    throw refuse(
      'PIN-C24',
      `${cast} hands counted, but ${voters} members present may vote (the chair does not; a Temporary member has no vote)`,
      'data.for',
    );
  }
  const date = meeting.called.date;
  if (d.amendmentId !== undefined) {
    const a = meeting.amendments[d.amendmentId]!.proposed;
    if (!a.chairAccepts)
      throw refuse(
        meeting.called.kind === 'egm' ? 'PIN-C37' : 'PIN-C33',
        `amendment ${a.amendmentId} was not accepted by the chair: it is not put to the meeting`,
        'data.amendmentId',
      );
    if (meeting.called.kind === 'egm' && !a.proposerAgrees) {
      throw refuse(
        'PIN-C37',
        `amendment ${a.amendmentId}: at an EGM an amendment needs the main motion's proposer's agreement`,
        'data.amendmentId',
      );
    }
    if (meeting.motions[a.motionId]!.vote)
      throw refuse(
        'PIN-C23',
        `motion ${a.motionId} is decided already: its amendments are decided before it`,
        'data.amendmentId',
      );
    return;
  }
  const motion = meeting.motions[d.motionId!]!;
  const published = meeting.notice?.motions.includes(motion.lodged.motionId) ?? false;
  if (!published) {
    throw refuse(
      meeting.called.kind === 'egm' ? 'PIN-C35' : 'PIN-C33',
      `motion ${motion.lodged.motionId} was not published with the notice: it is not taken`,
      'data.motionId',
    );
  }
  if (meeting.called.kind === 'agm') {
    const latest = addDays(date, -p.agmMotionDays);
    if (motion.lodged.receivedOn > latest) {
      throw refuse(
        'PIN-C32',
        `motion ${motion.lodged.motionId} reached the chairman on ${motion.lodged.receivedOn}: an AGM motion arrives ${p.agmMotionDays} days before (by ${latest}); it is not taken`,
        'data.motionId',
      );
    }
  }
  const open = motion.amendments.filter((id) => {
    const a = meeting.amendments[id]!;
    return (
      a.proposed.chairAccepts &&
      !a.vote &&
      (meeting.called.kind !== 'egm' || a.proposed.proposerAgrees)
    );
  });
  if (open.length) {
    throw refuse(
      'PIN-C23',
      `amendment ${open.join(', ')} to motion ${motion.lodged.motionId} is not decided: amendments are decided before the main motion`,
      'data.motionId',
    );
  }
}
