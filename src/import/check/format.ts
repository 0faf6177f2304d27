import type { CheckReport, Comparison } from './check-session';

const fmt = (v: number | undefined, d: number) => (v === undefined ? '—' : v.toFixed(d));
const pad = (s: string, n: number) => s.padStart(n);

function describe(c: Comparison): string {
  const d = Math.max(c.decimals, 2);
  return `${c.what}: ours ${c.ours.toFixed(d + 2)}, published ${c.published.toFixed(c.decimals)} (${c.path})`;
}

/** The check's report as text: pairs, datums, mismatches and the largest difference. */
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
  const td = mp ? 2 : 2;
  for (const p of r.pairs) {
    out.push(
      [
        p.field.padEnd(5),
        pad(p.pair, 6),
        pad(String(p.boardsPlayed), 6),
        ...(mp ? [pad(fmt(p.percentage, 2), 9), pad(fmt(p.published.percentage, 2), 9)] : []),
        pad(fmt(p.total, td), 10),
        pad(fmt(p.published.total, td), 10),
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
  if (r.mismatches.length) {
    out.push(`mismatches (${r.mismatches.length}):`);
    for (const c of r.mismatches) out.push(`  ${describe(c)}`);
  }
  if (r.largest)
    out.push(`largest difference: ${r.largest.difference.toFixed(4)} — ${describe(r.largest)}`);
  out.push(
    r.ok
      ? `OK: ${r.comparisons.length} published numbers agree to their printed decimals`
      : `MISMATCH: ${r.mismatches.length} of ${r.comparisons.length} published numbers differ beyond rounding`,
  );
  return out.join('\n') + '\n';
}
