import { buildRulebookHistory } from '../../../rulebooks/rulebook-facts';
import type { Json } from '../../../rulebooks/rulebook';
import type { DecidedFact } from '../../../kernel/decider';
import { foldMembership, membersOn } from '../../membership';
import { holdersOn, officerChanges, type OfficerChange, type RulesOn } from '../domain/officers';
import {
  evolveMeetings,
  initialMeetingsState,
  type MeetingRecord,
  type MeetingsState,
} from '../domain/state';
import type { Post } from '../facts/scope';
import { POSTS } from '../facts/scope';
import { meetingsRulesFor, type DueBy, type MeetingsView } from '../rules';
import type { MeetingsReadState } from './state';

/** A club, or a meeting of it, whose general meetings the ledger does not have (404). */
export class UnknownMeetingError extends Error {
  readonly code = 'UNKNOWN_MEETING';
  constructor(
    readonly field: 'clubId' | 'meetingId',
    message: string,
  ) {
    super(message);
  }

  answer() {
    return { message: this.message, field: this.field };
  }
}

/** A club's meetings folded, with the register and rulebook of any day, and its rules. */
export interface ClubMeetings {
  clubId: string;
  position: number;
  /** The stream's facts as read (a corrected one names its correction). */
  facts: MeetingsReadState['clubs'][string]['meetings'];
  state: MeetingsState;
  view: MeetingsView;
  on: RulesOn;
}

/**
 * A club's meetings folded with its rulebook history; `whatIf` (parameter paths and values)
 * reads it as an amendment of the club's from `whatIf.from`: nothing is stored.
 */
export function clubOf(
  s: MeetingsReadState,
  clubId: string,
  whatIf?: { changes: Record<string, Json>; from: string },
): ClubMeetings {
  const r = s.clubs[clubId];
  if (!r || r.meetings.length === 0) {
    throw new UnknownMeetingError(
      'clubId',
      `the ledger has no general meetings or officers of club ${clubId}`,
    );
  }
  const state = initialMeetingsState();
  for (const f of r.meetings) evolveMeetings(state, f as unknown as DecidedFact);
  const members = foldMembership(r.members);
  const facts = s.rulebooks[clubId] ?? [];
  const history = buildRulebookHistory(
    whatIf
      ? [...facts, { kind: 'amended', changes: whatIf.changes, effectiveFrom: whatIf.from }]
      : facts,
    { unusable: 'skip' },
  );
  const on: RulesOn = {
    rulebookOn: (day) => history.inForce(day),
    rulesOn: (day) => meetingsRulesFor(history.inForce(day)),
  };
  const cache = new Map<string, ReturnType<MeetingsView['membersOn']>>();
  const membersOnDay = (day: string) => {
    let m = cache.get(day);
    if (!m) cache.set(day, (m = membersOn(members, history.inForce(day), day)));
    return m;
  };
  const view: MeetingsView = {
    membersOn: membersOnDay,
    officersOn: (day) =>
      holdersOn(officerChanges(state, { membersOn: membersOnDay }, on, day), day),
  };
  return { clubId, position: r.position, facts: r.meetings, state, view, on };
}

// ---------------------------------------------------------------------------------------------
// The officers in office on a day.

export interface OfficersView {
  clubId: string;
  asOf: string;
  posts: Array<{
    post: Post;
    holders: string[];
    since?: string;
    rule?: string;
    because?: string;
    meetingId?: string;
  }>;
}

