import type { MeetingsRules, MeetingsView } from '../../../src/contexts/meetings';
import type { MeetingRecord } from '../../../src/contexts/meetings/domain/state';
import type { BallotHeldData, VoteTakenData } from '../../../src/contexts/meetings/facts/business';
import { addDays, addMonths } from '../../../src/contexts/membership/dates';
import { RuleViolation } from '../../../src/kernel/rule-violation';
import type { Preset, Rulebook } from '../../../src/rulebooks/rulebook';
import { riversidePreset } from './riverside-membership';

/**
 * A club's general-meeting rules that live only under test/: Riverside BC's constitution in
 * three more rules, registered in one line by the test that uses them. They prove that another
 * club's constitution is another ruleset, not an edit: nothing under src/ names them.
 *   RIV-4  a general meeting is called by any member, with 7 days' notice (Pinner: the chairman
 *          or vice-chairman, 14 days);
 *   RIV-5  a quorum of 5 members present, whatever the membership;
 *   RIV-6  every motion, the constitution's too, by a simple majority of the votes cast; a tie
 *          falls; a ballot's most votes elect, a tie elects no one; an AGM every 12 months.
 */
const NOTICE_DAYS = 7;
const QUORUM = 5;

const members = (view: Pick<MeetingsView, 'membersOn'>, day: string) =>
  new Set(view.membersOn(day).map((m) => m.person));

function quorum(meeting: MeetingRecord, view: Pick<MeetingsView, 'membersOn'>) {
  const on = members(view, meeting.called.date);
  const present = (meeting.attendance?.present ?? []).filter((p) => on.has(p)).length;
  return {
    quorum: QUORUM,
    present,
    quorate: present >= QUORUM,
    rule: 'RIV-5',
    because: `a quorum of ${QUORUM} members; ${present} present`,
  };
}

export const riversideMeetingsRules: MeetingsRules = {
  name: 'test-riverside-2026-meetings',
  preset: riversidePreset as unknown as Preset,
  appliesTo: (rulebook: Rulebook | undefined) => rulebook?.preset === riversidePreset.id,
  decide(fact, state, view) {
    const d = fact.data as Record<string, unknown>;
    const meeting = typeof d.meetingId === 'string' ? state.meetings[d.meetingId] : undefined;
    if (
      fact.type === 'MeetingCalled' &&
      !members(view, d.calledOn as string).has(d.calledBy as string)
    ) {
      throw new RuleViolation(
        'RIV-4',
        `${String(d.calledBy)} is not a member: a member calls a meeting`,
        'data.calledBy',
      );
    }
    if (fact.type === 'AttendanceRecorded') {
      const latest = addDays(meeting!.called.date, -NOTICE_DAYS);
      if (!meeting!.notice || meeting!.notice.displayedOn > latest) {
        throw new RuleViolation(
          'RIV-4',
          `a general meeting needs ${NOTICE_DAYS} days' notice (displayed by ${latest})`,
          'data.meetingId',
        );
      }
    }
    if (fact.type === 'VoteTaken' || fact.type === 'BallotHeld') {
      const q = quorum(meeting!, view);
      if (!q.quorate) throw new RuleViolation('RIV-5', q.because, 'data.meetingId');
    }
  },
  quorum: (meeting, view) => quorum(meeting, view),
  voteResult(_meeting, vote: VoteTakenData) {
    const passed = vote.for > vote.against;
    return {
      passed,
      rule: 'RIV-6',
      because: `${vote.for} for, ${vote.against} against: ${passed ? 'carried' : 'not carried'}`,
    };
  },
  ballotResult(ballot: BallotHeldData) {
    const sorted = [...ballot.votes].sort((a, b) => b.votes - a.votes);
    const tie = sorted.length > 1 && sorted[0]!.votes === sorted[1]!.votes;
    return {
      elected: tie ? [] : [sorted[0]!.nominee],
      rule: 'RIV-6',
      because: tie ? 'a tie elects no one' : 'the most votes',
    };
  },
  agmDueBy: (previous) => ({
    by: addMonths(previous, 12),
    rule: 'RIV-6',
    because: 'an AGM every 12 months',
  }),
  egmDueBy: (receivedOn) => ({
    by: addDays(receivedOn, 21),
    rule: 'RIV-6',
    because: 'within 21 days',
  }),
};
