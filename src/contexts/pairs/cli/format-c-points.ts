import type { CPointsView } from '../projection';
import { csv, table, type Format } from '../../../cli/table';
import { withNames } from './format-standings';
import type { PrintedRow } from '../ruleset';

const pct = (hundredths: number) => (hundredths / 100).toFixed(2);

/** One row per player and session, as the club would post them; `explain` lives in the JSON. */
function rowsOf(view: CPointsView) {
  return view.awards.flatMap((s) =>
    s.awards.map((a) => ({
      session: s.session,
      date: s.date,
      field: a.field,
      place: a.place,
      pair: a.competitor,
      player: a.player,
      score: pct(a.score),
      points: a.points,
    })),
  );
}

/** The pairs and players by name, for the table's `names` and `name` columns. */
export interface CPointsNames {
  pairs: Readonly<Record<string, string>>;
  players: Readonly<Record<string, string>>;
}

export function formatCPoints(view: CPointsView, format: Format, names?: CPointsNames): string {
  if (format === 'json') return JSON.stringify(view, null, 2) + '\n';
  const named = (rows: PrintedRow[]) =>
    names
      ? withNames(withNames(rows, names.pairs, ['pair']), names.players, ['player'], 'name')
      : rows;
  const rows = named(rowsOf(view));
  if (format === 'csv') return csv(rows);
  const sessions = view.awards.map((s) => s.session).join(', ') || 'none scored';
  const tables = view.awards
    .map(
      (s) =>
        `${s.date} session ${s.session}: ${s.fields.map((f) => `${f.field} ${f.size} pairs, ${f.places} place(s) ${f.points.join(' / ')}`).join('; ')}${s.fieldsFrom === 'one-field' ? ' (one field: the ledger records no direction)' : ''}; ${s.rulebook ? `rulebook ${s.rulebook.preset} from ${s.rulebook.effectiveFrom}` : s.unawarded}`,
    )
    .join('\n');
  return (
    `${view.name} (${view.competitionId}): C points (NZ-8), sessions ${sessions}; ledger position ${view.position}\n` +
    (tables ? `${tables}\n` : '') +
    `\n${table(rows)}\nTotals\n\n${table(named(view.totals.map((t) => ({ player: t.player, points: t.points, sessions: t.sessions.length }))))}`
  );
}
