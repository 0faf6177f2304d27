import { Option, type Command } from 'commander';
import type {
  ApplicationsView,
  EventEntriesView,
  PersonHistoryView,
  RegisterView,
  VisitorsView,
} from '../projection';
import type { Because } from '../model';
import { tableMoneyText } from '../visitors';
import {
  applicationsAt,
  memberAt,
  readMembershipQuery,
  registerAt,
  visitorsIn,
  eventEntriesAt,
  type MembershipParam,
} from '../read/membership';
import { InvalidTableQueryError } from '../../../audit/table-query';
import { withReadStore } from '../../../cli/read-store';
import { csv, table } from '../../../cli/table';
import { storeOption } from '../../../cli/options';

type Format = 'table' | 'json' | 'csv';

const CLI: (p: MembershipParam) => string = (p) => (p === 'asOf' ? '--as-of' : `--${p}`);

/** The options as typed, read by the rules HTTP reads its query by (exit 2 when asked wrongly). */
function queryOf(o: { asOf?: string; year?: string }) {
  const { value, issues } = readMembershipQuery(o, CLI);
  if (issues.length > 0) throw new InvalidTableQueryError(issues);
  return value;
}

const rules = (because: readonly Because[]) =>
  because.map((b) => `${b.rule}: ${b.text}`).join('; ');

function registerRows(view: RegisterView): Array<Record<string, unknown>> {
  return view.entries.map((e) => ({
    person: e.person,
    name: e.name,
    standing: e.standing,
    class: e.class ?? '',
    from: e.classFrom ?? '',
    votes: e.votes ? 'yes' : 'no',
    subscription: e.subscription,
    elected: e.electedOn ?? '',
    barred: e.barredForEver ? 'PIN-R9' : '',
    classes: (e.classes ?? []).map((c) => `${c.class} from ${c.from}`).join('; '),
  }));
}

export function formatRegister(view: RegisterView, format: Format): string {
  if (format === 'json') return JSON.stringify(view, null, 2) + '\n';
  const rows = registerRows(view);
  if (format === 'csv') return csv(rows);
  const rulebook = view.rulebook
    ? `rulebook ${view.rulebook.preset} from ${view.rulebook.effectiveFrom}`
    : "pinner-2018's defaults";
  return `${view.clubId}: the register as of ${view.asOf} (${rulebook}; ${view.pending} application(s) pending)\n\n${table(rows)}`;
}

export function formatMember(view: PersonHistoryView, format: 'table' | 'json'): string {
  if (format === 'json') return JSON.stringify(view, null, 2) + '\n';
  const e = view.entry;
  const head = e
    ? `${view.personId} (${view.name}) on ${view.asOf}: ${e.standing}${e.class ? `, ${e.class} from ${e.classFrom}` : ''}, votes ${e.votes ? 'yes' : 'no'}, subscription ${e.subscription}${e.barredForEver ? ', barred for ever (PIN-R9)' : ''}`
    : `${view.personId} (${view.name}) on ${view.asOf}: not on the register`;
  const paying = view.history.some((h) => h.tableMoney);
  const rows = view.history.map((h) => ({
    on: h.on,
    kind: h.kind,
    what: h.type,
    details: Object.entries(h.data)
      .filter(([k]) => k !== 'person')
      .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join(' '),
    // PIN-R12, PIN-R8: what a session played or a seat cost, when the club's rules say.
    ...(paying ? { pays: h.tableMoney ? tableMoneyText(h.tableMoney) : '' } : {}),
    rules: rules(h.because ?? []),
  }));
  return `${head}\n\n${table(rows)}`;
}

export function formatApplications(view: ApplicationsView, format: Format): string {
  if (format === 'json') return JSON.stringify(view, null, 2) + '\n';
  const rows = view.applications.map((a) => ({
    application: a.applicationId,
    person: a.person,
    name: a.name,
    applied: a.appliedOn,
    class: a.classApplied,
    displayed: a.displayedOn ?? '',
    considerFrom: a.considerFrom ?? '',
    proposer: a.proposer ?? '',
    seconder: a.seconder ?? '',
    signedBy: a.signedBy ?? '',
    // PIN-C8: each objection, an invalid one marked with its reason; the count is of valid ones.
    objections: a.objections
      .map(
        (o) =>
          `${o.by} on ${o.on}: ${o.grounds}${o.valid ? '' : ` (not counted: ${o.because!.rule} ${o.because!.text})`}`,
      )
      .join('; '),
    valid: a.validObjections,
  }));
  if (format === 'csv') return csv(rows);
  return `${view.clubId}: applications pending on ${view.asOf}\n\n${table(rows)}`;
}

export function formatEntries(view: EventEntriesView, format: Format): string {
  if (format === 'json') return JSON.stringify(view, null, 2) + '\n';
  const rows = view.entries.map((e) => ({
    on: e.date,
    person: e.person,
    name: e.name,
    as: e.member ? `member${e.class ? ` (${e.class})` : ''}` : 'visitor',
    pays: e.tableMoney ? tableMoneyText(e.tableMoney) : '',
    verdict: e.flagged ? 'flagged' : 'ok',
    rules: rules(e.because),
  }));
  if (format === 'csv') return csv(rows);
  return `${view.clubId}: entries of ${view.eventId} up to ${view.asOf}\n\n${table(rows)}`;
}

