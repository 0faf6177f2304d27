// Pinner's AGM business: nominations (PIN-C29), ballots (PIN-C28), the reports (PIN-C30, C31).
import { addDays } from '../../../contexts/membership/dates';
import type {
  BallotHeldData,
  ReportPresentedData,
} from '../../../contexts/meetings/facts/business';
import type { NominationReceivedData } from '../../../contexts/meetings/facts/meetings';
import type { MeetingRecord } from '../../../contexts/meetings/domain/state';
import type { MeetingsView } from '../../../contexts/meetings/rules';
import { membersOnly, refuse } from './checks';
import type { PinnerMeetingsParams } from './params';
import { ballotResultOf, votersPresent } from './results';

/** PIN-C29: received 7 days before, signed by three members, displayed 5 days. */
export function nomination(
  d: NominationReceivedData,
  meeting: MeetingRecord,
  view: MeetingsView,
  p: PinnerMeetingsParams,
): void {
  const date = meeting.called.date;
  const latest = addDays(date, -p.nominationDays);
  if (d.receivedOn > latest) {
    throw refuse(
      'PIN-C29',
      `received on ${d.receivedOn}: a nomination reaches the chairman at least ${p.nominationDays} days before the AGM of ${date} (by ${latest})`,
      'data.receivedOn',
    );
  }
  const roles: Array<[string, string]> = [
    [d.proposer, 'data.proposer'],
    [d.seconder, 'data.seconder'],
    [d.nominee, 'data.nominee'],
  ];
  if (new Set(roles.map(([x]) => x)).size < 3) {
    throw refuse(
      'PIN-C29',
      'a nomination is signed by a proposer, a seconder and the nominee: three members',
      'data.seconder',
    );
  }
  membersOnly(
    view,
    d.receivedOn,
    roles,
    'PIN-C29',
    'the proposer, the seconder and the nominee are members',
  );
  roles.forEach(([who, field]) => {
    if (!d.signedBy.includes(who)) {
      throw refuse(
        'PIN-C29',
        `${who} has not signed the nomination: proposer, seconder and nominee all sign`,
        field,
      );
    }
  });
  const display = addDays(date, -p.nominationDisplayDays);
  if (d.displayedOn < d.receivedOn || d.displayedOn > display) {
    throw refuse(
      'PIN-C29',
      `displayed on ${d.displayedOn}: a nomination is displayed for ${p.nominationDisplayDays} days before the AGM of ${date} (from ${display} at the latest), once received (${d.receivedOn})`,
      'data.displayedOn',
    );
  }
}

/** PIN-C28: a ballot between valid nominations for the post; a tie by the chair's casting vote. */
export function ballot(
  d: BallotHeldData,
  meeting: MeetingRecord,
  view: MeetingsView,
  p: PinnerMeetingsParams,
): void {
  const nominated = Object.values(meeting.nominations)
    .filter((n) => n.post === d.post)
    .map((n) => n.nominee);
  d.votes.forEach((v, i) => {
    if (!nominated.includes(v.nominee))
      throw refuse(
        'PIN-C29',
        `${v.nominee} has no nomination for ${d.post} at this AGM`,
        `data.votes[${i}].nominee`,
      );
  });
  const seats = d.seats ?? 1;
  if (d.post !== 'committee' && seats !== 1)
    throw refuse('PIN-C28', `${d.post} is one officer: seats 1`, 'data.seats');
  if (nominated.length <= seats)
    throw refuse(
      'PIN-C28',
      `${nominated.length} nominated for ${seats} place(s) of ${d.post}: an uncontested post is filled without a ballot`,
      'data.post',
    );
  const voters = votersPresent(meeting, view, p).length;
  const most = Math.max(...d.votes.map((v) => v.votes));
  if (d.votes.reduce((s, v) => s + v.votes, 0) > voters * seats) {
    throw refuse(
      'PIN-C28',
      `more votes than the ${voters} members present who vote have (${seats} each)`,
      'data.votes',
    );
  }
  const r = ballotResultOf({ ...d, casting: undefined });
  const tied = r.elected.length < seats;
  if (tied && !(d.casting ?? []).length)
    throw refuse(
      'PIN-C28',
      `${r.because}: the chair's casting vote decides (casting)`,
      'data.casting',
    );
  if (!tied && d.casting !== undefined)
    throw refuse('PIN-C28', `${r.because}: no tie, no casting vote`, 'data.casting');
  if (tied && ballotResultOf(d).elected.length !== seats)
    throw refuse(
      'PIN-C28',
      `the casting vote names ${d.casting!.join(', ')}, not among the tied with ${most === 0 ? 'no votes' : 'the last place'}`,
      'data.casting',
    );
}

/** PIN-C30: the chairman reports; PIN-C31: the treasurer presents the accounts. */
export function report(d: ReportPresentedData, meeting: MeetingRecord, view: MeetingsView): void {
  const post = d.report === 'chairman' ? 'chairman' : 'treasurer';
  const holders = view.officersOn(meeting.called.date)[post] ?? [];
  if (!holders.includes(d.by)) {
    throw refuse(
      d.report === 'chairman' ? 'PIN-C30' : 'PIN-C31',
      `${d.by} is not the ${post} on ${meeting.called.date} (${holders.join(', ') || 'none in office'})`,
      'data.by',
    );
  }
}
