import { namedCell, type PairNames } from './names';
import { lineChart, type Series } from '../../../app/pages/chart';
import { toCsv, type CsvValue } from '../../../ledger/csv';
import { cell, hundredths } from '../../../app/pages/format';
import { html, seg, type Html } from '../../../app/pages/html';
import { page } from '../../../app/pages/layout';
import { chooser, momentQuery, momentText } from '../../../app/pages/views/moment';
import { standingsPageOf, type KindView } from './standings-kinds';
import type {
  ButlerRow,
  DsbRow,
  NzRow,
  PageMoment,
  Standings,
} from '../../../app/pages/views/shapes';

export const competitionPath = (clubId: string, competitionId: string) =>
  `/clubs/${seg(clubId)}/competitions/${seg(competitionId)}`;

export type { PairNames } from './names';

export interface StandingsPage {
  view: Standings;
  /** The pairs by their players' names; a pair not in it is shown by its id, said so. */
  names?: PairNames;
  /** The sessions scored from a session stream: each session column links its page. */
  sessionPages?: ReadonlyArray<{ session: number; group?: string; sessionStreamId: string }>;
  clubName: string;
  moment: PageMoment;
  /** How many StandingsPublished facts this competition's standings have. */
  publications: number;
  /** The standings after each session 1 … afterSession (the chart's points). */
  bySession: Standings[];
}

/** A pair as a person reads it: its players' names, the id small beside them (and a tooltip). */
const pairCell = (names: PairNames, id: string, href: string): Html => namedCell(names, id, href);

type Heading = (session: number, group?: string) => Html;

/** A session column's heading: a link to the session's page when it was scored from boards. */
function sessionHeading(p: StandingsPage, session: number, group?: string): Html {
  const link = p.sessionPages?.find(
    (l) => l.session === session && (l.group === undefined || l.group === group),
  );
  return html`<th scope="col" class="num">
    ${
      link
        ? html`<a
            href="/clubs/${seg(p.view.clubId)}/sessions/${seg(link.sessionStreamId)}"
            title="session ${session}: ranking, travellers, scorecards"
            >${session}</a
          >`
        : session
    }
  </th>`;
}

/** A percentage as a column prints it: two decimals, so the column lines up. */
const pct = (n: number) => n.toFixed(2);

/** Where a number of a row is explained: the row's explain view, at the same moment. */
const explainHref = (v: Standings, m: PageMoment, competitor: string, anchor: string) =>
  `${competitionPath(v.clubId, v.competitionId)}/explain/${seg(competitor)}${momentQuery(m)}#${anchor}`;

export function standingsPage(p: StandingsPage): string {
  const v = p.view;
  const heading: Heading = (session, group) => sessionHeading(p, session, group);
  const base = competitionPath(v.clubId, v.competitionId);
  const status = v.final ? 'final' : `interim, after session ${v.afterSession} of ${v.sessions}`;
  const current =
    p.moment.published !== undefined
      ? `published:${p.moment.published}`
      : p.moment.atPosition !== undefined
        ? String(p.moment.atPosition)
        : (p.moment.asOf ?? 'now');
  const earlier = Array.from({ length: p.publications }, (_, i) => i + 1).filter(
    (k) => p.moment.published === undefined || k < p.moment.published,
  );
  const body = html`
    <p class="standing-status">
      Standings <strong data-final="${String(v.final)}">${status}</strong>,
      ${momentText(p.moment, v.position)}. Rulebook ${v.rulebook.preset} (from
      ${v.rulebook.effectiveFrom}). Season ${v.season}.
    </p>
    ${chooser(p.moment, p.publications, v.sessions)}
    <p class="actions">
      <a href="${base}/standings.csv${momentQuery(p.moment)}" download>CSV</a>
      <a
        href="/competitions/${seg(v.competitionId)}/standings${momentQuery({ ...p.moment, published: undefined, atPosition: p.moment.published !== undefined ? v.position : p.moment.atPosition })}"
        >JSON</a
      >
      ${v.kind === 'nz' ? html`<a href="${base}/c-points">C points (NZ-8)</a>` : ''}
    </p>
    ${tables(p, heading)}
    <h2>Changes against earlier published versions</h2>
    ${
      earlier.length
        ? html`<ul class="diffs">
            ${earlier.map(
              (k) =>
                html`<li>
                  <a href="${base}/diff?from=published:${k}&amp;to=${encodeURIComponent(current)}"
                    >diff against published version ${k}</a
                  >
                </li>`,
            )}
          </ul>`
        : html`<p class="note">
            No earlier published version (no StandingsPublished fact for this
            competition${p.moment.published !== undefined ? ' before this one' : ''}).
          </p>`
    }
    <h2>By session</h2>
    ${charts(p)}
  `;
  return page(
    {
      title: v.name,
      crumbs: [[p.clubName, `/clubs/${seg(v.clubId)}`], [v.name]],
    },
    body,
  );
}