/** PIN-C28: each post's holders on a day, with the election (or record) they hold it by. */
export function officersOf(s: MeetingsReadState, clubId: string, asOf: string): OfficersView {
  const c = clubOf(s, clubId);
  const changes = officerChanges(c.state, c.view, c.on, asOf).filter((x) => x.day <= asOf);
  return {
    clubId,
    asOf,
    posts: POSTS.map((post) => {
      const last: OfficerChange | undefined = changes.filter((x) => x.post === post).pop();
      return last
        ? {
            post,
            holders: last.holders,
            since: last.day,
            rule: last.rule,
            because: last.because,
            ...(last.meetingId ? { meetingId: last.meetingId } : {}),
          }
        : { post, holders: [] };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The meetings, the AGM calendar, the members' requests.

export interface MeetingsListView {
  clubId: string;
  position: number;
  meetings: Array<{
    meetingId: string;
    kind: string;
    date: string;
    time: string;
    venue: string;
    flags: string[];
  }>;
  /** PIN-C27: the last AGM and the latest day the next may be held. */
  calendar: { lastAgm?: string; nextAgmBy?: DueBy; overdue?: string };
  /** PIN-C34: each members' request, the day its EGM is due by, the meeting that answered it. */
  requests: Array<{
    requestId: string;
    receivedOn: string;
    signatories: number;
    dueBy?: DueBy;
    answeredBy?: string;
    flags: string[];
  }>;
}

/** The flags a meeting's dates raise: an AGM later than C27 allows, an EGM called late (C34). */
export function flagsOf(
  c: ClubMeetings,
  meeting: MeetingRecord,
  previousAgm: string | undefined,
): string[] {
  const flags: string[] = [];
  const { called } = meeting;
  const rules = c.on.rulesOn(called.date);
  const rulebook = c.on.rulebookOn(called.date);
  if (rules && called.kind === 'agm' && previousAgm !== undefined) {
    const due = rules.agmDueBy(previousAgm, rulebook);
    if (called.date > due.by)
      flags.push(`${due.rule}: held on ${called.date}, later than allowed: ${due.because}`);
  }
  const request = called.requestId !== undefined ? c.state.requests[called.requestId] : undefined;
  if (rules && request) {
    const due = rules.egmDueBy(request.receivedOn, rulebook);
    if (called.calledOn > due.by)
      flags.push(`${due.rule}: called on ${called.calledOn}, late: ${due.because}`);
  }
  return flags;
}

/** A club's meetings in the order called, the AGM calendar and the members' requests (as of a day). */
export function meetingsOf(s: MeetingsReadState, clubId: string, asOf?: string): MeetingsListView {
  const c = clubOf(s, clubId);
  const meetings: MeetingsListView['meetings'] = [];
  const agms = c.state.order
    .map((id) => c.state.meetings[id]!)
    .filter((m) => m.called.kind === 'agm')
    .map((m) => m.called.date)
    .sort();
  for (const id of c.state.order) {
    const m = c.state.meetings[id]!;
    const before = agms.filter((d) => d < m.called.date).pop();
    meetings.push({
      meetingId: id,
      kind: m.called.kind,
      date: m.called.date,
      time: m.called.time,
      venue: m.called.venue,
      flags: flagsOf(c, m, m.called.kind === 'agm' ? before : undefined),
    });
  }
  const lastAgm = asOf !== undefined ? agms.filter((d) => d <= asOf).pop() : agms[agms.length - 1];
  const rules = lastAgm !== undefined ? c.on.rulesOn(lastAgm) : undefined;
  const nextAgmBy =
    lastAgm !== undefined && rules ? rules.agmDueBy(lastAgm, c.on.rulebookOn(lastAgm)) : undefined;
  const requests = Object.values(c.state.requests).map((r) => {
    const ruleset = c.on.rulesOn(r.receivedOn);
    const dueBy = ruleset?.egmDueBy(r.receivedOn, c.on.rulebookOn(r.receivedOn));
    const answeredBy = c.state.order.find(
      (id) => c.state.meetings[id]!.called.requestId === r.requestId,
    );
    const flags: string[] = [];
    if (dueBy && !answeredBy && asOf !== undefined && asOf > dueBy.by)
      flags.push(`${dueBy.rule}: no EGM called by ${dueBy.by}: ${dueBy.because}`);
    return {
      requestId: r.requestId,
      receivedOn: r.receivedOn,
      signatories: new Set(r.signatories).size,
      ...(dueBy ? { dueBy } : {}),
      ...(answeredBy ? { answeredBy } : {}),
      flags,
    };
  });
  return {
    clubId,
    position: c.position,
    meetings,
    calendar: {
      ...(lastAgm ? { lastAgm } : {}),
      ...(nextAgmBy ? { nextAgmBy } : {}),
      // PIN-C27: as of a day past the latest the next AGM may be held, with none held since.
      ...(nextAgmBy && asOf !== undefined && asOf > nextAgmBy.by
        ? {
            overdue: `${nextAgmBy.rule}: no AGM held since ${lastAgm}; the next was due by ${nextAgmBy.by}`,
          }
        : {}),
    },
    requests,
  };
}
