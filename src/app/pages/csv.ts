/**
 * Issue 17: a table as CSV by RFC 4180 — fields with a comma, a quote, CR or LF are quoted and
 * their quotes doubled; lines end CRLF; the first row is the header. A field starting with
 * = + - @ is written as is: the numbers must stay exactly the JSON's (a negative total).
 */
export type CsvValue = string | number | boolean | null | undefined;

function field(v: CsvValue): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((r) => r.map(field).join(',') + '\r\n').join('');
}
