import { Option, type Command } from 'commander';
import type { RubberSessionView } from '../projection';
import {
  readRubberMoment,
  readRubberQuery,
  rubberDiffAt,
  rubberSessionAt,
  rubberWhatIfAt,
  type RubberDiffView,
  type RubberParam,
} from '../read';
import { InvalidTableQueryError } from '../../../audit/table-query';
import { table } from '../../../cli/table';
import { cliOption, storeOption } from '../../../cli/options';
import { withReadStore } from '../../../cli/read-store';
import { overrideOption, readOverride } from '../../../cli/commands/diff';

type Format = 'table' | 'json';
const CLI: (p: RubberParam) => string = cliOption;

/** One evening as the duty member reads it: each table, who waits, who leaves next and why. */
export function formatRubberSession(v: RubberSessionView, format: Format): string {
  if (format === 'json') return JSON.stringify(v, null, 2) + '\n';
  const head = `${v.clubId} rubber bridge ${v.sessionId}: ${v.day}, ${v.kind} session, duty member ${v.dutyMember}; ${v.present} present; as of ${v.at} (${v.rules})`;
  const tables = v.tables.map((t) => {
    const n = t.nextTableUp;
    const next = `${'leave' in n && n.leave.length === 0 ? 'no one leaves: ' : ''}${n.because} (${n.rule})`;
    const status =
      t.status === 'table-up'
        ? `Table Up after rubber ${t.rubbers}`
        : `playing rubber ${t.rubbers + 1}${t.further ? ' (further rubber agreed)' : ''}, ${t.hands} hand(s)${t.endsAtHand !== undefined ? `, ends at hand ${t.endsAtHand} (${t.handRule.rule})` : ''}`;
    const call = t.gameCall
      ? `\nGame Call by table ${t.gameCall.by}: ${t.gameCall.outcome ?? 'awaiting the outcome'}`
      : '';
    const seats = t.seats.map((s) => ({
      unit: s.unit,
      players: s.players.join(', '),
      tenure: s.tenure,
      since: s.since.slice(11, 16),
    }));
    return `table ${t.table}: ${status}${call}\n${table(seats)}next Table Up: ${next}\n`;
  });
  const waiting = v.waiting.length
    ? `waiting: ${v.waiting.map((w) => `${w.unit}${w.qualified ? ' (lost the last cut)' : ''}`).join(', ')}`
    : 'no one waiting';
  const retired = v.retired.map(
    (r) =>
      `retired: ${r.unit} at ${r.at.slice(11, 16)}, may rejoin from ${r.mayRejoinFrom} (${r.rule})`,
  );
  return [head, '', ...tables, waiting, ...retired, ''].join('\n');
}

/** A diff of an evening, one line a change. */
function formatRubberDiff(d: RubberDiffView, format: Format): string {
  if (format === 'json') return JSON.stringify(d, null, 2) + '\n';
  const shown = (v: unknown) => (v === undefined ? '' : JSON.stringify(v));
  const rows = d.changes.map((c) => ({
    subject: c.subject,
    field: c.field,
    from: shown(c.from),
    to: shown(c.to),
  }));
  return `${d.sessionId} from ${d.from.at} to ${d.to.at}\n${rows.length ? table(rows) : 'no change\n'}`;
}

/**
 * `rubber <sessionId>`: an evening's tables at a moment (`--at` a time of the evening, `--as-of`
 * as recorded by an instant, `--at-position`), or under a rulebook override. Read-only.
 */
export function registerRubber(program: Command): void {
  program
    .command('rubber <sessionId>')
    .description(
      "A rubber-bridge evening's tables: who sits where and their tenure, who waits, who leaves at each table's next Table Up and the rule (PIN-R21..R25)",
    )
    .addOption(storeOption())
    .option('--club <clubId>', 'the club whose evening it is (refused when it is another’s)')
    .option('--at <time>', 'a time of the evening (ISO 8601 with a zone): the tables then')
    .option('--as-of <instant>', 'as the ledger had recorded it by an instant')
    .option('--at-position <n>', 'as of a ledger position')
    .addOption(overrideOption())
    .option(
      '--diff-from <moment>',
      'what changed since a moment: a ledger position or an instant (as recorded by then)',
    )
    .option('--diff-to <moment>', 'up to a moment (now without it)')
    .addOption(
      new Option('--format <format>', 'table, json').choices(['table', 'json']).default('table'),
    )
    .action(
      async (
        sessionId: string,
        o: {
          store: string;
          club?: string;
          at?: string;
          asOf?: string;
          atPosition?: string;
          rulebookOverride?: string;
          diffFrom?: string;
          diffTo?: string;
          format: Format;
        },
      ) => {
        const { value: at, issues } = readRubberQuery(o, CLI);
        if (issues.length > 0) throw new InvalidTableQueryError(issues);
        const override = o.rulebookOverride ? readOverride(o.rulebookOverride) : undefined;
        const out = await withReadStore(o.store, async (s) => {
          if (o.diffFrom !== undefined) {
            const from = readRubberMoment(o.diffFrom, 'from', '--diff-from');
            const to = o.diffTo === undefined ? {} : readRubberMoment(o.diffTo, 'to', '--diff-to');
            return formatRubberDiff(await rubberDiffAt(s, o.club, sessionId, from, to), o.format);
          }
          if (!override)
            return formatRubberSession(await rubberSessionAt(s, o.club, sessionId, at), o.format);
          const w = await rubberWhatIfAt(s, o.club, sessionId, override, at);
          if (o.format === 'json') return JSON.stringify(w, null, 2) + '\n';
          return `What-if ${JSON.stringify(w.override)} (nothing stored)\n${formatRubberSession(w.whatIf, 'table')}`;
        });
        process.stdout.write(out);
      },
    );
}
