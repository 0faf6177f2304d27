import type { ChampionshipView, SessionResultView } from '../projection';
import type { PublishedStandings } from '../../../audit/published';
import { championshipTable, tableOf } from '../ruleset-registry';
import type { PrintedRow } from '../ruleset';
import { csv, table, type Format } from '../../../cli/table';

export type { Format };

/** Rows as the club would print them, by the table of the standing's rulebook; `explain` lives in the JSON. */
function rowsOf(view: PublishedStandings): PrintedRow[] {
  const printed = tableOf(view.rulebook.preset, view.format)?.printed;
  if (!printed)
    throw new Error(`no printed table for ${view.format} under ${view.rulebook.preset}`);
  return printed(view);
}

/**
 * The rows with each pair's players by name after its id column (`names`), when names are
 * given: empty for a pair none of whose players the roster names.
 */
export function withNames(
  rows: PrintedRow[],
  names: Readonly<Record<string, string>>,
  keys: readonly string[] = ['competitor', 'pair', 'pairId'],
  column = 'names',
): PrintedRow[] {
  return rows.map((row) => {
    const out: PrintedRow = {};
    for (const [k, v] of Object.entries(row)) {
      out[k] = v;
      if (keys.includes(k)) out[column] = Object.hasOwn(names, String(v)) ? names[String(v)]! : '';
    }
    return out;
  });
}

export function formatStandings(
  view: PublishedStandings,
  format: Format,
  names?: Readonly<Record<string, string>>,
): string {
  if (format === 'json') return JSON.stringify(view, null, 2) + '\n';
  const rows = names ? withNames(rowsOf(view), names) : rowsOf(view);
  if (format === 'csv') return csv(rows);
  const state = view.final ? 'final' : `after session ${view.afterSession} of ${view.sessions}`;
  return (
    `${view.name} (${view.competitionId}), ${state}; rulebook ${view.rulebook.preset} from ${view.rulebook.effectiveFrom}; ledger position ${view.position}\n\n` +
    table(rows)
  );
}

export function formatChampionship(
  view: ChampionshipView,
  format: Format,
  names?: Readonly<Record<string, string>>,
): string {
  if (format === 'json') return JSON.stringify(view, null, 2) + '\n';
  // A championship view is only made by the registered table that prints it.
  const printed = championshipTable()!.printed(view);
  const rows = names ? withNames(printed, names) : printed;
  if (format === 'csv') return csv(rows);
  return `Club championship ${view.clubId} ${view.season}: ${view.competitions.join(', ') || 'no finished competition'}\n\n${table(rows)}`;
}

/** A scored session's result: its pairs by field and place. */
export function formatSessionResult(
  view: SessionResultView,
  format: Format,
  names: Readonly<Record<string, string>> = {},
): string {
  if (format === 'json') return JSON.stringify(view, null, 2) + '\n';
  const mp = view.scoringMethod === 'MP';
  const printed = view.pairs.map((p) => ({
    field: p.field,
    place: p.place,
    pair: p.pair,
    [mp ? 'matchpoints' : 'imps']: p.total.toFixed(2),
    ...(mp ? { percentage: p.percentage?.toFixed(2) } : {}),
    boards: p.boardsPlayed,
  }));
  // A session whose facts name no player has no names column (every cell would be empty).
  const rows = Object.keys(names).length
    ? withNames(printed as PrintedRow[], names, ['pair'])
    : (printed as PrintedRow[]);
  if (format === 'csv') return csv(rows);
  const rulebook = view.rulebook
    ? `${view.rulebook.preset} rulebook from ${view.rulebook.effectiveFrom}`
    : 'no rulebook: default scoring settings';
  const section = view.section !== undefined ? `, section ${view.section}` : '';
  return `Session ${view.sessionStreamId} (${view.date}, session ${view.session}${section}): ${view.scoringMethod}, ${rulebook}\n\n${table(rows)}`;
}
