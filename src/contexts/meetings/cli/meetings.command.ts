import { Option, type Command } from 'commander';
import type {
  ConstitutionView,
  MeetingMinutes,
  MeetingsListView,
  MotionMinute,
  OfficersView,
} from '../projection';
import {
  constitutionAt,
  findMeetingClub,
  meetingAt,
  meetingDiffAt,
  meetingWhatIfAt,
  readMeetingsMoment,
  meetingsAt,
  officersAt,
  readMeetingsQuery,
  type MeetingsMoment,
  type MeetingsParam,
  type MinutesChange,
} from '../read';
import { InvalidTableQueryError } from '../../../audit/table-query';
import { withReadStore } from '../../../cli/read-store';
import { csv, table } from '../../../cli/table';
import { cliOption, storeOption } from '../../../cli/options';
import { overrideOption, readOverride } from '../../../cli/commands/diff';
import type { EventStore } from '../../../store/event-store';

type Format = 'table' | 'json' | 'csv';
const CLI: (p: MeetingsParam) => string = cliOption;

function momentOf(o: { asOf?: string; atPosition?: string }) {
  const { value, issues } = readMeetingsQuery(o, CLI);
  if (issues.length > 0) throw new InvalidTableQueryError(issues);
  return value;
}

const withStore = withReadStore;

const formatOption = (choices: Format[]) =>
  new Option('--format <format>', choices.join(', ')).choices(choices).default('table');

export function formatMeetings(v: MeetingsListView, format: Format): string {
  if (format === 'json') return JSON.stringify(v, null, 2) + '\n';
  const rows = v.meetings.map((m) => ({
    meeting: m.meetingId,
    kind: m.kind.toUpperCase(),
    date: m.date,
    time: m.time,
    venue: m.venue,
    flags: m.flags.join('; '),
  }));
  if (format === 'csv') return csv(rows);
  const next = v.calendar.nextAgmBy
    ? `last AGM ${v.calendar.lastAgm}, the next by ${v.calendar.nextAgmBy.by} (${v.calendar.nextAgmBy.rule})`
    : 'no AGM recorded';
  const requests = v.requests.map(
    (r) =>
      `request ${r.requestId} of ${r.receivedOn} (${r.signatories} signatures): ${r.answeredBy ? `answered by ${r.answeredBy}` : 'no meeting called'}${r.dueBy ? `, due by ${r.dueBy.by} (${r.dueBy.rule})` : ''}${r.flags.length ? ` — ${r.flags.join('; ')}` : ''}`,
  );
  return `${v.clubId}: general meetings (${next})\n\n${table(rows)}${requests.length ? `\n${requests.join('\n')}\n` : ''}`;
}

const motionRow = (m: MotionMinute, indent = '') => ({
  item: `${indent}${m.id}`,
  kind: m.kind,
  text: m.section ? `§${m.section}: ${m.newText}` : m.text,
  proposed: `${m.proposer} / ${m.seconder}`,
  vote: m.vote
    ? `${m.vote.for}-${m.vote.against} (${m.vote.abstentions} abst.)`
    : m.published === false
      ? 'not published'
      : '',
  result: m.result ?? '',
  rule: m.rule ?? '',
});

export function formatMeeting(v: MeetingMinutes, format: 'table' | 'json'): string {
  if (format === 'json') return JSON.stringify(v, null, 2) + '\n';
  const lines = [
    `${v.clubId} ${v.kind.toUpperCase()} ${v.meetingId}: ${v.date} ${v.time}, ${v.venue}; called by ${v.calledBy} on ${v.calledOn}${v.requestId ? ` on request ${v.requestId}` : ''}`,
    v.notice
      ? `notice displayed ${v.notice.displayedOn} (${v.notice.daysBefore} days before)`
      : 'no notice displayed',
    v.quorum ? `chair ${v.chair}; ${v.quorum.rule}: ${v.quorum.because}` : 'no attendance recorded',
    ...v.flags,
  ];
  const motions = v.motions.flatMap((m) => [
    motionRow(m),
    ...(m.amendments ?? []).map((a) => motionRow(a, '  ')),
  ]);
  const elections = v.elections.map((e) => ({
    post: e.post,
    elected: e.elected.join(', '),
    rule: e.rule,
    because: e.because,
  }));
  return `${lines.join('\n')}\n\n${motions.length ? table(motions) : ''}${elections.length ? `\n${table(elections)}` : ''}`;
}

export function formatOfficers(v: OfficersView, format: Format): string {
  if (format === 'json') return JSON.stringify(v, null, 2) + '\n';
  const rows = v.posts.map((p) => ({
    post: p.post,
    holders: p.holders.join(', '),
    since: p.since ?? '',
    rule: p.rule ?? '',
    because: p.because ?? '',
  }));
  if (format === 'csv') return csv(rows);
  return `${v.clubId}: officers and committee on ${v.asOf}\n\n${table(rows)}`;
}

