import type { ClubRoster } from '../../../contexts/club/projection/club-roster';
import type { CorrectionLogView } from '../../../contexts/corrections/read/correction-log';
import { cell, hundredths } from '../format';
import { html, seg } from '../html';
import { page } from '../layout';
import type { Explained } from './shapes';
import { competitionPath } from '../../../contexts/pairs/pages/standings.view';
import { named, namedCell, type PairNames } from '../../../contexts/pairs/pages/names';

const rulesOf = (explain: Explained[]) => [...new Set(explain.map((e) => e.rule))].join(' ');

const explainDetails = (explain: Explained[]) =>
  html`<details>
    <summary>${rulesOf(explain)}</summary>
    <ul>
      ${explain.map(
        (e) =>
          html`<li>
            <span class="rule">${e.rule}</span
            >${e.session !== undefined ? ` (session ${e.session})` : ''}: ${e.effect}
          </li>`,
      )}
    </ul>
  </details>`;

interface CPoints {
  competitionId: string;
  name: string;
  clubId: string;
  season: string;
  position: number;
  awards: Array<{
    session: number;
    date: string;
    rulebook: { preset: string; effectiveFrom: string } | null;
    fields?: Array<{ field: string; size: number; places: number; points: string[] }>;
    awards?: Array<{
      player: string;
      competitor: string;
      field: string;
      place: number;
      score: number;
      points: string;
      exact: string;
      explain: Explained[];
    }>;
    unawarded?: string;
  }>;
  totals: Array<{ player: string; points: string; sessions: number[] }>;
}

