import type { DecidedFact } from '../../../kernel/decider';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { ClubContext } from '../../club-context';
import { meetingsRulesFor, type MeetingsView } from '../rules';
import { holdersOn, officerChanges } from './officers';
import { dayOfMeetingsFact, type MeetingsState } from './state';
import { clubOfMeetingsStream } from './streams';
import { membersOnDay } from './register';

const ledger = (reason: string, field: string) => new RuleViolation('LEDGER', reason, field);

/** Facts of one meeting's business: after the attendance, at a meeting of the stream. */
const BUSINESS = new Set(['VoteTaken', 'BallotHeld', 'ReportPresented', 'AuditorAppointed']);
/** What only an AGM does (PIN-C28..C31). */
const AGM_ONLY = new Set([
  'NominationReceived',
  'BallotHeld',
  'ReportPresented',
  'AuditorAppointed',
]);

/** The view of the club the meeting rules read: its register and its officers in office. */
export function meetingsView(
  state: MeetingsState,
  club: ClubContext,
  clubId: string,
): MeetingsView {
  const membersOn = (day: string) => membersOnDay(club, clubId, day);
  const on = {
    rulebookOn: (day: string) => club.rulebookOn(clubId, day),
    rulesOn: (day: string) => meetingsRulesFor(club.rulebookOn(clubId, day)),
  };
  return {
    membersOn,
    officersOn: (day) => holdersOn(officerChanges(state, { membersOn }, on, day), day),
  };
}

/**
 * Decides a proposed fact of a club's meetings stream: what every constitution shares (the
 * club registered, the meeting and what it names recorded, once each, business after the
 * attendance), then the club's meeting rules in force on the fact's own day. Pure.
 */
export function decideMeetingsFact(
  fact: DecidedFact,
  state: MeetingsState,
  club: ClubContext,
  streamId: string,
): DecidedFact[] {
  const clubId = clubOfMeetingsStream(streamId);
  if (!club.isRegistered(clubId)) {
    throw ledger(`club ${clubId} is not registered: register it first`, 'data.clubId');
  }
  const d = fact.data as Record<string, unknown>;
  checkRecorded(fact.type, d, state);
  const day = dayOfMeetingsFact(fact.type, d, state)!;
  const rulebook = club.rulebookOn(clubId, day);
  const rules = meetingsRulesFor(rulebook);
  if (!rules) {
    throw ledger(
      `club ${clubId}'s rulebook in force on ${day} (${rulebook?.preset ?? 'none'}) has no general-meeting rules: its constitution is not a registered ruleset's`,
      'type',
    );
  }
  rules.decide(fact, state, meetingsView(state, club, clubId), rulebook);
  return [fact];
}

/** The ids a fact names: new ones unused, the meeting and the motion it is of recorded. */
function checkRecorded(type: string, d: Record<string, unknown>, state: MeetingsState): void {
  if (type === 'OfficerRecorded') return;
  if (type === 'ConstitutionRecorded') {
    const seen = new Set<string>();
    (d.sections as Array<{ section: string }>).forEach((x, i) => {
      if (seen.has(x.section)) {
        throw ledger(`section ${x.section} is recorded twice`, `data.sections[${i}].section`);
      }
      seen.add(x.section);
    });
    return;
  }
  if (type === 'EgmRequested') {
    if (state.requests[d.requestId as string]) {
      throw ledger(`request ${String(d.requestId)} is recorded already`, 'data.requestId');
    }
    return;
  }
  const meetingId = d.meetingId as string;
  const meeting = state.meetings[meetingId];
  if (type === 'MeetingCalled') {
    if (meeting) throw ledger(`meeting ${meetingId} is called already`, 'data.meetingId');
    const requestId = d.requestId as string | undefined;
    if (requestId === undefined) return;
    if (d.kind !== 'egm') {
      throw ledger(
        'a members’ request is for an extraordinary general meeting: kind egm',
        'data.kind',
      );
    }
    if (!state.requests[requestId]) {
      throw ledger(`no request ${requestId} is recorded (EgmRequested)`, 'data.requestId');
    }
    const answered = state.order.find((id) => state.meetings[id]!.called.requestId === requestId);
    if (answered) {
      throw ledger(
        `request ${requestId} is answered already by meeting ${answered}`,
        'data.requestId',
      );
    }
    return;
  }
  if (!meeting) {
    throw ledger(`no meeting ${meetingId} is called (MeetingCalled)`, 'data.meetingId');
  }
  if (AGM_ONLY.has(type) && meeting.called.kind !== 'agm') {
    throw ledger(
      `meeting ${meetingId} is an EGM: ${type} is an AGM's business (PIN-C28 to C31)`,
      'data.meetingId',
    );
  }
  if (BUSINESS.has(type) && !meeting.attendance) {
    throw ledger(
      `meeting ${meetingId} has no attendance recorded: its business comes after (AttendanceRecorded)`,
      'data.meetingId',
    );
  }
  switch (type) {
    case 'NoticeDisplayed':
      if (meeting.notice)
        throw ledger(`meeting ${meetingId}'s notice is recorded already`, 'data.meetingId');
      return;
    case 'AttendanceRecorded':
      if (meeting.attendance)
        throw ledger(`meeting ${meetingId}'s attendance is recorded already`, 'data.meetingId');
      return;
    case 'MotionLodged':
      if (meeting.motions[d.motionId as string])
        throw ledger(`motion ${String(d.motionId)} is lodged already`, 'data.motionId');
      return;
    case 'AmendmentProposed': {
      if (meeting.amendments[d.amendmentId as string])
        throw ledger(`amendment ${String(d.amendmentId)} is proposed already`, 'data.amendmentId');
      if (!meeting.motions[d.motionId as string])
        throw ledger(`meeting ${meetingId} has no motion ${String(d.motionId)}`, 'data.motionId');
      return;
    }
    case 'NominationReceived':
      if (meeting.nominations[d.nominationId as string])
        throw ledger(
          `nomination ${String(d.nominationId)} is received already`,
          'data.nominationId',
        );
      return;
    case 'VoteTaken': {
      const motion = d.motionId !== undefined ? meeting.motions[d.motionId as string] : undefined;
      const amendment =
        d.amendmentId !== undefined ? meeting.amendments[d.amendmentId as string] : undefined;
      if (d.motionId !== undefined && !motion)
        throw ledger(`meeting ${meetingId} has no motion ${String(d.motionId)}`, 'data.motionId');
      if (d.amendmentId !== undefined && !amendment)
        throw ledger(
          `meeting ${meetingId} has no amendment ${String(d.amendmentId)}`,
          'data.amendmentId',
        );
      if ((motion ?? amendment)!.vote) {
        throw ledger(
          `${d.motionId !== undefined ? `motion ${String(d.motionId)}` : `amendment ${String(d.amendmentId)}`} is voted on already`,
          d.motionId !== undefined ? 'data.motionId' : 'data.amendmentId',
        );
      }
      return;
    }
    case 'BallotHeld': {
      const held = meeting.business.some((b) => b.kind === 'ballot' && b.ballot.post === d.post);
      if (held)
        throw ledger(
          `the ballot for ${String(d.post)} is held already at meeting ${meetingId}`,
          'data.post',
        );
      return;
    }
  }
}
