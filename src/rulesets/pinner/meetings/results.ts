// What Pinner's minutes publish, derived: the quorum (C22), a vote's result (C24 to C26), a
// ballot's elected (C28), the meetings due (C27, C34). Pure.
import type { BallotHeldData, VoteTakenData } from '../../../contexts/meetings/facts/business';
import type { MeetingRecord } from '../../../contexts/meetings/domain/state';
import type {
  BallotResult,
  DueBy,
  MeetingsView,
  QuorumJudgement,
  VoteResult,
} from '../../../contexts/meetings/rules';
import { addDays, addMonths } from '../../../contexts/membership/dates';
import { shareOf, type PinnerMeetingsParams } from './params';

/** PIN-C22: 20 members or 20 % of the membership (every class, rounded up), whichever is lower. */
export function quorumOf(
  meeting: MeetingRecord,
  view: Pick<MeetingsView, 'membersOn'>,
  p: PinnerMeetingsParams,
): QuorumJudgement {
  const day = meeting.called.date;
  const members = view.membersOn(day);
  const share = shareOf(members.length, p.quorum.percent);
  const quorum = Math.min(p.quorum.members, share);
  const onRegister = new Set(members.map((m) => m.person));
  const present = (meeting.attendance?.present ?? []).filter((x) => onRegister.has(x)).length;
  return {
    quorum,
    present,
    quorate: present >= quorum,
    rule: 'PIN-C22',
    because: `a quorum of ${p.quorum.members} members or ${p.quorum.percent} % of the ${members.length} on the register on ${day} (${share}), whichever is lower: ${quorum}; ${present} present${present >= quorum ? '' : ': no business may be done'}`,
  };
}

/**
 * Who may vote among those present: members with a vote (reading: a Temporary member has none,
 * PIN-R8 over C22, unless `temporaryVotes`), not the chair (PIN-C24).
 */
export function votersPresent(
  meeting: MeetingRecord,
  view: Pick<MeetingsView, 'membersOn'>,
  p: PinnerMeetingsParams,
): string[] {
  const voting = new Set(
    view
      .membersOn(meeting.called.date)
      .filter((m) => m.class !== 'temporary' || p.temporaryVotes)
      .map((m) => m.person),
  );
  const a = meeting.attendance;
  return (a?.present ?? []).filter((x) => voting.has(x) && x !== a!.chair);
}

/**
 * PIN-C24 to C26: a motion to change the constitution or require a resignation needs two thirds
 * of those present and voting (abstentions not counted, met at exactly two thirds); any other
 * motion, or an amendment, a simple majority of the votes cast (PIN reading of "those
 * attending"). A tie: the chair decides for the status quo, so the motion falls.
 */
export function voteResultOf(
  meeting: MeetingRecord,
  vote: VoteTakenData,
  p: PinnerMeetingsParams,
): VoteResult {
  const kind =
    vote.motionId !== undefined ? meeting.motions[vote.motionId]?.lodged.kind : 'amendment';
  const counted = `${vote.for} for, ${vote.against} against, ${vote.abstentions} abstaining`;
  if (vote.for === vote.against) {
    return {
      passed: false,
      rule: 'PIN-C24',
      because: `${counted}: a tie, the chair decides for the status quo: not carried`,
    };
  }
  if (kind === 'constitution' || kind === 'resignation') {
    const { numerator: n, denominator: d } = p.specialMajority;
    const cast = vote.for + vote.against;
    const passed = vote.for * d >= cast * n;
    return {
      passed,
      rule: 'PIN-C25',
      because: `${counted}: ${kind === 'constitution' ? 'a change of the constitution' : 'a resignation required'} needs ${n}/${d} of the ${cast} present and voting (${Math.ceil((cast * n) / d)}): ${passed ? 'carried' : 'not carried'}`,
    };
  }
  const passed = vote.for > vote.against;
  return {
    passed,
    rule: 'PIN-C26',
    because: `${counted}: a simple majority of the votes cast: ${passed ? 'carried' : 'not carried'}`,
  };
}

/** PIN-C28: the most votes elected, `seats` of them; a tie at the last place by the chair's casting vote. */
export function ballotResultOf(ballot: BallotHeldData): BallotResult {
  const seats = ballot.seats ?? 1;
  const sorted = [...ballot.votes].sort((a, b) => b.votes - a.votes);
  const cut = sorted[seats - 1]?.votes ?? 0;
  const above = sorted.filter((v) => v.votes > cut).map((v) => v.nominee);
  const tied = sorted.filter((v) => v.votes === cut).map((v) => v.nominee);
  const counted = sorted.map((v) => `${v.nominee} ${v.votes}`).join(', ');
  if (above.length + tied.length <= seats) {
    return {
      elected: [...above, ...tied],
      rule: 'PIN-C28',
      because: `${counted}: elected by the most votes`,
    };
  }
  const cast = (ballot.casting ?? []).filter((x) => tied.includes(x));
  return {
    elected: [...above, ...cast.slice(0, seats - above.length)],
    rule: 'PIN-C28',
    because: `${counted}: ${tied.join(' and ')} tied; the chair's casting vote elects ${cast.join(' and ') || 'no one yet'}`,
  };
}

/** PIN-C27: the next AGM is held at most `agmMonths` months after the last. */
export function agmDueByOf(previous: string, p: PinnerMeetingsParams): DueBy {
  const by = addMonths(previous, p.agmMonths);
  return {
    by,
    rule: 'PIN-C27',
    because: `an AGM at least once in every ${p.agmMonths} months: the last on ${previous}, the next by ${by}`,
  };
}

/** PIN-C34: an EGM requested by members is called within `egmCallWithinDays` of the request. */
export function egmDueByOf(receivedOn: string, p: PinnerMeetingsParams): DueBy {
  const by = addDays(receivedOn, p.egmCallWithinDays);
  return {
    by,
    rule: 'PIN-C34',
    because: `an EGM requested on ${receivedOn} is called within ${p.egmCallWithinDays} days: by ${by}`,
  };
}
