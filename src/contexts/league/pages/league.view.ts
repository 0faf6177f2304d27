import type { LeagueTableView } from '../projection';
import type { Because, DivisionTable, ScoredFixture, TableRow } from '../model';
import type { FixtureInfo } from '../read/league-pages';
import type { LeagueCitations } from '../rules';
import { lineChart } from '../../../app/pages/chart';
import { toCsv, type CsvValue } from '../../../ledger/csv';
import { html, queryString, seg, type Html } from '../../../app/pages/html';
import { page } from '../../../app/pages/layout';

/**
 * The moment of a league page as asked: `asOf` as given (a club date, the season as
 * of that day; or an instant with a zone, as recorded by then), `atPosition`, `division`.
 */
export interface LeaguePageMoment {
  asOf?: string;
  atPosition?: number;
  division?: number;
}

export const leaguePath = (leagueId: string) => `/leagues/${seg(leagueId)}`;

/** A match's page. The JSON keeps `…/matches/:fixtureId`; the page is `…/fixtures/:fixtureId`. */
export const fixturePath = (leagueId: string, fixtureId: string) =>
  `${leaguePath(leagueId)}/fixtures/${seg(fixtureId)}`;

export const leagueQuery = (m: LeaguePageMoment, withDivision = true) =>
  queryString({
    asOf: m.asOf,
    atPosition: m.atPosition,
    division: withDivision ? m.division : undefined,
  });

/** The moment in words. */
export function leagueMomentText(m: LeaguePageMoment, position: number): string {
  const day = m.asOf !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(m.asOf);
  const when =
    m.asOf === undefined
      ? 'the season so far'
      : day
        ? `the season as of ${m.asOf}`
        : `as recorded by ${m.asOf}`;
  const at =
    m.atPosition !== undefined
      ? `as of ledger position ${m.atPosition}`
      : `now (the league's latest fact at ledger position ${position})`;
  return `${when}, ${at}`;
}

