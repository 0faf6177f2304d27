import { Option, type Command } from 'commander';
import { catalogue } from '../../catalogue';
import type { CorrectionLogView } from '../read/correction-log';
import { correctionLogFromStore } from '../read/correction-log';
import { openStore } from '../../../store/open-store';
import { csv, table } from '../../../cli/table';
import { instant, oneMoment, storeOption, tableParam } from '../../../cli/options';

type LogFormat = 'table' | 'json' | 'csv';

/** One line per correction or appeal: its state, when, its deadline, what it is about. */
function rowsOf(view: CorrectionLogView): Array<Record<string, unknown>> {
  return view.entries.map((e) => ({
    kind: e.kind,
    id: e.id,
    state: e.summary,
    at: e.at,
    deadline: e.deadline
      ? `${e.deadline.inclusive ? 'until' : 'before'} ${e.deadline.at}`
      : e.deadlinePending
        ? 'not placed yet'
        : '-',
    rule: e.rule ?? '-',
    about: e.target
      ? `${e.target.type} ${e.target.eventId} (${e.target.streamId})${e.correctedOccurredAt !== undefined ? `, its time corrected to ${e.correctedOccurredAt}` : ''}`
      : e.against?.rulingId !== undefined
        ? `ruling ${e.against.rulingId}${e.against.ruling ? `: ${e.against.ruling}` : ''}`
        : `${e.against?.decision ?? ''} (published ${e.against?.publishedAt ?? '?'})`,
    by: e.by,
    facts: e.facts.map((f) => `${f.type}@${f.position}`).join(' '),
  }));
}

export function formatCorrectionLog(view: CorrectionLogView, format: LogFormat): string {
  if (format === 'json') return JSON.stringify(view, null, 2) + '\n';
  const rows = rowsOf(view);
  if (format === 'csv') return csv(rows);
  return `Corrections and appeals of club ${view.clubId} (deadlines in ${view.timeZone}; ledger position ${view.position})\n\n${table(rows)}`;
}

/**
 * `bridge-ledger corrections <club>`: the correction log — every correction and
 * appeal of the club with its state (pending, accepted, rejected, rejected: late (NZ-13),
 * refused: out of time (LCBA-10.2), upheld, dismissed, escalated …), its deadline and the facts
 * behind it.
 */
export function registerCorrections(program: Command): void {
  program
    .command('corrections <club>')
    .description(
      'The correction log: every correction and appeal of a club, its state (pending, accepted, rejected: late (NZ-13), upheld …), its deadline and the facts behind it',
    )
    .addOption(storeOption())
    .addOption(
      new Option('--format <format>', 'table, json or csv')
        .choices(['table', 'json', 'csv'])
        .default('table'),
    )
    .option('--as-of <instant>', 'as recorded by this instant', instant)
    .option('--at-position <n>', 'as of this ledger position', tableParam('atPosition'))
    .action(
      async (
        clubId: string,
        o: { store: string; format: LogFormat; asOf?: string; atPosition?: number },
      ) => {
        oneMoment(o);
        const store = await openStore(o.store, { upcast: catalogue.upcast, readOnly: true });
        try {
          const view = await correctionLogFromStore(store, clubId, o);
          process.stdout.write(formatCorrectionLog(view, o.format));
        } finally {
          await store.close();
        }
      },
    );
}
