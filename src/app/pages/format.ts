/**
 * Numbers as the pages show them: exactly the JSON's value, in the unit the CLI prints. NZ
 * scores and totals are hundredths of a percent in the JSON (50574) and shown as 505.74, with
 * no rounding (integer arithmetic); DSB percentages and diffs' numbers are shown as given.
 */
export function hundredths(n: number): string {
  if (!Number.isInteger(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  const a = Math.abs(n);
  return `${sign}${Math.trunc(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** A JSON value of a table cell (a number, a list of session numbers, a flag). */
export function cell(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (Array.isArray(v)) return v.join(' ');
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
