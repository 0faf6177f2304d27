import { escapeHtml, html, raw, type Html } from './html';

/** One line of the chart: a pair's (or team's) value after each session, null before it played. */
export interface Series {
  name: string;
  values: Array<number | null>;
}

export interface LineChart {
  id: string;
  title: string;
  /** What the y axis reads (e.g. "running total, %"). */
  yLabel: string;
  /** The x axis: the sessions, in order. */
  sessions: number[];
  series: Series[];
  /** How a value is written in the data table and the tooltips. */
  format: (v: number) => string;
  /** What the x axis counts ('session' unless given: a league's 'match day'). */
  xLabel?: string;
  /** A name for each x value, for the tooltips and the table (a match day's date). */
  xNames?: string[];
  /** Higher is better unless false (a position: 1 at the top). */
  higherIsBetter?: boolean;
}

const PALETTE = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#9467bd',
  '#ff7f0e',
  '#17becf',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
];
const DASHES = ['', '6 3', '2 3'];

const W = 720;
const H = 360;
const PAD = { left: 64, right: 150, top: 40, bottom: 44 };

const num = (n: number) => n.toFixed(1);

/** "Nice" tick values between lo and hi, about `count` of them. */
function ticks(lo: number, hi: number, count = 6): number[] {
  if (lo === hi) return [lo];
  const step0 = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(step0));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= step0) ?? step0;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step / 1e6; v += step) {
    out.push(Number(v.toFixed(10)));
  }
  return out;
}

/**
 * The chart as an SVG written on the server (no script), with its title, and the same
 * numbers as a table in a <details> beside it for a screen reader or a print. Every text in the
 * SVG is escaped: a pair's name is the ledger's.
 */
export function lineChart(c: LineChart): Html {
  const all = c.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const table = dataTable(c);
  if (!all.length || !c.sessions.length) {
    return html`<figure class="chart">
      <figcaption>${c.title}</figcaption>
      <p>No ${c.xLabel ?? 'session'} scored yet: nothing to chart.</p>
    </figure>`;
  }
  let lo = Math.min(...all);
  let hi = Math.max(...all);
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
  const ys = ticks(lo, hi);
  lo = Math.min(lo, ys[0]!);
  hi = Math.max(hi, ys[ys.length - 1]!);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const n = c.sessions.length;
  const x = (i: number) => PAD.left + (n === 1 ? plotW / 2 : (plotW * i) / (n - 1));
  const up = c.higherIsBetter !== false;
  const y = (v: number) => PAD.top + plotH * (up ? (hi - v) / (hi - lo) : (v - lo) / (hi - lo));
  const e = escapeHtml;
  const xl = c.xLabel ?? 'session';
  const xName = (i: number) =>
    c.xNames?.[i] ? `${xl} ${c.sessions[i]} (${c.xNames[i]})` : `${xl} ${c.sessions[i]}`;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-labelledby="${e(c.id)}-title ${e(c.id)}-desc" class="chart-svg">`,
    `<title id="${e(c.id)}-title">${e(c.title)}</title>`,
    `<desc id="${e(c.id)}-desc">${e(c.yLabel)} of each of ${c.series.length} entries after each ${e(xl)}: ${e(c.sessions.join(', '))}; the numbers are in the table below.</desc>`,
    `<text x="${W / 2}" y="22" text-anchor="middle" class="chart-title">${e(c.title)}</text>`,
  );
  for (const t of ys) {
    parts.push(
      `<line x1="${PAD.left}" x2="${PAD.left + plotW}" y1="${num(y(t))}" y2="${num(y(t))}" class="grid"/>`,
      `<text x="${PAD.left - 6}" y="${num(y(t) + 4)}" text-anchor="end" class="tick">${e(c.format(t))}</text>`,
    );
  }
  c.sessions.forEach((s, i) =>
    parts.push(
      `<text x="${num(x(i))}" y="${PAD.top + plotH + 18}" text-anchor="middle" class="tick">${s}</text>`,
    ),
  );
  parts.push(
    `<text x="${PAD.left + plotW / 2}" y="${H - 6}" text-anchor="middle" class="axis-label">${e(xl)}</text>`,
    `<text transform="translate(14 ${PAD.top + plotH / 2}) rotate(-90)" text-anchor="middle" class="axis-label">${e(c.yLabel)}</text>`,
  );
  c.series.forEach((s, k) => {
    const colour = PALETTE[k % PALETTE.length]!;
    const dash = DASHES[Math.floor(k / PALETTE.length) % DASHES.length]!;
    const pts = s.values
      .map((v, i) => (v === null ? undefined : `${num(x(i))},${num(y(v))}`))
      .filter((p): p is string => p !== undefined);
    parts.push(
      `<g class="series"><title>${e(s.name)}</title>`,
      `<polyline points="${pts.join(' ')}" fill="none" stroke="${colour}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
    );
    s.values.forEach((v, i) => {
      if (v === null) return;
      parts.push(
        `<circle cx="${num(x(i))}" cy="${num(y(v))}" r="3" fill="${colour}"><title>${e(s.name)}, ${e(xName(i))}: ${e(c.format(v))}</title></circle>`,
      );
    });
    const ly = PAD.top + 6 + k * 16;
    parts.push(
      `<line x1="${W - PAD.right + 12}" x2="${W - PAD.right + 32}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
      `<text x="${W - PAD.right + 36}" y="${ly + 4}" class="legend">${e(s.name)}</text></g>`,
    );
  });
  parts.push('</svg>');
  return html`<figure class="chart" id="${c.id}">
    ${raw(parts.join('\n'))}
    <figcaption>${c.title}</figcaption>
    ${table}
  </figure>`;
}

function dataTable(c: LineChart): Html {
  const xl = c.xLabel ?? 'session';
  return html`<details class="chart-data">
    <summary>The chart's numbers as a table</summary>
    <table>
      <caption>
        ${c.title}: ${c.yLabel} after each ${xl}
      </caption>
      <thead>
        <tr>
          <th scope="col">entry</th>
          ${c.sessions.map(
            (s, i) =>
              html`<th scope="col">
                ${xl} ${s}${c.xNames?.[i] ? html`<br />${c.xNames[i]}` : ''}
              </th>`,
          )}
        </tr>
      </thead>
      <tbody>
        ${c.series.map(
          (s) =>
            html`<tr>
              <th scope="row">${s.name}</th>
              ${s.values.map((v) => html`<td class="num">${v === null ? '—' : c.format(v)}</td>`)}
            </tr>`,
        )}
      </tbody>
    </table>
  </details>`;
}
