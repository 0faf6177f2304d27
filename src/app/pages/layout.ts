import { html, type Html, type HtmlValue } from './html';

/** One stylesheet for every page; `@media print` drops the navigation, forms and link styling. */
const STYLE = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #1b1b1b; background: #fff; }
header.site { background: #123c5a; color: #fff; padding: .6em 1.2em; }
header.site a { color: #fff; }
nav.crumbs { font-size: .9em; }
main { padding: 1em 1.2em 3em; max-width: 1200px; }
h1 { font-size: 1.5em; margin: .3em 0 .4em; }
h2 { font-size: 1.2em; margin-top: 1.6em; }
table { border-collapse: collapse; margin: .6em 0; }
caption { text-align: left; font-weight: 600; padding: .3em 0; }
th, td { border: 1px solid #c8ced3; padding: .25em .55em; vertical-align: top; }
thead th { background: #eef2f5; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.dropped { color: #8a8a8a; text-decoration: line-through; }
.rule, td.rule { white-space: nowrap; }
.note { color: #555; font-size: .92em; }
.private { background: #fff6e0; border: 1px solid #e0c080; padding: .1em .4em; font-size: .85em; }
form.chooser { display: flex; flex-wrap: wrap; gap: .6em 1em; align-items: end; padding: .6em;
  background: #f5f7f9; border: 1px solid #dde3e8; }
form.chooser label { display: flex; flex-direction: column; font-size: .88em; }
figure.chart { margin: 1em 0; }
figure.deal { margin: .8em 0 .2em; }
.deal-grid { display: grid; grid-template-columns: repeat(3, max-content); gap: .2em 1.2em; }
.deal-grid .hand div { white-space: nowrap; }
table.traveller, table.scorecard { display: block; max-width: 100%; overflow-x: auto; }
section.board { break-inside: avoid; }
tr.adjustment td { color: #555; font-size: .9em; border-top: 0; }
@media (max-width: 480px) { main { padding: .6em .5em 2em; } th, td { padding: .2em .35em; } }
.chart-svg { max-width: 100%; height: auto; font: 11px system-ui, sans-serif; }
.chart-svg .grid { stroke: #e1e5e9; }
.chart-svg .chart-title { font-size: 14px; font-weight: 600; }
.actions a { margin-right: 1em; }
@media print {
  header.site, nav, form, .actions, .no-print, details.chart-data summary { display: none !important; }
  a { color: inherit; text-decoration: none; }
  main { padding: 0; max-width: none; }
  table { page-break-inside: auto; } tr { page-break-inside: avoid; }
  section.board { page-break-inside: avoid; }
  /* The section's ranking on a page of its own, then its travellers, one board unbroken. */
  section.rankings { break-after: page; }
  th, td { border-color: #888; }
}
`;

export interface PageOptions {
  title: string;
  /** Breadcrumbs: [label, href] from the home page down (the last one is the page itself). */
  crumbs?: Array<[string, string?]>;
  /** Reload the page every so many seconds (a duty member's live view; no script needed). */
  refreshSeconds?: number;
}

export function page(opts: PageOptions, body: HtmlValue): string {
  const crumbs = opts.crumbs ?? [];
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        ${
          opts.refreshSeconds !== undefined
            ? html`<meta http-equiv="refresh" content="${opts.refreshSeconds}" />`
            : ''
        }
        <title>${opts.title} — bridge-ledger</title>
        <style>
          ${STYLE}
        </style>
      </head>
      <body>
        <header class="site">
          <nav class="crumbs" aria-label="breadcrumbs">
            <a href="/">bridge-ledger</a>${crumbs.map(
              ([label, href]) => html` › ${href ? html`<a href="${href}">${label}</a>` : label}`,
            )}
          </nav>
        </header>
        <main>
          <h1>${opts.title}</h1>
          ${body}
        </main>
      </body>
    </html> `.text;
}

/** A refusal as a small page: what was not found, or why it may not be read. */
export function errorPage(status: number, title: string, message: HtmlValue, extra?: Html): string {
  return page(
    { title, crumbs: [[title]] },
    html`<p class="error" data-status="${status}">${message}</p>
      ${extra ?? ''}
      <p><a href="/">All clubs</a></p>`,
  );
}