/** The league's plain GET chooser (no script): a date or instant, a position, a division. */
export function leagueChooser(m: LeaguePageMoment, divisions: number[]): Html {
  return html`<form class="chooser" method="get" aria-label="choose the moment">
    <label
      >as of (a club date, or an instant with zone)
      <input name="asOf" value="${m.asOf ?? ''}" placeholder="2009-11-30" size="26"
    /></label>
    <label
      >or at ledger position
      <input name="atPosition" value="${m.atPosition ?? ''}" inputmode="numeric" size="8"
    /></label>
    <label
      >division
      <select name="division">
        <option value="">— (every division)</option>
        ${divisions.map(
          (d) =>
            html`<option value="${d}" ${m.division === d ? html` selected` : ''}>${d}</option>`,
        )}
      </select></label
    >
    <button type="submit">Show</button> <a href="?">now</a>
  </form>`;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export interface LeagueTablePageInput {
  view: LeagueTableView;
  fixtures: Map<string, FixtureInfo>;
  /** Every division of the league (the chooser's), strongest first. */
  divisions: number[];
  /** The tables as of each match day (the chart's points); none: no chart. */
  byDay?: Array<{ day: string; matchDayOf: number[]; divisions: DivisionTable[] }>;
  moment: LeaguePageMoment;
  /** How the page cites the league's rulebook (its tie-break rule). */
  cites: LeagueCitations;
}

const teamName = (v: LeagueTableView, team: string) => v.teams[team]?.name ?? team;

/** Where a number of a team's row is explained, at the same moment. */
const explainHref = (v: LeagueTableView, m: LeaguePageMoment, team: string, anchor: string) =>
  `${leaguePath(v.leagueId)}/explain/${seg(team)}${leagueQuery(m, false)}#${anchor}`;

const fixtureHref = (v: LeagueTableView, m: LeaguePageMoment, fixture: string) =>
  `${fixturePath(v.leagueId, fixture)}${leagueQuery(m, false)}`;

/** `GET /leagues/:leagueId`: every division's table, each number linked to its explanation. */
export function leagueTablePage(p: LeagueTablePageInput): string {
  const v = p.view;
  const base = leaguePath(v.leagueId);
  const title = v.name ?? v.leagueId;
  const body = html`
    <p class="standing-status">
      League tables, ${leagueMomentText(p.moment, v.position)}.
      ${v.rulebook ? html`Rulebook ${v.rulebook.preset} of ${v.rulebook.clubId} (from ${v.rulebook.effectiveFrom}).` : ''}
    </p>
    ${leagueChooser(p.moment, p.divisions)}
    <p class="actions">
      <a href="${base}/table.csv${leagueQuery(p.moment)}" download>CSV</a>
      <a href="${base}/table${leagueQuery(p.moment)}">JSON</a>
      <a href="${base}/correction-log">Correction log</a> (the league's keys)
    </p>
    ${v.divisions.length ? '' : html`<p class="note">No division formed yet.</p>`}
    ${v.divisions.map((d) => divisionSection(v, p, d))}
  `;
  return page({ title, crumbs: [[title]] }, body);
}

function divisionSection(v: LeagueTableView, p: LeagueTablePageInput, d: DivisionTable): Html {
  const { rank } = p.cites;
  const m = p.moment;
  const season = [...p.fixtures.values()].filter((f) => f.division === d.division && !f.virtual);
  const scored = new Map(d.fixtures.map((f) => [f.fixture, f]));
  const virtual = d.fixtures.filter((f) => p.fixtures.get(f.fixture)?.virtual);
  if (!d.rows.length) {
    return html`<section class="division" data-division="${d.division}">
      <h2 id="division-${d.division}">Division ${d.division}</h2>
      <p class="note">No team placed in division ${d.division}.</p>
    </section>`;
  }
  return html`<section class="division" data-division="${d.division}">
    <h2 id="division-${d.division}">Division ${d.division}</h2>
    <table class="league-table" data-division="${d.division}">
      <caption>
        Division ${d.division}: rank (${rank}), played, won, drawn, lost, victory points, net IMPs,
        penalties, tie-break step, promotion or relegation
      </caption>
      <thead>
        <tr>
          <th scope="col" class="num">rank</th>
          <th scope="col">team</th>
          <th scope="col" class="num">played</th>
          <th scope="col" class="num">won</th>
          <th scope="col" class="num">drawn</th>
          <th scope="col" class="num">lost</th>
          <th scope="col" class="num">VP</th>
          <th scope="col" class="num">net IMPs</th>
          <th scope="col" class="num">penalties</th>
          <th scope="col">tie-break</th>
          <th scope="col">move</th>
        </tr>
      </thead>
      <tbody>
        ${d.rows.map((r) => tableRow(v, m, r, p.cites))}
      </tbody>
    </table>
    <h3>Matches of division ${d.division}</h3>
    <table class="fixtures" data-division="${d.division}">
      <thead>
        <tr>
          <th scope="col">match</th>
          <th scope="col" class="num">round</th>
          <th scope="col">scheduled</th>
          <th scope="col">home</th>
          <th scope="col">away</th>
          <th scope="col" class="num">VP</th>
          <th scope="col" class="num">IMPs (home)</th>
        </tr>
      </thead>
      <tbody>
        ${[...season, ...virtual.map((f) => p.fixtures.get(f.fixture)!)].map((f) =>
          fixtureRow(v, m, f, scored.get(f.id), p.cites),
        )}
      </tbody>
    </table>
    ${p.byDay?.length ? divisionChart(v, d, p.byDay) : ''}
  </section>`;
}

/** Each team's VP total as the table gave it on each match day (chart.ts's SVG, no script). */
function divisionChart(
  v: LeagueTableView,
  d: DivisionTable,
  all: NonNullable<LeagueTablePageInput['byDay']>,
): Html {
  const byDay = all.filter((b) => b.matchDayOf.includes(d.division));
  return lineChart({
    id: `chart-division-${d.division}`,
    title: `Division ${d.division}: each team's VP total by match day`,
    yLabel: 'VP total (the table as of the day)',
    xLabel: 'match day',
    sessions: byDay.map((_, i) => i + 1),
    xNames: byDay.map((b) => b.day),
    series: d.rows.map((r) => ({
      name: teamName(v, r.team),
      values: byDay.map(
        (b) =>
          b.divisions.find((x) => x.division === d.division)?.rows.find((x) => x.team === r.team)
            ?.vp ?? null,
      ),
    })),
    format: String,
  });
}

function tableRow(
  v: LeagueTableView,
  m: LeaguePageMoment,
  r: TableRow,
  cites: LeagueCitations,
): Html {
  const href = (a: string) => explainHref(v, m, r.team, a);
  const n = (anchor: string, value: number | string, cls: string, data?: number) =>
    html`<td class="num ${cls}">
      <a href="${href(anchor)}" ${data !== undefined ? html`data-value="${data}"` : ''}>${value}</a>
    </td>`;
  return html`<tr data-team="${r.team}">
    ${n(r.tieBreak ? 'tie-break' : 'row', r.rank, 'rank')}
    <th scope="row"><a href="${href('row')}">${teamName(v, r.team)}</a></th>
    ${n('fixtures', r.played, 'played')} ${n('fixtures', r.won, 'won')}
    ${n('fixtures', r.drawn, 'drawn')} ${n('fixtures', r.lost, 'lost')} ${n('vp', r.vp, 'vp', r.vp)}
    ${n('imps', signed(r.netImps), 'imps', r.netImps)}
    ${n('penalties', r.penalties, 'penalties', r.penalties)}
    <td class="tie-break">
      ${
        r.tieBreak
          ? html`<a href="${href('tie-break')}">${cites.tieBreak.short} (${r.tieBreak.step})</a>`
          : ''
      }
    </td>
    <td class="move">${r.move ? html`<a href="${href('move')}">${r.move}</a>` : ''}</td>
  </tr>`;
}

function fixtureRow(
  v: LeagueTableView,
  m: LeaguePageMoment,
  f: FixtureInfo,
  s: ScoredFixture | undefined,
  cites: LeagueCitations,
): Html {
  const href = fixtureHref(v, m, f.id);
  return html`<tr data-fixture="${f.id}">
    <th scope="row"><a href="${href}">${f.virtual ? `virtual (${cites.virtual})` : f.id}</a></th>
    <td class="num">${f.round}</td>
    <td>${f.scheduled || '—'}</td>
    <td>${teamName(v, f.home)}</td>
    <td>${teamName(v, f.away)}</td>
    <td class="num score">
      ${
        s
          ? html`<a href="${href}">${s.home.vp}–${s.away.vp}</a
              >${s.cancelled ? html` <small>(cancelled, ${cites.cancelled})</small>` : ''}`
          : html`<span class="note">not played</span>`
      }
    </td>
    <td class="num">${s ? signed(s.home.imps) : ''}</td>
  </tr>`;
}

function becauseList(entries: Because[], cls = 'explain'): Html {
  return html`<table class="${cls}">
    <thead>
      <tr>
        <th scope="col">rule</th>
        <th scope="col">why</th>
      </tr>
    </thead>
    <tbody>
      ${entries.map(
        (e) =>
          html`<tr>
            <td class="rule">${e.rule}</td>
            <td>${e.text}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** The rules of a list, in order, once each. */
export const rulesOf = (entries: Because[]) => [...new Set(entries.map((e) => e.rule))];

/**
 * `GET /leagues/:leagueId/explain/:teamId`: one row of a division's table explained — its
 * fixtures and their scores (each linking to the match), the row's rules, the tie-break step.
 * Undefined when the team is in none of the tables shown.
 */
export function leagueExplainPage(p: LeagueTablePageInput, team: string): string | undefined {
  const v = p.view;
  const m = p.moment;
  const division = v.divisions.find((d) => d.rows.some((r) => r.team === team));
  if (!division) return undefined;
  const r = division.rows.find((x) => x.team === team)!;
  const { rule } = p.cites.tieBreak;
  const title = v.name ?? v.leagueId;
  const name = teamName(v, team);
  const own = division.fixtures
    .map((s) => ({ s, f: p.fixtures.get(s.fixture) }))
    .filter(({ f }) => f && (f.home === team || f.away === team));
  const tableHref = `${leaguePath(v.leagueId)}${leagueQuery(m, false)}#division-${division.division}`;
  const body = html`<p class="note">${leagueMomentText(m, v.position)}.</p>
    <p id="row">
      Division ${division.division}, rank <strong class="rank">${r.rank}</strong>: played
      ${r.played}, won ${r.won}, drawn ${r.drawn}, lost ${r.lost};
      <strong id="vp" data-value="${r.vp}">${r.vp} VP</strong>, net IMPs
      <strong id="imps" data-value="${r.netImps}">${signed(r.netImps)}</strong>, penalties
      <strong id="penalties" data-value="${r.penalties}">${r.penalties} VP</strong>.
    </p>
    <h2 id="tie-break">Tie-break (${p.cites.tieBreak.heading})</h2>
    ${
      r.tieBreak
        ? html`<p>
            Level with
            ${r.tieBreak.among
              .filter((t) => t !== team)
              .map((t, i) => html`${i ? ', ' : ''}${teamName(v, t)}`)};
            placed by step <strong class="step">(${r.tieBreak.step})</strong> of ${rule}.
          </p>`
        : html`<p class="note">Not level with another team: no tie-break needed.</p>`
    }
    <h2 id="move">Promotion and relegation</h2>
    <p>
      ${r.move === 'up' ? 'Promoted' : r.move === 'down' ? 'Relegated' : 'Stays in its division'}.
    </p>
    <h2 id="fixtures">Matches and their scores</h2>
    <table class="team-fixtures">
      <thead>
        <tr>
          <th scope="col">match</th>
          <th scope="col" class="num">round</th>
          <th scope="col">opponent</th>
          <th scope="col">at</th>
          <th scope="col" class="num">VP</th>
          <th scope="col" class="num">IMPs</th>
          <th scope="col">how</th>
        </tr>
      </thead>
      <tbody>
        ${own.map(({ s, f }) => {
          const side = f!.home === team ? 'home' : 'away';
          const mine = s[side];
          const other = side === 'home' ? f!.away : f!.home;
          return html`<tr data-fixture="${s.fixture}">
            <th scope="row">
              <a href="${fixtureHref(v, m, s.fixture)}">${f!.virtual ? s.fixture : f!.id}</a>
            </th>
            <td class="num">${f!.round}</td>
            <td>${teamName(v, other)}</td>
            <td>${side}</td>
            <td class="num vp">
              <a href="${fixtureHref(v, m, s.fixture)}">${mine.vp}</a
              >${s.cancelled ? html` <small>(cancelled, ${p.cites.cancelled})</small>` : ''}
            </td>
            <td class="num">${signed(mine.imps)}</td>
            <td>
              ${mine.because.map((b) => html`<span class="rule">${b.rule}</span> ${b.text}<br />`)}
            </td>
          </tr>`;
        })}
      </tbody>
    </table>
    ${
      r.warnings?.length
        ? html`<h2 id="warnings">Warnings (no score: ${p.cites.warnings})</h2>
            <ul class="warnings">
              ${r.warnings.map(
                (w) =>
                  html`<li>
                    <span class="rule">${w.rule}</span> ${w.date}${
                      w.player !== undefined ? html`, player ${w.player}` : ''
                    }:
                    ${w.text}
                  </li>`,
              )}
            </ul>`
        : ''
    }
    <h2>Why: the row's rules</h2>
    <p>
      Rules:
      ${rulesOf(r.because).map((x, i) => html`${i ? ', ' : ''}<span class="rule">${x}</span>`)}
    </p>
    ${becauseList(r.because)}
    <p><a href="${tableHref}">Back to the table</a></p>`;
  return page(
    {
      title: `${name} in ${title}`,
      crumbs: [[title, tableHref], [name]],
    },
    body,
  );
}

/** The tables as CSV: one row a team, the JSON's numbers exactly. */
export function leagueCsv(v: LeagueTableView): string {
  return toCsv(
    [
      'division',
      'rank',
      'team',
      'name',
      'played',
      'won',
      'drawn',
      'lost',
      'vp',
      'netImps',
      'penalties',
      'tieBreak',
      'move',
    ],
    v.divisions.flatMap((d) =>
      d.rows.map((r): CsvValue[] => [
        d.division,
        r.rank,
        r.team,
        teamName(v, r.team),
        r.played,
        r.won,
        r.drawn,
        r.lost,
        r.vp,
        r.netImps,
        r.penalties,
        r.tieBreak?.step,
        r.move,
      ]),
    ),
  );
}