/** NZ-8 C points: each player's total, then each session's awards (numbers as the JSON's). */
export function cPointsPage(
  view: unknown,
  clubName: string,
  names: { players?: PairNames; pairs?: PairNames } = {},
): string {
  const players = names.players ?? {};
  const pairs = names.pairs ?? {};
  const v = view as CPoints;
  return page(
    {
      title: `${v.name}: C points`,
      crumbs: [
        [clubName, `/clubs/${seg(v.clubId)}`],
        [v.name, competitionPath(v.clubId, v.competitionId)],
        ['C points'],
      ],
    },
    html`<p class="note">
        NZ-8, ledger position ${v.position}.
        <a href="/competitions/${seg(v.competitionId)}/c-points">JSON</a>
      </p>
      <table class="c-points-totals">
        <caption>
          Totals
        </caption>
        <thead>
          <tr>
            <th scope="col">player</th>
            <th scope="col" class="num">C points</th>
            <th scope="col">sessions</th>
          </tr>
        </thead>
        <tbody>
          ${v.totals.map(
            (t) =>
              html`<tr data-player="${t.player}">
                ${namedCell(players, t.player, undefined, 'player')}
                <td class="num">${t.points}</td>
                <td>${cell(t.sessions)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${v.awards.map(
        (a) =>
          html`<h2 id="session-${a.session}">Session ${a.session} (${a.date})</h2>
            ${
              a.awards?.length
                ? html`<table class="c-points-session">
                    <thead>
                      <tr>
                        <th scope="col">player</th>
                        <th scope="col">pair</th>
                        <th scope="col">field</th>
                        <th scope="col" class="num">place</th>
                        <th scope="col" class="num">score %</th>
                        <th scope="col" class="num">C points</th>
                        <th scope="col">exact</th>
                        <th scope="col">rules</th>
                      </tr>
                    </thead>
                    <tbody>
                      ${a.awards.map(
                        (w) =>
                          html`<tr>
                            ${namedCell(players, w.player, undefined, 'player')}
                            <td>${named(pairs, w.competitor)}</td>
                            <td>${w.field}</td>
                            <td class="num">${w.place}</td>
                            <td class="num">${hundredths(w.score)}</td>
                            <td class="num">${w.points}</td>
                            <td>${w.exact}</td>
                            <td>${explainDetails(w.explain)}</td>
                          </tr>`,
                      )}
                    </tbody>
                  </table>`
                : html`<p class="note">${a.unawarded ?? 'No award.'}</p>`
            }`,
      )}`,
  );
}

interface Championship {
  clubId: string;
  season: string;
  competitions: string[];
  position: number;
  awards: Array<{
    competitionId: string;
    pairId: string;
    group: string;
    rank: number;
    points: number;
    exact: string;
    counted: boolean;
    explain: Explained[];
  }>;
  table: Array<{
    pairId: string;
    rank: number;
    points: number;
    exact: string;
    eligible: boolean;
    originalSessions: number;
    seasonSessions: number;
    explain: Explained[];
  }>;
}

/** DSB-11: the season table, then every placing award. */
export function championshipPage(view: unknown, clubName: string, names: PairNames = {}): string {
  const v = view as Championship;
  return page(
    {
      title: `Club championship ${v.season}`,
      crumbs: [[clubName, `/clubs/${seg(v.clubId)}`], [`championship ${v.season}`]],
    },
    html`<p class="note">
        DSB-11, from ${v.competitions.length} competition(s):
        ${v.competitions.map(
          (c, i) => html`${i ? ', ' : ''}<a href="${competitionPath(v.clubId, c)}">${c}</a>`,
        )};
        ledger position ${v.position}.
        <a href="/clubs/${seg(v.clubId)}/championship?season=${seg(v.season)}">JSON</a>
      </p>
      <table class="championship">
        <caption>
          Season table
        </caption>
        <thead>
          <tr>
            <th scope="col" class="num">rank</th>
            <th scope="col">pair</th>
            <th scope="col" class="num">points</th>
            <th scope="col">eligible (DSB-11.2)</th>
            <th scope="col" class="num">sessions</th>
            <th scope="col">why</th>
          </tr>
        </thead>
        <tbody>
          ${v.table.map(
            (r) =>
              html`<tr data-competitor="${r.pairId}">
                <td class="num">${r.rank}</td>
                ${namedCell(names, r.pairId)}
                <td class="num">${r.points}</td>
                <td>${cell(r.eligible)}</td>
                <td class="num">${r.originalSessions} of ${r.seasonSessions}</td>
                <td>${explainDetails(r.explain)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <h2>Placing awards</h2>
      <table class="championship-awards">
        <thead>
          <tr>
            <th scope="col">competition</th>
            <th scope="col">pair</th>
            <th scope="col">group</th>
            <th scope="col" class="num">rank</th>
            <th scope="col" class="num">points</th>
            <th scope="col">counted</th>
            <th scope="col">why</th>
          </tr>
        </thead>
        <tbody>
          ${v.awards.map(
            (a) =>
              html`<tr>
                <td>
                  <a href="${competitionPath(v.clubId, a.competitionId)}/explain/${seg(a.pairId)}"
                    >${a.competitionId}</a
                  >
                </td>
                ${namedCell(names, a.pairId)}
                <td>${a.group}</td>
                <td class="num">${a.rank}</td>
                <td class="num">${a.points}</td>
                <td>${cell(a.counted)}</td>
                <td>${explainDetails(a.explain)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`,
  );
}

/** The roster as the club-roster projection has it (private to the club's keys). */
export function membersPage(clubId: string, club: ClubRoster['clubs'][string]): string {
  const players = Object.values(club.players).sort((a, b) => a.playerId.localeCompare(b.playerId));
  return page(
    {
      title: `${club.name}: members and visitors`,
      crumbs: [[club.name, `/clubs/${seg(clubId)}`], ['roster']],
    },
    html`<p><span class="private">private</span> ${players.length} player(s) the club knows.</p>
      <table class="members">
        <thead>
          <tr>
            <th scope="col">player</th>
            <th scope="col">name</th>
            <th scope="col">status</th>
            <th scope="col">registered</th>
            <th scope="col">history</th>
          </tr>
        </thead>
        <tbody>
          ${players.map((p) => {
            const history =
              (p as unknown as { history?: Array<{ status: string; from: string }> }).history ?? [];
            return html`<tr>
              <th scope="row">${p.playerId}</th>
              <td>${p.name}</td>
              <td>${p.status}</td>
              <td>${p.registeredAt ?? '—'}</td>
              <td>${history.map((h) => html`${h.status} from ${h.from}<br />`)}</td>
            </tr>`;
          })}
        </tbody>
      </table>`,
  );
}

/** The correction log as a table (private to the club's keys). */
export function correctionLogPage(
  log: CorrectionLogView,
  clubName: string,
  // A league's log lives under /leagues/: its page and its JSON.
  base = `/clubs/${seg(log.clubId)}`,
): string {
  return page(
    {
      title: `${clubName}: correction log`,
      crumbs: [[clubName, base], ['correction log']],
    },
    html`<p>
        <span class="private">private</span> Every correction and appeal, in ledger order; ledger
        position ${log.position}. <a href="${base}/corrections">JSON</a>
      </p>
      ${
        log.entries.length
          ? html`<table class="correction-log">
              <thead>
                <tr>
                  <th scope="col">kind</th>
                  <th scope="col">id</th>
                  <th scope="col">state</th>
                  <th scope="col">at</th>
                  <th scope="col">deadline</th>
                  <th scope="col">rule</th>
                  <th scope="col">by</th>
                  <th scope="col">facts</th>
                </tr>
              </thead>
              <tbody>
                ${log.entries.map((e) => {
                  const x = e as unknown as {
                    kind: string;
                    id: string;
                    state: string;
                    summary: string;
                    at: string;
                    rule?: string;
                    by?: string;
                    deadline?: { at: string; basis: string };
                    facts: Array<{ type: string; eventId: string; position: number }>;
                  };
                  return html`<tr>
                    <td>${x.kind}</td>
                    <th scope="row">${x.id}</th>
                    <td><strong>${x.state}</strong><br /><small>${x.summary}</small></td>
                    <td>${x.at}</td>
                    <td>
                      ${x.deadline ? html`${x.deadline.at}<br /><small>${x.deadline.basis}</small>` : '—'}
                    </td>
                    <td>${x.rule ?? ''}</td>
                    <td>${x.by ?? ''}</td>
                    <td>
                      ${x.facts.map((f) => html`${f.type} <code>${f.eventId}</code> (position ${f.position})<br />`)}
                    </td>
                  </tr>`;
                })}
              </tbody>
            </table>`
          : html`<p class="note">No correction or appeal recorded.</p>`
      }`,
  );
}
