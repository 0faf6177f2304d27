import type { MeetingRecord } from '../domain/state';
import type { Json } from '../../../rulebooks/rulebook';
import { officerChanges } from '../domain/officers';
import type { QuorumJudgement } from '../rules';
import type { MeetingsReadState } from './state';
import { clubOf, flagsOf, UnknownMeetingError, type ClubMeetings } from './queries';

/** A motion or an amendment as the minutes record it: what was put, and what the meeting decided. */
export interface MotionMinute {
  id: string;
  text: string;
  kind: string;
  proposer: string;
  seconder: string;
  receivedOn?: string;
  /** Whether it was published with the notice (PIN-C32, C35). */
  published?: boolean;
  vote?: { for: number; against: number; abstentions: number };
  /** `no quorum`: put to a meeting without one, it decides nothing (PIN-C22). */
  result?: 'carried' | 'not carried' | 'no quorum';
  rule?: string;
  because?: string;
  amendments?: MotionMinute[];
  /** A constitution change: its section and new text. */
  section?: string;
  newText?: string;
}

/** A meeting's record (the minutes, PIN-C21): attendance, quorum, each item and its result. */
export interface MeetingMinutes {
  clubId: string;
  meetingId: string;
  kind: string;
  date: string;
  time: string;
  venue: string;
  agenda: string[];
  calledBy: string;
  calledOn: string;
  requestId?: string;
  notice?: { displayedOn: string; daysBefore: number; motions: string[] };
  chair?: string;
  present?: number;
  quorum?: QuorumJudgement;
  motions: MotionMinute[];
  nominations: Array<{
    nominationId: string;
    post: string;
    nominee: string;
    proposer: string;
    seconder: string;
    receivedOn: string;
    displayedOn: string;
  }>;
  elections: Array<{ post: string; elected: string[]; rule: string; because: string }>;
  reports: Array<{ report: string; by: string; auditorReport?: boolean }>;
  auditor?: string;
  flags: string[];
  /** The meeting's facts read from an accepted correction (a recount): which, and the original. */
  corrected: Array<{ type: string; correctionId: string; eventId: string }>;
}

const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/** The minutes of one meeting, every result derived by the club's rules of the meeting's day. */
export function meetingMinutesOf(
  s: MeetingsReadState,
  clubId: string,
  meetingId: string,
  override?: Record<string, Json>,
): MeetingMinutes {
  const date = clubOf(s, clubId).state.meetings[meetingId]?.called.date;
  // A what-if: the override as an amendment of the club's from the meeting's day.
  const c = clubOf(s, clubId, override && date ? { changes: override, from: date } : undefined);
  const meeting = c.state.meetings[meetingId];
  if (!meeting) {
    throw new UnknownMeetingError('meetingId', `club ${clubId} has no meeting ${meetingId}`);
  }
  const { called } = meeting;
  const rules = c.on.rulesOn(called.date);
  const rulebook = c.on.rulebookOn(called.date);
  const quorum = rules && meeting.attendance ? rules.quorum(meeting, c.view, rulebook) : undefined;
  const minute = (
    id: string,
    vote: MotionMinute['vote'] | undefined,
    base: Omit<MotionMinute, 'id'>,
  ): MotionMinute => {
    if (!vote || !rules) return { id, ...base };
    if (quorum && !quorum.quorate) {
      return { id, ...base, vote, result: 'no quorum', rule: quorum.rule, because: quorum.because };
    }
    const r = rules.voteResult(meeting, vote as never, rulebook);
    return {
      id,
      ...base,
      vote,
      result: r.passed ? 'carried' : 'not carried',
      rule: r.rule,
      because: r.because,
    };
  };
  const motions = Object.values(meeting.motions).map((m) =>
    minute(m.lodged.motionId, m.vote, {
      text: m.lodged.text,
      kind: m.lodged.kind,
      proposer: m.lodged.proposer,
      seconder: m.lodged.seconder,
      receivedOn: m.lodged.receivedOn,
      published: meeting.notice?.motions.includes(m.lodged.motionId) ?? false,
      ...(m.lodged.section ? { section: m.lodged.section, newText: m.lodged.newText } : {}),
      amendments: m.amendments.map((id) => {
        const a = meeting.amendments[id]!;
        return minute(id, a.vote, {
          text: a.proposed.text,
          kind: 'amendment',
          proposer: a.proposed.proposer,
          seconder: a.proposed.seconder,
        });
      }),
    }),
  );
  const previousAgm = Object.values(c.state.meetings)
    .filter((m) => m.called.kind === 'agm' && m.called.date < called.date)
    .map((m) => m.called.date)
    .sort()
    .pop();
  return {
    clubId,
    meetingId,
    kind: called.kind,
    date: called.date,
    time: called.time,
    venue: called.venue,
    agenda: called.agenda,
    calledBy: called.calledBy,
    calledOn: called.calledOn,
    ...(called.requestId ? { requestId: called.requestId } : {}),
    ...(meeting.notice
      ? {
          notice: {
            displayedOn: meeting.notice.displayedOn,
            daysBefore: daysBetween(meeting.notice.displayedOn, called.date),
            motions: meeting.notice.motions,
          },
        }
      : {}),
    ...(meeting.attendance
      ? { chair: meeting.attendance.chair, present: meeting.attendance.present.length }
      : {}),
    ...(quorum ? { quorum } : {}),
    motions,
    nominations: Object.values(meeting.nominations).map((n) => ({
      nominationId: n.nominationId,
      post: n.post,
      nominee: n.nominee,
      proposer: n.proposer,
      seconder: n.seconder,
      receivedOn: n.receivedOn,
      displayedOn: n.displayedOn,
    })),
    elections: electionsAt(c, meeting),
    reports: meeting.business.flatMap((b) =>
      b.kind === 'report'
        ? [
            {
              report: b.report.report,
              by: b.report.by,
              ...(b.report.auditorReport !== undefined
                ? { auditorReport: b.report.auditorReport }
                : {}),
            },
          ]
        : [],
    ),
    ...auditorOf(meeting),
    flags: flagsOf(c, meeting, called.kind === 'agm' ? previousAgm : undefined),
    corrected: c.facts.flatMap((f) =>
      f.correctedBy && (f.data as { meetingId?: unknown }).meetingId === meetingId
        ? [{ type: f.type, correctionId: f.correctedBy, eventId: f.id }]
        : [],
    ),
  };
}

function auditorOf(meeting: MeetingRecord) {
  const a = meeting.business.find((b) => b.kind === 'auditor');
  return a?.kind === 'auditor' ? { auditor: a.auditor.auditor } : {};
}

/** The elections this meeting made (PIN-C28), as the officers' history records them. */
function electionsAt(c: ClubMeetings, meeting: MeetingRecord) {
  return officerChanges(c.state, c.view, c.on, meeting.called.date)
    .filter((x) => x.meetingId === meeting.called.meetingId)
    .map((x) => ({ post: x.post, elected: x.holders, rule: x.rule, because: x.because }));
}
