import { defused } from '../ledger/csv';

/** How a command prints its answer: a table for the eye, the JSON answer, or CSV rows. */
export type Format = 'table' | 'json' | 'csv';

// Text a spreadsheet would run as a formula gets a leading quote, by the pages' rule (csv.ts).
const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : typeof v === 'string' ? defused(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Rows as a plain-text table: a header, a rule, one line a row ('-' for no value). */
export function table(rows: Array<Record<string, unknown>>): string {
  if (rows.length === 0) return '(no rows)\n';
  const cols = Object.keys(rows[0]);
  const cells = rows.map((r) =>
    cols.map((c) => (r[c] === null || r[c] === undefined ? '-' : String(r[c]))),
  );
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)));
  const line = (vals: string[]) =>
    vals
      .map((v, i) => v.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(cols), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n') + '\n';
}

/** Rows as CSV, a header first; a cell a spreadsheet would run as a formula is defused. */
export function csv(rows: Array<Record<string, unknown>>): string {
  if (rows.length === 0) return '';
  const cols = Object.keys(rows[0]);
  return (
    [cols.join(','), ...rows.map((r) => cols.map((c) => csvCell(r[c])).join(','))].join('\n') + '\n'
  );
}
