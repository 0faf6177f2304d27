import type { Rulebook } from '../../../rulebooks/rulebook';
import type { Post } from '../facts/scope';
import { POSTS } from '../facts/scope';
import type { MeetingsRules, MeetingsView } from '../rules';
import type { MeetingRecord, MeetingsState } from './state';

/** How a post's holders came to hold it: recorded, elected (by ballot or unopposed), resigned. */
export interface OfficerChange {
  post: Post;
  day: string;
  holders: string[];
  rule: string;
  because: string;
  meetingId?: string;
}

/** What reads a rulebook in force on a day, and the rules it is read by. */
export interface RulesOn {
  rulebookOn(day: string): Rulebook | undefined;
  rulesOn(day: string): MeetingsRules | undefined;
}

/**
 * Every change of the officers and committee, in date order: each one recorded, each AGM's
 * elections (a ballot's elected, or the only valid nominations of an uncontested post: PIN-C28),
 * each resignation a meeting required (PIN-C25). A meeting without a quorum elects and requires
 * nothing (PIN-C22).
 */
export function officerChanges(
  state: MeetingsState,
  view: Pick<MeetingsView, 'membersOn'>,
  on: RulesOn,
  until?: string,
): OfficerChange[] {
  const changes: OfficerChange[] = [];
  const byPost = new Map<Post, string[]>();
  for (const o of state.officers) {
    byPost.set(o.post, [...(byPost.get(o.post) ?? []), o.person]);
    changes.push({
      post: o.post,
      day: o.from,
      holders: [...byPost.get(o.post)!],
      rule: 'PIN-C28',
      because: `recorded in office from ${o.from}`,
    });
  }
  const full: MeetingsView = {
    membersOn: view.membersOn,
    officersOn: (day) => holdersOn(changes, day),
  };
  for (const id of state.order) {
    const meeting = state.meetings[id]!;
    const day = meeting.called.date;
    if (until !== undefined && day > until) continue;
    const rules = on.rulesOn(day);
    const rulebook = on.rulebookOn(day);
    if (!rules || !meeting.attendance) continue;
    if (!rules.quorum(meeting, full, rulebook).quorate) continue;
    if (meeting.called.kind === 'agm') changes.push(...elections(meeting, rules, rulebook));
    changes.push(...resignations(meeting, rules, rulebook, changes));
  }
  return changes.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** The holders of each post on a day: the latest change to each on or before it. */
export function holdersOn(
  changes: readonly OfficerChange[],
  day: string,
): Partial<Record<Post, readonly string[]>> {
  const out: Partial<Record<Post, readonly string[]>> = {};
  for (const c of changes) if (c.day <= day) out[c.post] = c.holders;
  return out;
}

function elections(
  meeting: MeetingRecord,
  rules: MeetingsRules,
  rulebook: Rulebook | undefined,
): OfficerChange[] {
  const out: OfficerChange[] = [];
  const day = meeting.called.date;
  const nominations = Object.values(meeting.nominations);
  for (const post of POSTS) {
    const ballot = meeting.business.find((b) => b.kind === 'ballot' && b.ballot.post === post);
    if (ballot?.kind === 'ballot') {
      const r = rules.ballotResult(ballot.ballot, rulebook);
      out.push({
        post,
        day,
        holders: r.elected,
        rule: r.rule,
        because: r.because,
        meetingId: meeting.called.meetingId,
      });
      continue;
    }
    const nominees = nominations.filter((n) => n.post === post).map((n) => n.nominee);
    const seats = post === 'committee' ? nominees.length : 1;
    if (nominees.length === 0 || nominees.length > seats) continue;
    out.push({
      post,
      day,
      holders: nominees,
      rule: 'PIN-C28',
      because: `elected unopposed at the AGM of ${day} (the only nomination${nominees.length > 1 ? 's' : ''})`,
      meetingId: meeting.called.meetingId,
    });
  }
  return out;
}

function resignations(
  meeting: MeetingRecord,
  rules: MeetingsRules,
  rulebook: Rulebook | undefined,
  changes: readonly OfficerChange[],
): OfficerChange[] {
  const out: OfficerChange[] = [];
  const day = meeting.called.date;
  for (const m of Object.values(meeting.motions)) {
    const { kind, post, officer, motionId } = m.lodged;
    if (kind !== 'resignation' || !m.vote || !post || !officer) continue;
    const result = rules.voteResult(meeting, m.vote, rulebook);
    if (!result.passed) continue;
    const holders = (holdersOn([...changes, ...out], day)[post] ?? []).filter((p) => p !== officer);
    out.push({
      post,
      day,
      holders,
      rule: result.rule,
      because: `${officer}'s resignation required by motion ${motionId} at the meeting of ${day}: ${result.because}`,
      meetingId: meeting.called.meetingId,
    });
  }
  return out;
}