export function formatConstitution(v: ConstitutionView, format: 'table' | 'json'): string {
  if (format === 'json') return JSON.stringify(v, null, 2) + '\n';
  const rows = v.sections.map((s) => ({
    section: s.section,
    text: s.text,
    since: s.since,
    history: s.history
      .map(
        (h) => `${h.date} ${h.meetingId}/${h.motionId} ${h.vote.for}-${h.vote.against} (${h.rule})`,
      )
      .join('; '),
  }));
  return `${v.clubId}: the constitution's amended sections on ${v.asOf} (the others as adopted)\n\n${table(rows)}`;
}

/** A value of a change as a person reads it: none blank, a word as it is. */
const shown = (v: unknown) =>
  v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);

/** One line a change of the minutes (a what-if's, a diff's). */
function changeTable(changes: readonly MinutesChange[]): string {
  const rows = changes.map((c) => ({
    subject: c.subject,
    field: c.field,
    from: shown(c.from),
    to: shown(c.to),
    because: c.because ?? '',
  }));
  return rows.length ? table(rows) : 'no change\n';
}

/**
 * A club's general meetings: `meetings <club>` (the meetings, the AGM calendar, the members'
 * requests), `meeting <meetingId>` (its minutes), `officers <club>` (in office on a day) and
 * `constitution <club>` (as amended on a day). Read-only, from the same queries as HTTP.
 */
export function registerMeetings(program: Command): void {
  const moment = (c: Command) =>
    c
      .addOption(storeOption())
      .option(
        '--as-of <when>',
        'a club date YYYY-MM-DD (that day), or an instant (as recorded by then)',
      )
      .option('--at-position <n>', 'as of a ledger position');
  moment(program.command('meeting <meetingId>'))
    .description(
      "A meeting's minutes: notice, attendance and quorum (PIN-C22), each motion and amendment with its result and the rule that decided it, the elections (PIN-C28)",
    )
    .option('--club <clubId>', 'the club whose meeting it is (found in the ledger without it)')
    .addOption(overrideOption())
    .option(
      '--diff-from <moment>',
      'what changed since a moment: a ledger position, a club date or an instant',
    )
    .option('--diff-to <moment>', 'up to a moment (now without it)')
    .addOption(formatOption(['table', 'json']))
    .action(
      async (
        meetingId: string,
        o: {
          store: string;
          club?: string;
          asOf?: string;
          atPosition?: string;
          rulebookOverride?: string;
          diffFrom?: string;
          diffTo?: string;
          format: 'table' | 'json';
        },
      ) => {
        const at = momentOf(o);
        const override = o.rulebookOverride ? readOverride(o.rulebookOverride) : undefined;
        const out = await withStore(o.store, async (s) => {
          const clubId = o.club ?? (await findMeetingClub(s, meetingId));
          if (o.diffFrom !== undefined) {
            const from = readMeetingsMoment(o.diffFrom, 'from', '--diff-from');
            const to =
              o.diffTo === undefined ? {} : readMeetingsMoment(o.diffTo, 'to', '--diff-to');
            const d = await meetingDiffAt(s, clubId, meetingId, from, to);
            if (o.format === 'json') return JSON.stringify(d, null, 2) + '\n';
            return `${d.meetingId} from ${d.from.at} to ${d.to.at}\n${changeTable(d.changes)}`;
          }
          if (!override) return formatMeeting(await meetingAt(s, clubId, meetingId, at), o.format);
          const w = await meetingWhatIfAt(s, clubId, meetingId, override, at);
          if (o.format === 'json') return JSON.stringify(w, null, 2) + '\n';
          return `What-if ${JSON.stringify(w.override)} (nothing stored)\n${formatMeeting(w.whatIf, 'table')}\n${changeTable(w.changes)}`;
        });
        process.stdout.write(out);
      },
    );
  clubCommand(
    'meetings',
    "A club's general meetings, the AGM due next (PIN-C27) and the members' requests for an EGM (PIN-C34)",
    ['table', 'json', 'csv'],
    meetingsAt,
    formatMeetings,
  );
  clubCommand(
    'officers',
    'The officers and committee in office on a day (today without --as-of), each with the election or record it holds by (PIN-C28, C25)',
    ['table', 'json', 'csv'],
    officersAt,
    formatOfficers,
  );
  clubCommand(
    'constitution',
    "The constitution's sections as the club's meetings amended them on a day (PIN-C19, C25), each with its history",
    ['table', 'json'],
    constitutionAt,
    (v, f) => formatConstitution(v, f === 'csv' ? 'table' : f),
  );

  /** A command of one club's answer at a moment, printed as a table, JSON or CSV. */
  function clubCommand<V>(
    name: string,
    description: string,
    formats: Format[],
    read: (store: EventStore, clubId: string, at: MeetingsMoment) => Promise<V>,
    format: (view: V, f: Format) => string,
  ): void {
    moment(program.command(`${name} <club>`))
      .description(description)
      .addOption(formatOption(formats))
      .action(
        async (
          clubId: string,
          o: { store: string; asOf?: string; atPosition?: string; format: Format },
        ) => {
          const at = momentOf(o);
          process.stdout.write(
            format(await withStore(o.store, (s) => read(s, clubId, at)), o.format),
          );
        },
      );
  }
}
