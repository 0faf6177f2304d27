import { rulebookOverrideOf } from '../../../rulebooks/rulebook-override';
import { InvalidTableQueryError } from '../../../audit/table-query';
import type { Json } from '../../../rulebooks/rulebook';
import type { EventStore } from '../../../store/event-store';
import { meetingMinutesOf, type MeetingMinutes, type MeetingsReadState } from '../projection';
import { meetingsStateAt, type MeetingsMoment } from './meetings';
import { UnknownMeetingError } from '../projection';
import { readTeamsMoment } from '../../teams/read';

const invalid = (field: string, message: string) =>
  new InvalidTableQueryError([{ field, message }]);

/** One number or result of the minutes that the what-if changes. */
export interface MinutesChange {
  /** `quorum`, a motion or amendment id, or `election <post>`. */
  subject: string;
  field: string;
  from: unknown;
  to: unknown;
  because?: string;
}

export interface MeetingWhatIfView {
  override: Record<string, Json>;
  whatIf: MeetingMinutes;
  changes: MinutesChange[];
}

/** An override checked as the club's own amendment is, from the meeting's day. */
function checkOverride(s: MeetingsReadState, clubId: string, day: string, override: unknown) {
  const r = rulebookOverrideOf(
    s.rulebooks[clubId] ?? [],
    day,
    override,
    '{"meetings.quorum.members": 15}',
  );
  if ('issue' in r) throw invalid(r.issue.field, r.issue.message);
  return r.changes;
}

/** What the minutes publish that a different reading can change: the quorum, results, elections. */
function changesBetween(real: MeetingMinutes, whatIf: MeetingMinutes): MinutesChange[] {
  const out: MinutesChange[] = [];
  const push = (subject: string, field: string, from: unknown, to: unknown, because?: string) => {
    if (JSON.stringify(from) !== JSON.stringify(to))
      out.push({ subject, field, from, to, ...(because ? { because } : {}) });
  };
  push('quorum', 'quorum', real.quorum?.quorum, whatIf.quorum?.quorum, whatIf.quorum?.because);
  push('quorum', 'quorate', real.quorum?.quorate, whatIf.quorum?.quorate, whatIf.quorum?.because);
  const items = (m: MeetingMinutes) => m.motions.flatMap((x) => [x, ...(x.amendments ?? [])]);
  const before = new Map(items(real).map((x) => [x.id, x]));
  for (const x of items(whatIf)) {
    const r = before.get(x.id);
    push(x.id, 'result', r?.result, x.result, x.because);
    push(x.id, 'rule', r?.rule, x.rule);
  }
  const elected = (m: MeetingMinutes) => new Map(m.elections.map((e) => [e.post, e.elected]));
  const was = elected(real);
  const now = elected(whatIf);
  for (const post of new Set([...was.keys(), ...now.keys()]))
    push(`election ${post}`, 'elected', was.get(post) ?? [], now.get(post) ?? []);
  return out;
}

/**
 * A what-if of a meeting: its minutes under amended parameters of the club's rulebook (a
 * different quorum reading, another majority), applied from the meeting's day, and what that
 * changes; nothing is stored.
 */
export async function meetingWhatIfAt(
  store: EventStore,
  clubId: string,
  meetingId: string,
  override: unknown,
  at: MeetingsMoment = {},
): Promise<MeetingWhatIfView> {
  const s = await meetingsStateAt(store, clubId, at);
  const real = meetingMinutesOf(s, clubId, meetingId);
  const changes = checkOverride(s, clubId, real.date, override);
  const whatIf = meetingMinutesOf(s, clubId, meetingId, changes);
  return { override: changes, whatIf, changes: changesBetween(real, whatIf) };
}

export interface MeetingDiffView {
  clubId: string;
  meetingId: string;
  from: { at: string };
  to: { at: string };
  changes: MinutesChange[];
}

const said = (m: MeetingsMoment) =>
  m.atPosition !== undefined
    ? `position ${m.atPosition}`
    : m.asOf !== undefined
      ? `as recorded by ${m.asOf}`
      : m.day !== undefined
        ? `as of ${m.day}`
        : 'now';

/**
 * `diff`: what a meeting's minutes publish that changed between two moments (a correction
 * accepted, a vote recorded since): the quorum, each result, each election. A meeting not yet
 * called at `from` is all new.
 */
export async function meetingDiffAt(
  store: EventStore,
  clubId: string,
  meetingId: string,
  from: MeetingsMoment,
  to: MeetingsMoment,
): Promise<MeetingDiffView> {
  const after = meetingMinutesOf(await meetingsStateAt(store, clubId, to), clubId, meetingId);
  let before: MeetingMinutes | undefined;
  try {
    before = meetingMinutesOf(await meetingsStateAt(store, clubId, from), clubId, meetingId);
  } catch (err) {
    if (!(err instanceof UnknownMeetingError)) throw err;
  }
  const empty: MeetingMinutes = { ...after, motions: [], elections: [], quorum: undefined };
  return {
    clubId,
    meetingId,
    from: { at: said(from) },
    to: { at: said(to) },
    changes: changesBetween(before ?? empty, after),
  };
}

/** A diff's moment as written: `now`, a ledger position, a club date or an instant. */
export const readMeetingsMoment = (text: unknown, field: 'from' | 'to', name?: string) =>
  readTeamsMoment(text, field, name) as MeetingsMoment;
