/**
 * A table as CSV by RFC 4180 — fields with a comma, a quote, CR or LF are quoted and
 * their quotes doubled; lines end CRLF; the first row is the header.
 *
 * Formula injection: a spreadsheet runs a cell starting with = + - @ (or tab / CR) as a
 * formula, and the public league CSV carries team names a league key set. Such a TEXT field is
 * written with a single quote before it (`'=HYPERLINK(…)`), shown as text. Numbers never are:
 * a negative net IMPs stays -38, equal to the JSON (a number, or text that is one, as `-38`).
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
// A number written as text (`-38`, `+57`, `10.5`), or a lone `-` (the CLI's "none"): no formula.
const NOT_FORMULA = /^([+-]?\d+(\.\d+)?|-)$/;

/** Text a spreadsheet would run as a formula, made plain text by a leading `'` (the CLI's too). */
export function defused(s: string): string {
  return FORMULA_START.test(s) && !NOT_FORMULA.test(s) ? `'${s}` : s;
}

function field(v: CsvValue): string {
  const s = v === null || v === undefined ? '' : typeof v === 'string' ? defused(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((r) => r.map(field).join(',') + '\r\n').join('');
}