/** The page's table: a registered kind's own, else the built-in kind's. */
function tables(p: StandingsPage, heading: Heading): Html {
  const v = p.view;
  const names = p.names ?? {};
  const plugged = standingsPageOf(v);
  if (plugged) {
    return plugged.table(v as KindView, {
      moment: p.moment,
      names,
      heading: (session) => heading(session),
      explainHref: (competitor, anchor) => explainHref(v, p.moment, competitor, anchor),
    });
  }
  if (v.kind === 'nz') return nzTable(v, p.moment, names, heading);
  if (v.kind === 'butler') return butlerTable(v, p.moment, names, heading);
  return dsbTables(v, p.moment, names, heading);
}

function nzTable(
  v: Standings & { kind: 'nz' },
  m: PageMoment,
  names: PairNames,
  heading: Heading,
): Html {
  const sessions = Array.from({ length: v.afterSession }, (_, i) => i + 1);
  return html`<table class="standings" data-kind="nz">
      <caption>
        ${v.name}: place, total of counted scores (%), each session's score (NZ-1 … NZ-9)
      </caption>
      <thead>
        <tr>
          <th scope="col">place</th>
          <th scope="col">pair</th>
          <th scope="col" class="num">total</th>
          ${sessions.map((s) => heading(s))}
          <th scope="col">dropped</th>
          <th scope="col">qualifies</th>
          <th scope="col">prize</th>
        </tr>
      </thead>
      <tbody>
        ${v.rows.map((r) => nzRow(v, m, r, sessions, names))}
      </tbody>
    </table>
    <p class="note">
      Scores and totals in percent, exactly the JSON's hundredths; a dropped score is struck
      through.
    </p>`;
}

function nzRow(v: Standings, m: PageMoment, r: NzRow, sessions: number[], names: PairNames): Html {
  const href = (a: string) => explainHref(v, m, r.competitor, a);
  return html`<tr data-competitor="${r.competitor}">
    <td class="num">${r.place ?? '—'}</td>
    ${pairCell(names, r.competitor, href('row'))}
    <td class="num total">
      <a href="${href('total')}" data-value="${r.total}">${hundredths(r.total)}</a>
    </td>
    ${sessions.map((s) => {
      const x = r.sessions.find((q) => q.session === s);
      if (!x || x.score === undefined) return html`<td class="num">—</td>`;
      return html`<td class="num${x.counted === false ? ' dropped' : ''}">
        <a href="${href(`session-${s}`)}">${hundredths(x.score)}</a>
      </td>`;
    })}
    <td>${cell(r.dropped)}</td>
    <td>${cell(r.qualifies)}</td>
    ${prizeCell(r, href('row'))}
  </tr>`;
}

/** What the pair may win, with the rule that says so (NZ-10, PIN-R13, or what unplaced it). */
function prizeCell(r: NzRow, href: string): Html {
  const p = r.prize;
  if (!p) return html`<td>—</td>`;
  return html`<td class="prize" data-may-win="${p.mayWin}" title="${p.reason}">
    <a href="${href}">${p.mayWin}</a> <span class="rule">${p.rule}</span>
  </td>`;
}

