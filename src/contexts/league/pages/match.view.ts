import type { LeagueMatchView } from '../projection';
import type { LeagueCitations } from '../rules';
import type {
  Because,
  BoardScore,
  MatchBoardsInput,
  MatchInput,
  SideScore,
  TableNo,
} from '../model';
import { html, seg, type Html } from '../../../app/pages/html';
import { page } from '../../../app/pages/layout';
import {
  leagueMomentText,
  leaguePath,
  leagueQuery,
  rulesOf,
  type LeaguePageMoment,
} from './league.view';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const TABLES: TableNo[] = [1, 2, 3, 4];

/** A match's status in words: the rulebook's for a match not played as scheduled. */
const statusOf = (status: LeagueMatchView['status'], cites: LeagueCitations): string =>
  ({
    played: 'played',
    'not played': 'not played yet',
    unplayed: cites.status.unplayed,
    'lost by default': cites.status.lostByDefault,
    virtual: cites.status.virtual,
  })[status];

function becauseRules(entries: Because[]): Html {
  return html`${entries.map((b) => html`<span class="rule">${b.rule}</span> ${b.text}<br />`)}`;
}

/** Each table's North-South score of a board, and where the home pair sat (as recorded). */
function boardsTable(
  v: LeagueMatchView,
  boards: BoardScore[],
  imps: string,
  recorded?: MatchInput,
): Html {
  const input = recorded?.kind === 'boards' ? recorded : undefined;
  const form = recorded?.kind === 'result-form' ? recorded.homeImps : undefined;
  const cellOf = (board: number, t: TableNo) => {
    const r = input?.results.find((x) => x.board === board && x.table === t);
    const fouled = input?.fouled.find((x) => x.board === board && x.table === t);
    if (!r) return html`<td class="num">${fouled ? 'fouled' : '—'}</td>`;
    return html`<td class="num" title="home sat ${r.homeSits}">
      ${r.nsScore} <small>(home ${r.homeSits})</small>${fouled ? html` <small>fouled</small>` : ''}
    </td>`;
  };
  return html`<table class="boards">
    <caption>
      Board by board:
      ${input ? "each table's North-South score, " : ''}${form ? "the captains' result form, " : ''}the
      home team's net aggregate and IMPs (${imps}), and the rules applied
    </caption>
    <thead>
      <tr>
        <th scope="col" class="num">board</th>
        ${input ? TABLES.map((t) => html`<th scope="col" class="num">table ${t}</th>`) : ''}
        ${form ? html`<th scope="col" class="num">result form</th>` : ''}
        <th scope="col" class="num">aggregate (${v.home.name})</th>
        <th scope="col" class="num">IMPs (${v.home.name})</th>
        <th scope="col">rules</th>
      </tr>
    </thead>
    <tbody>
      ${boards.map(
        (b) =>
          html`<tr data-board="${b.board}">
            <td class="num">${b.board}</td>
            ${input ? TABLES.map((t) => cellOf(b.board, t)) : ''}
            ${form ? html`<td class="num">${form[b.board] === undefined ? '—' : signed(form[b.board]!)}</td>` : ''}
            <td class="num">${b.homeAggregate === undefined ? '—' : signed(b.homeAggregate)}</td>
            <td class="num imps" data-value="${b.homeImps}">${signed(b.homeImps)}</td>
            <td>${becauseRules(b.because)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** What the recorded boards say beyond the scores (the LCBA's 7.2 lateness, 7.3/7.4 absences, FOUL). */
function incidents(
  v: LeagueMatchView,
  input: MatchBoardsInput,
  cites: LeagueCitations['incidents'],
): Html | string {
  const side = (s: string) => (s === 'home' ? v.home.name : s === 'away' ? v.away.name : s);
  const lines: Html[] = [
    ...input.incomplete.map(
      (i) =>
        html`<li>
          Table ${i.table} incomplete for ${i.minutes} minutes, ${side(i.offender)} missing
          (${cites.incomplete})
        </li>`,
    ),
    ...input.unplayed.map(
      (u) =>
        html`<li>
          Board ${u.board} not played at table ${u.table}, ${side(u.offender)} absent
          (${cites.absent})
        </li>`,
    ),
    ...input.fouled.map(
      (f) =>
        html`<li>
          Board ${f.board} fouled at table
          ${f.table}${f.causedBy ? html`, caused by ${side(f.causedBy)}` : ''} (${cites.fouled})
        </li>`,
    ),
  ];
  return lines.length
    ? html`<h2>Incidents recorded</h2>
        <ul class="incidents">
          ${lines}
        </ul>`
    : '';
}

function sideRow(name: string, s: SideScore): Html {
  return html`<tr>
    <th scope="row">${name}</th>
    <td class="num vp" data-value="${s.vp}">${s.vp}</td>
    <td class="num" data-value="${s.imps}">${signed(s.imps)}</td>
    <td>${becauseRules(s.because)}</td>
  </tr>`;
}

/**
 * One match of a league board by board (each table's score or the captains' form,
 * the net aggregate, the IMPs, the rules applied), the net IMPs and VPs, and the score the
 * division's table gives it (a default's rule and arithmetic, an A5 virtual score, 8.4).
 */
export function matchPage(
  v: LeagueMatchView,
  leagueName: string,
  m: LeaguePageMoment,
  position: number,
  cites: LeagueCitations,
  recorded?: MatchInput,
): string {
  const f = v.fixture;
  const tableHref = `${leaguePath(v.leagueId)}${leagueQuery(m, false)}#division-${f.division}`;
  const title = `${v.home.name} v ${v.away.name}`;
  const explainOf = (team: string) =>
    `${leaguePath(v.leagueId)}/explain/${seg(team)}${leagueQuery(m, false)}#fixtures`;
  const s = v.score;
  const body = html`<p class="note">${leagueMomentText(m, position)}.</p>
    <p class="match-status" data-status="${v.status}">
      Division ${f.division}, round ${f.round}${f.virtual ? ' (RR3, virtual)' : ''},
      ${f.scheduled ? html`scheduled ${f.scheduled}` : ''}:
      <a href="${explainOf(f.home)}">${v.home.name}</a> (home) v
      <a href="${explainOf(f.away)}">${v.away.name}</a>.
      <strong>${statusOf(v.status, cites)}</strong>${v.playedOn ? html`, on ${v.playedOn}` : ''}.
      ${v.recorded ? html`Recorded as ${v.recorded === 'boards' ? "every table's score" : "the captains' result form (net IMPs a board)"}.` : ''}
    </p>
    ${
      s
        ? html`<p class="match-score">
              Net IMPs
              <strong class="net-imps" data-value="${s.homeNetImps}"
                >${signed(s.homeNetImps)}</strong
              >
              to ${v.home.name}: VP
              <strong class="match-vp">${s.vp.home}–${s.vp.away}</strong>.
            </p>
            ${boardsTable(v, s.boards, cites.imps, recorded)}
            ${recorded?.kind === 'boards' ? incidents(v, recorded, cites.incidents) : ''}
            <h2>The match's rules</h2>
            <p>
              Rules:
              ${rulesOf([...s.because, ...s.boards.flatMap((b) => b.because)]).map((x, i) => html`${i ? ', ' : ''}<span class="rule">${x}</span>`)}
            </p>
            <p>${becauseRules(s.because)}</p>`
        : html`<p class="note">
            No boards: the match was not played${v.status === 'not played' ? ' yet' : ''}.
          </p>`
    }
    <h2 id="table-score">In the division's table</h2>
    ${
      v.table
        ? html`<table class="table-score">
              <thead>
                <tr>
                  <th scope="col">team</th>
                  <th scope="col" class="num">VP</th>
                  <th scope="col" class="num">IMPs</th>
                  <th scope="col">how (the rule and its arithmetic)</th>
                </tr>
              </thead>
              <tbody>
                ${sideRow(v.home.name, v.table.home)} ${sideRow(v.away.name, v.table.away)}
              </tbody>
            </table>
            ${v.table.cancelled ? html`<p><strong>Cancelled by ${cites.cancelled}</strong>: removed from every table.</p>` : ''}`
        : html`<p class="note">Not in the table yet: no score as of this moment.</p>`
    }
    <p>
      <a href="${tableHref}">Back to the table</a> ·
      <a href="${leaguePath(v.leagueId)}/matches/${seg(f.id)}${leagueQuery(m, false)}">JSON</a>
    </p>`;
  return page(
    {
      title,
      crumbs: [[leagueName, tableHref], [`${f.virtual ? 'virtual match' : `match ${f.id}`}`]],
    },
    body,
  );
}