export function formatVisitors(view: VisitorsView, format: Format): string {
  if (format === 'json') return JSON.stringify(view, null, 2) + '\n';
  const rows = view.rows.map((r) => ({
    person: r.person,
    name: r.name,
    sessions: r.sessions,
    verdict: r.verdict,
    // The rule that decided the row (PIN-R9 for a bar, PIN-R12 for an under-16), else the limit's.
    rule: r.because[r.because.length - 1]?.rule ?? view.rule,
    visits: r.visits
      .map(
        (v) =>
          `${v.date} #${v.count} ${v.verdict}${v.source.kind === 'SessionPlayedAtClub' ? '' : ` (seated ${v.source.competitionId}/${v.source.session})`}${v.tableMoney ? `, pays ${tableMoneyText(v.tableMoney)}` : ''}`,
      )
      .join('; '),
  }));
  if (format === 'csv') return csv(rows);
  const year =
    view.kind === 'calendar' ? `calendar year ${view.year}` : `club year from ${view.from}`;
  return `${view.clubId}: visitors of the ${year} (${view.rule}: ${view.limit} a year)\n\n${table(rows)}`;
}

const withStore = withReadStore;

const formatOption = (choices: Format[]) =>
  new Option('--format <format>', choices.join(', ')).choices(choices).default('table');

/**
 * A club's membership: `members <club>` (the register as of a day), `member <club>
 * <person>` (one person's history), `applications <club>` (pending on a day) and `visitors
 * <club>` (the visitors of a year, PIN-R10 / NZ-10). Read-only, from the same queries as HTTP.
 */
export function registerMembers(program: Command): void {
  program
    .command('members <club>')
    .description(
      "A club's register as of a day (PIN-R8): standing, class and the day it started, vote, subscription, PIN-R9 bar",
    )
    .addOption(storeOption())
    .option('--as-of <date>', 'the register as of a club date YYYY-MM-DD (today without it)')
    .addOption(formatOption(['table', 'json', 'csv']))
    .action(async (clubId: string, o: { store: string; asOf?: string; format: Format }) => {
      const q = queryOf(o);
      const view = await withStore(o.store, (s) => registerAt(s, clubId, q));
      process.stdout.write(formatRegister(view, o.format));
    });

  program
    .command('member <club> <person>')
    .description(
      "One person's history at a club: every fact, each class derived, every seat, dated",
    )
    .addOption(storeOption())
    .option('--as-of <date>', 'up to a club date YYYY-MM-DD (today without it)')
    .addOption(formatOption(['table', 'json']))
    .action(
      async (
        clubId: string,
        personId: string,
        o: { store: string; asOf?: string; format: 'table' | 'json' },
      ) => {
        const q = queryOf(o);
        const view = await withStore(o.store, (s) => memberAt(s, clubId, personId, q));
        process.stdout.write(formatMember(view, o.format));
      },
    );

  program
    .command('entries <club> <event>')
    .description(
      "The sessions played in one of the club's events, each with the rules' verdicts (PIN-R8: a Restricted member the committee restricted from it) and its table money",
    )
    .addOption(storeOption())
    .option('--as-of <date>', 'up to a club date YYYY-MM-DD (today without it)')
    .addOption(formatOption(['table', 'json', 'csv']))
    .action(
      async (
        clubId: string,
        eventId: string,
        o: { store: string; asOf?: string; format: Format },
      ) => {
        const q = queryOf(o);
        const view = await withStore(o.store, (s) => eventEntriesAt(s, clubId, eventId, q));
        process.stdout.write(formatEntries(view, o.format));
      },
    );

  program
    .command('applications <club>')
    .description(
      'The applications pending on a day: display deadline (PIN-C6/C7), objections, proposer, seconder, signature',
    )
    .addOption(storeOption())
    .option('--as-of <date>', 'pending on a club date YYYY-MM-DD (today without it)')
    .addOption(formatOption(['table', 'json', 'csv']))
    .action(async (clubId: string, o: { store: string; asOf?: string; format: Format }) => {
      const q = queryOf(o);
      const view = await withStore(o.store, (s) => applicationsAt(s, clubId, q));
      process.stdout.write(formatApplications(view, o.format));
    });

  program
    .command('visitors <club>')
    .description(
      "The visitors of a year with their sessions counted and verdicts: PIN-R10 (calendar year) or NZ-10 (club year), as the club's rulebook counts",
    )
    .addOption(storeOption())
    .option(
      '--year <year>',
      'the calendar year, or the club year starting in it (the year of the last session without it)',
    )
    .addOption(formatOption(['table', 'json', 'csv']))
    .action(async (clubId: string, o: { store: string; year?: string; format: Format }) => {
      const q = queryOf(o);
      const view = await withStore(o.store, (s) => visitorsIn(s, clubId, q));
      process.stdout.write(formatVisitors(view, o.format));
    });
}