/** DSB-16b: the butler competition's pairs by total IMPs, each session's IMPs linked to why. */
function butlerTable(
  v: Standings & { kind: 'butler' },
  m: PageMoment,
  names: PairNames,
  heading: Heading,
): Html {
  const sessions = Array.from({ length: v.afterSession }, (_, i) => i + 1);
  return html`<table class="standings" data-kind="butler">
    <caption>
      Butler competition${v.final ? ' (final)' : ` after session ${v.afterSession}`}: place, total
      IMPs against the datum (DSB-16b), each session's IMPs (DSB-16c, 16d)
    </caption>
    <thead>
      <tr>
        <th scope="col">place</th>
        <th scope="col">pair</th>
        <th scope="col" class="num">IMPs</th>
        ${sessions.map((s) => heading(s))}
      </tr>
    </thead>
    <tbody>
      ${v.rows.map((r: ButlerRow) => {
        const href = (a: string) => explainHref(v, m, r.pairId, a);
        return html`<tr data-competitor="${r.pairId}">
          <td class="num">${r.place}</td>
          ${pairCell(names, r.pairId, href('row'))}
          <td class="num total">
            <a href="${href('total')}" data-value="${r.total}">${r.total}</a>
          </td>
          ${sessions.map((s) => {
            const x = r.sessions.find((q) => q.session === s);
            return x
              ? html`<td class="num" title="${x.because.rule}: ${x.because.text}">
                  <a href="${href(`session-${s}`)}">${x.imps}</a>
                </td>`
              : html`<td class="num">—</td>`;
          })}
        </tr>`;
      })}
    </tbody>
  </table>`;
}

function dsbTables(
  v: Standings & { kind: 'dsb' },
  m: PageMoment,
  names: PairNames,
  heading: Heading,
): Html {
  return html`${v.groups.map((g) => {
    const sessions = Array.from({ length: g.afterSession }, (_, i) => i + 1);
    return html`<table class="standings" data-kind="dsb" data-group="${g.group}">
      <caption>
        Group ${g.group}${g.final ? ' (final)' : ` after session ${g.afterSession}`}: rank, weighted
        percentage (DSB-7.2), each session's percentage
      </caption>
      <thead>
        <tr>
          <th scope="col">rank</th>
          <th scope="col">pair</th>
          <th scope="col" class="num">%</th>
          ${sessions.map((s) => heading(s, g.group))}
        </tr>
      </thead>
      <tbody>
        ${g.rows.map((r) => dsbRow(v, m, r, sessions, names))}
      </tbody>
    </table>`;
  })}
  ${
    v.nextGroups?.length
      ? html`<h2>Next competition's groups (DSB-8)</h2>
          <table class="next-groups">
            <thead>
              <tr>
                <th scope="col">pair</th>
                <th scope="col">from</th>
                <th scope="col">to</th>
                <th scope="col">move</th>
                <th scope="col">why</th>
              </tr>
            </thead>
            <tbody>
              ${v.nextGroups.map(
                (n) =>
                  html`<tr>
                    <th scope="row">
                      <a
                        href="${explainHref(v, m, n.pairId, 'next-group')}"
                        title="pair ${n.pairId}"
                        >${names[n.pairId] ?? n.pairId}</a
                      >
                    </th>
                    <td>${n.from}</td>
                    <td>${n.to}</td>
                    <td>${n.move}</td>
                    <td>
                      ${n.explain.map((e) => html`<span class="rule">${e.rule}</span> ${e.effect}<br />`)}
                    </td>
                  </tr>`,
              )}
            </tbody>
          </table>`
      : ''
  }`;
}

function dsbRow(
  v: Standings,
  m: PageMoment,
  r: DsbRow,
  sessions: number[],
  names: PairNames,
): Html {
  const href = (a: string) => explainHref(v, m, r.pairId, a);
  return html`<tr data-competitor="${r.pairId}">
    <td class="num"><a href="${href('rank')}">${r.rank}</a></td>
    ${pairCell(names, r.pairId, href('row'))}
    <td class="num total">
      <a href="${href('total')}" data-value="${r.percentage}">${pct(r.percentage)}</a>
    </td>
    ${sessions.map((s) => {
      const x = r.sessions.find((q) => q.session === s);
      if (!x || x.percentage === null || x.percentage === undefined)
        return html`<td class="num">${x ? x.source : '—'}</td>`;
      return html`<td class="num" title="${x.source}">
        <a href="${href(`session-${s}`)}" data-value="${x.percentage}">${pct(x.percentage)}</a
        >${x.source !== 'played' ? html` <small>(${x.source})</small>` : ''}
      </td>`;
    })}
  </tr>`;
}

