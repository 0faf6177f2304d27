import type { TableDiff } from '../contexts/pairs/projection/diff';
import { csv, table, type Format } from './table';

const cell = (v: unknown): string =>
  v === null || v === undefined
    ? '-'
    : Array.isArray(v)
      ? v.join(' ')
      : typeof v === 'object'
        ? 'preset' in v
          ? `${String((v as { preset: unknown }).preset)} from ${String((v as { effectiveFrom?: unknown }).effectiveFrom)}`
          : JSON.stringify(v)
        : String(v);

const sideOf = (s: TableDiff['from']) => {
  const at = typeof s.at === 'string' ? s.at : `position ${s.position}`;
  const rules = typeof s.rules === 'string' ? `, ${s.rules}` : '';
  return `${at} (ledger position ${s.position}${rules})`;
};

/** The changes of a diff, one line each, with the rules and facts behind each. */
export function formatDiff(diff: TableDiff, format: Format): string {
  if (format === 'json') return JSON.stringify(diff, null, 2) + '\n';
  const rows = diff.changes.map((c) => ({
    subject: c.subject,
    group: c.group ?? null,
    field: c.field,
    from: cell(c.from),
    to: cell(c.to),
    rules: (c.rules.join(' ') || '-') + (c.via ? ` (via ${c.via.join(' ')})` : ''),
    facts: c.facts.join(' ') || null,
  }));
  if (format === 'csv') return csv(rows);
  const head = `${diff.table} of ${diff.subject}: ${sideOf(diff.from)} → ${sideOf(diff.to)}: ${
    diff.changes.length === 0 ? 'no change' : `${diff.changes.length} change(s)`
  }\n`;
  return diff.changes.length === 0 ? head : `${head}\n${table(rows)}`;
}
