import type { DecidedFact } from '../../../kernel/decider';
import { dict } from '../../../kernel/dict';
import type {
  AttendanceRecordedData,
  AuditorAppointedData,
  BallotHeldData,
  ReportPresentedData,
  VoteTakenData,
} from '../facts/business';
import type {
  AmendmentProposedData,
  EgmRequestedData,
  MeetingCalledData,
  MotionLodgedData,
  NominationReceivedData,
  NoticeDisplayedData,
  OfficerRecordedData,
  ConstitutionRecordedData,
} from '../facts/meetings';

/**
 * A club's general meetings folded: each meeting with its notice, motions, amendments,
 * nominations, attendance, votes and ballots in the order recorded; the officers recorded; the
 * members' requests. Nothing is derived here (results, officers in office, quorum): the club's
 * meeting rules derive them. Pure data.
 */
export interface MotionRecord {
  lodged: MotionLodgedData;
  /** Lodged on a members' request for an EGM (PIN-C34) rather than on its own. */
  requestId?: string;
  amendments: string[];
  vote?: VoteTakenData;
}

export interface AmendmentRecord {
  proposed: AmendmentProposedData;
  vote?: VoteTakenData;
}

/** One item of a meeting's business, in the order the minutes record it. */
export type BusinessItem =
  | { kind: 'vote'; vote: VoteTakenData }
  | { kind: 'ballot'; ballot: BallotHeldData }
  | { kind: 'report'; report: ReportPresentedData }
  | { kind: 'auditor'; auditor: AuditorAppointedData };

export interface MeetingRecord {
  called: MeetingCalledData;
  notice?: NoticeDisplayedData;
  motions: Record<string, MotionRecord>;
  amendments: Record<string, AmendmentRecord>;
  nominations: Record<string, NominationReceivedData>;
  attendance?: AttendanceRecordedData;
  business: BusinessItem[];
}

export interface MeetingsState {
  officers: OfficerRecordedData[];
  /** The constitution as recorded (the latest record from its day). */
  constitution: ConstitutionRecordedData[];
  meetings: Record<string, MeetingRecord>;
  /** Meeting ids in the order called. */
  order: string[];
  requests: Record<string, EgmRequestedData>;
}

export const initialMeetingsState = (): MeetingsState => ({
  officers: [],
  constitution: [],
  meetings: dict(),
  order: [],
  requests: dict(),
});

/** Folds one fact of a club's meetings stream (in place). */
export function evolveMeetings(state: MeetingsState, fact: DecidedFact): void {
  const d = fact.data as Record<string, unknown>;
  const meeting = typeof d.meetingId === 'string' ? state.meetings[d.meetingId] : undefined;
  switch (fact.type) {
    case 'OfficerRecorded':
      state.officers.push(d as unknown as OfficerRecordedData);
      return;
    case 'ConstitutionRecorded':
      state.constitution.push(d as unknown as ConstitutionRecordedData);
      return;
    case 'MeetingCalled': {
      const called = d as unknown as MeetingCalledData;
      if (state.meetings[called.meetingId]) return;
      state.meetings[called.meetingId] = {
        called,
        motions: dict(),
        amendments: dict(),
        nominations: dict(),
        business: [],
      };
      state.order.push(called.meetingId);
      // PIN-C34: an EGM on a request takes the request's motions as lodged.
      const request = called.requestId !== undefined ? state.requests[called.requestId] : undefined;
      for (const m of request?.motions ?? []) {
        state.meetings[called.meetingId]!.motions[m.motionId] = {
          lodged: {
            ...m,
            clubId: called.clubId,
            meetingId: called.meetingId,
            receivedOn: request!.receivedOn,
          },
          requestId: request!.requestId,
          amendments: [],
        };
      }
      return;
    }
    case 'EgmRequested': {
      const r = d as unknown as EgmRequestedData;
      state.requests[r.requestId] ??= r;
      return;
    }
  }
  if (!meeting) return;
  switch (fact.type) {
    case 'NoticeDisplayed':
      meeting.notice = d as unknown as NoticeDisplayedData;
      return;
    case 'MotionLodged': {
      const m = d as unknown as MotionLodgedData;
      meeting.motions[m.motionId] ??= { lodged: m, amendments: [] };
      return;
    }
    case 'AmendmentProposed': {
      const a = d as unknown as AmendmentProposedData;
      if (meeting.amendments[a.amendmentId]) return;
      meeting.amendments[a.amendmentId] = { proposed: a };
      meeting.motions[a.motionId]?.amendments.push(a.amendmentId);
      return;
    }
    case 'NominationReceived': {
      const n = d as unknown as NominationReceivedData;
      meeting.nominations[n.nominationId] ??= n;
      return;
    }
    case 'AttendanceRecorded':
      meeting.attendance = d as unknown as AttendanceRecordedData;
      return;
    case 'VoteTaken': {
      const v = d as unknown as VoteTakenData;
      const on =
        v.motionId !== undefined ? meeting.motions[v.motionId] : meeting.amendments[v.amendmentId!];
      if (on && !on.vote) on.vote = v;
      meeting.business.push({ kind: 'vote', vote: v });
      return;
    }
    case 'BallotHeld':
      meeting.business.push({ kind: 'ballot', ballot: d as unknown as BallotHeldData });
      return;
    case 'ReportPresented':
      meeting.business.push({ kind: 'report', report: d as unknown as ReportPresentedData });
      return;
    case 'AuditorAppointed':
      meeting.business.push({ kind: 'auditor', auditor: d as unknown as AuditorAppointedData });
      return;
  }
}

/** The day a fact of the stream is judged on: its own date, or its meeting's. */
export function dayOfMeetingsFact(
  type: string,
  data: Record<string, unknown>,
  state: MeetingsState,
): string | undefined {
  switch (type) {
    case 'OfficerRecorded':
    case 'ConstitutionRecorded':
      return data.from as string;
    case 'MeetingCalled':
      return data.calledOn as string;
    case 'NoticeDisplayed':
      return data.displayedOn as string;
    case 'MotionLodged':
    case 'NominationReceived':
    case 'EgmRequested':
      return data.receivedOn as string;
  }
  const meeting = typeof data.meetingId === 'string' ? state.meetings[data.meetingId] : undefined;
  return meeting?.called.date;
}
