import type {
  CompetitionEntry,
  LeagueEntry,
  ScoredSessionEntry,
} from '../../../ledger/ledger-contents';
import type { MeetingsListView } from '../../../contexts/meetings/projection';
import { html, seg } from '../html';
import { page } from '../layout';
import { competitionPath } from '../../../contexts/pairs/pages/standings.view';

/** The ledger's front page: its clubs, and its leagues, each linking to its page. */
export function homePage(
  clubs: Array<{ clubId: string; name: string; timeZone: string }>,
  leagues: LeagueEntry[] = [],
): string {
  return page(
    { title: 'Clubs and leagues' },
    html`<h2>Clubs</h2>
      ${
        clubs.length
          ? html`<ul class="clubs">
              ${clubs.map(
                (c) =>
                  html`<li>
                    <a href="/clubs/${seg(c.clubId)}">${c.name}</a>
                    <small>(${c.clubId}, ${c.timeZone})</small>
                  </li>`,
              )}
            </ul>`
          : html`<p class="note">The ledger holds no club yet.</p>`
      }
      <h2>Leagues</h2>
      ${
        leagues.length
          ? html`<ul class="leagues">
              ${leagues.map(
                (l) =>
                  html`<li>
                    <a href="/leagues/${seg(l.leagueId)}">${l.name}</a>
                    <small>(${l.leagueId}, season ${l.season}, organised by ${l.clubId})</small>
                  </li>`,
              )}
            </ul>`
          : html`<p class="note leagues-none">
              No league yet: the ledger holds no LeagueRegistered.
            </p>`
      }`,
  );
}

/** A competition on its club's page: what the standings query said of it now. */
export interface CompetitionStatus extends CompetitionEntry {
  kind?: 'nz' | 'dsb' | 'butler';
  final?: boolean;
  afterSession?: number;
  /** Why the standings cannot be given (the ledger's error name). */
  refused?: string;
}

export function clubPage(
  clubId: string,
  club: { name: string; timeZone: string },
  competitions: CompetitionStatus[],
  mayReadPrivate: boolean,
  leagues: readonly LeagueEntry[] = [],
  meetings?: MeetingsListView['calendar'],
  sessions: readonly ScoredSessionEntry[] = [],
): string {
  const seasons = [...new Set(competitions.map((c) => c.season))];
  return page(
    { title: club.name, crumbs: [[club.name]] },
    html`<p class="note">Club <code>${clubId}</code>, time zone ${club.timeZone}.</p>
      ${seasons.map((season) => {
        const of = competitions.filter((c) => c.season === season);
        const dsb = of.some((c) => c.kind === 'dsb');
        return html`<h2>Season ${season}</h2>
          <table class="competitions">
            <thead>
              <tr>
                <th scope="col">competition</th>
                <th scope="col">standings</th>
                <th scope="col">also</th>
              </tr>
            </thead>
            <tbody>
              ${of.map((c) => {
                const base = competitionPath(clubId, c.competitionId);
                const state = c.refused
                  ? `not published: ${c.refused}`
                  : c.final
                    ? 'final'
                    : `interim, after session ${c.afterSession} of ${c.sessions}`;
                return html`<tr>
                  <th scope="row"><a href="${base}">${c.name}</a></th>
                  <td>${state}</td>
                  <td>
                    ${c.kind === 'nz' ? html`<a href="${base}/c-points">C points</a>` : ''}
                    <a href="${base}/standings.csv">CSV</a>
                  </td>
                </tr>`;
              })}
            </tbody>
          </table>
          ${dsb ? html`<p><a href="/clubs/${seg(clubId)}/championship/${seg(season)}">Club championship ${season} (DSB-11)</a></p>` : ''}`;
      })}
      ${competitions.length ? '' : html`<p class="note">No competition yet.</p>`}
      ${
        leagues.length
          ? html`<h2>Leagues the club organises</h2>
              <ul class="leagues">
                ${leagues.map(
                  (l) =>
                    html`<li>
                      <a href="/leagues/${seg(l.leagueId)}">${l.name}</a> (season ${l.season})
                    </li>`,
                )}
              </ul>`
          : ''
      }
      ${
        sessions.length
          ? html`<h2>Scored sessions</h2>
              <ul class="sessions">
                ${sessions.map(
                  (x) =>
                    html`<li>
                      <a href="/clubs/${seg(clubId)}/sessions/${seg(x.sessionStreamId)}"
                        >${x.date}, session
                        ${x.session}${x.section !== undefined ? `, section ${x.section}` : ''}</a
                      >: ranking, travellers, scorecards
                    </li>`,
                )}
              </ul>`
          : ''
      }
      <p><a href="/clubs/${seg(clubId)}/teams">Teams events</a></p>
      <h2>Private to the club</h2>
      ${
        mayReadPrivate
          ? html`<ul>
              <li><a href="/clubs/${seg(clubId)}/roster">Roster: members and visitors</a></li>
              <li>
                <a href="/clubs/${seg(clubId)}/register">Register</a>,
                <a href="/clubs/${seg(clubId)}/register/applications">pending applications</a>,
                <a href="/clubs/${seg(clubId)}/register/visitors">visitors</a>
              </li>
              <li><a href="/clubs/${seg(clubId)}/correction-log">Correction log</a></li>
              <li>
                <a href="/clubs/${seg(clubId)}/general-meetings">General meetings and officers</a>
                ${
                  meetings?.nextAgmBy
                    ? html`: the next AGM is due by ${meetings.nextAgmBy.by} (<span class="rule"
                          >${meetings.nextAgmBy.rule}</span
                        >)`
                    : ''
                }
                ${meetings?.overdue ? html`<p class="flag">${meetings.overdue}</p>` : ''}
              </li>
              <li>
                <a href="/clubs/${seg(clubId)}/rubber-bridge">Rubber bridge evenings</a>
              </li>
            </ul>`
          : html`<p class="note">
              The members, the correction log, the general meetings and the rubber-bridge evenings
              are private:
              <a href="/login">sign in with a key of the club</a>.
            </p>`
      }`,
  );
}
