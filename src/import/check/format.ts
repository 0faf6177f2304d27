import type { CheckReport, Comparison } from './check-session';

const fmt = (v: number | undefined, d: number) => (v === undefined ? '—' : v.toFixed(d));
const pad = (s: string, n: number) => s.padStart(n);

const shown = (c: Comparison) => c.ours.toFixed(Math.max(c.decimals, 2) + 2);

const readings = (c: Comparison) =>
  c.reproducedBy?.length ? `; reproduced by ${c.reproducedBy.join(', ')}` : '';

function describe(c: Comparison): string {
  return `${c.what}: ours ${shown(c)}, published ${c.published.toFixed(c.decimals)} (${c.path}${readings(c)})`;
}

const VERDICT: Record<Comparison['explanation'], string> = {
  agrees: 'agrees',
  director: 'set by the director',
  unexplained: 'UNEXPLAINED by the engine',
};

/** The last line of a report: how many of how many published numbers agree. */
export function summaryLine(agreeing: number, all: number, director: number): string {
  const set = director ? ` (${director} set by the director)` : '';
  return agreeing === all
    ? `OK: ${agreeing} of ${all} published numbers agree within their published precision${set}`
    : `MISMATCH: ${agreeing} of ${all} published numbers agree within their published precision${set}; ${all - agreeing} unexplained by the engine`;
}

/**
 * The check's report as text: pairs, datums, then every published number with ours beside it
 * (agrees, set by the director, or unexplained by the engine), the largest difference, and one
 * last line: how many of how many agree within their published precision.
 */
export function formatReport(r: CheckReport): string {
  const out: string[] = [];
  out.push(`${r.session}: ${r.method}`);
  out.push(`conventions: ${r.conventions}`);
  const mp = r.method === 'MP';
  const head = [
    'field',
    '  pair',
    'boards',
    ...(mp ? ['    our %', '    pub %'] : []),
    ' our total',
    ' pub total',
    'our place',
    'pub place',
    '',
  ];
  out.push(head.join('  ').trimEnd());
  for (const p of r.pairs) {
    out.push(
      [
        p.field.padEnd(5),
        pad(p.pair, 6),
        pad(String(p.boardsPlayed), 6),
        ...(mp ? [pad(fmt(p.percentage, 2), 9), pad(fmt(p.published.percentage, 2), 9)] : []),
        pad(fmt(p.total, 2), 10),
        pad(fmt(p.published.total, 2), 10),
        pad(String(p.place), 9),
        pad(p.published.place === undefined ? '—' : String(p.published.place), 9),
        p.agrees ? '' : 'MISMATCH',
      ]
        .join('  ')
        .trimEnd(),
    );
  }
  if (r.datums.length) {
    out.push('butler datums (board: ours / published):');
    const cells = r.datums.map(
      (d) => `${d.board}: ${d.ours}/${d.published ?? '—'}${d.agrees ? '' : ' MISMATCH'}`,
    );
    for (let i = 0; i < cells.length; i += 6) out.push('  ' + cells.slice(i, i + 6).join('   '));
  }
  out.push(`every published number (${r.comparisons.length}): ours beside the published`);
  const width = Math.max(0, ...r.comparisons.map((c) => c.what.length));
  for (const c of r.comparisons) {
    out.push(
      `  ${c.what.padEnd(width)}  ours ${pad(shown(c), 10)}  published ${pad(c.published.toFixed(c.decimals), 8)}  ${VERDICT[c.explanation]}${c.explanation === 'agrees' ? '' : ` (${c.path}${readings(c)})`}`,
    );
  }
  if (r.director.length) {
    out.push(`set by the director, not computed (${r.director.length}):`);
    for (const c of r.director) out.push(`  ${describe(c)}`);
  }
  if (r.mismatches.length) {
    out.push(`unexplained by the engine (${r.mismatches.length}):`);
    for (const c of r.mismatches) out.push(`  ${describe(c)}`);
  }
  if (r.largest)
    out.push(`largest difference: ${r.largest.difference.toFixed(4)} — ${describe(r.largest)}`);
  const agreeing = r.comparisons.filter((c) => c.agrees).length;
  out.push(summaryLine(agreeing, r.comparisons.length, r.director.length));
  return out.join('\n') + '\n';
}

/** Several sessions' reports, and a last line over all of them when there is more than one. */
export function formatReports(reports: CheckReport[]): string {
  const text = reports.map(formatReport).join('\n');
  if (reports.length < 2) return text;
  const all = reports.flatMap((r) => r.comparisons);
  return (
    text +
    '\n' +
    `all ${reports.length} sessions: ` +
    summaryLine(
      all.filter((c) => c.agrees).length,
      all.length,
      all.filter((c) => c.explanation === 'director').length,
    ) +
    '\n'
  );
}