/** One chart (NZ: the running total of every pair) or one a group (DSB: the running %). */
function charts(p: StandingsPage): Html {
  const v = p.view;
  const label = (id: string) => p.names?.[id] ?? id;
  const sessions = p.bySession.map((s) => s.afterSession);
  const plugged = standingsPageOf(v);
  if (plugged) return plugged.chart(v as KindView, p.bySession as KindView[], label);
  if (v.kind === 'nz') {
    const series: Series[] = v.rows.map((r) => ({
      name: label(r.competitor),
      values: p.bySession.map((s) => {
        const row = s.kind === 'nz' ? s.rows.find((x) => x.competitor === r.competitor) : undefined;
        return row ? row.total / 100 : null;
      }),
    }));
    return lineChart({
      id: 'chart-total',
      title: `${v.name}: running total by session`,
      yLabel: 'total of counted scores, %',
      sessions,
      series,
      format: (n) => n.toFixed(2),
    });
  }
  if (v.kind === 'butler') {
    return lineChart({
      id: 'chart-total',
      title: `${v.name}: running IMPs by session`,
      yLabel: 'total IMPs against the datum (DSB-16b)',
      sessions,
      series: v.rows.map((r) => ({
        name: label(r.pairId),
        values: p.bySession.map((s) =>
          s.kind === 'butler' ? (s.rows.find((x) => x.pairId === r.pairId)?.total ?? null) : null,
        ),
      })),
      format: (n) => n.toFixed(2),
    });
  }
  return html`${v.groups.map((g) =>
    lineChart({
      id: `chart-group-${g.group}`,
      title: `${v.name}, group ${g.group}: running percentage by session`,
      yLabel: 'weighted percentage (DSB-7.2)',
      sessions,
      series: g.rows.map((r) => ({
        name: label(r.pairId),
        values: p.bySession.map((s) => {
          if (s.kind !== 'dsb') return null;
          const row = s.groups.flatMap((x) => x.rows).find((x) => x.pairId === r.pairId);
          return row ? row.percentage : null;
        }),
      })),
      format: (n) => n.toFixed(2),
    }),
  )}`;
}

/** The standings as CSV: a header row, then the JSON's numbers exactly (NZ in hundredths). */
export function standingsCsv(v: Standings, names: PairNames = {}): string {
  const named = (id: string) => (Object.hasOwn(names, id) ? names[id] : undefined);
  const sessions = Array.from({ length: v.afterSession }, (_, i) => `session ${i + 1}`);
  const plugged = standingsPageOf(v);
  if (plugged) return plugged.csv(v as KindView, names);
  if (v.kind === 'nz') {
    return toCsv(
      [
        'place',
        'competitor',
        'names',
        'total',
        ...sessions,
        'counted',
        'dropped',
        'qualifies',
        'prize',
        'prize rule',
      ],
      (v.rows as NzRow[]).map((r): CsvValue[] => [
        r.place,
        r.competitor,
        named(r.competitor),
        r.total,
        ...sessions.map((_, i) => r.sessions.find((s) => s.session === i + 1)?.score),
        r.counted.join(' '),
        r.dropped.join(' '),
        r.qualifies,
        r.prize?.mayWin,
        r.prize?.rule,
      ]),
    );
  }
  if (v.kind === 'butler') {
    return toCsv(
      ['place', 'pairId', 'names', 'imps', ...sessions],
      v.rows.map((r): CsvValue[] => [
        r.place,
        r.pairId,
        named(r.pairId),
        r.total,
        ...sessions.map((_, i) => r.sessions.find((s) => s.session === i + 1)?.imps),
      ]),
    );
  }
  return toCsv(
    ['group', 'rank', 'pairId', 'names', 'percentage', 'exact', ...sessions],
    v.groups.flatMap((g) =>
      g.rows.map((r): CsvValue[] => [
        g.group,
        r.rank,
        r.pairId,
        named(r.pairId),
        r.percentage,
        r.exact,
        ...sessions.map((_, i) => r.sessions.find((s) => s.session === i + 1)?.percentage),
      ]),
    ),
  );
}
