import type {
  SwissProposalView,
  TeamCardView,
  TeamsEventHead,
  TeamsEventSummary,
  TeamsMatchView,
  TeamsStandingView,
} from '../projection';
import type { TeamsScoredMatch } from '../model';
import type { TeamsMoment } from '../read';
import { toCsv } from '../../../ledger/csv';
import { html, queryString, seg, type Html } from '../../../app/pages/html';
import { page } from '../../../app/pages/layout';

/** A teams event's pages: under its club, `/clubs/:clubId/teams/:eventId`. */
export const eventPath = (clubId: string, eventId: string) =>
  `/clubs/${seg(clubId)}/teams/${seg(eventId)}`;

/** The moment of a page as asked (`asOf` as given: a club date or an instant; `atPosition`). */
export interface TeamsPageMoment {
  asOf?: string;
  atPosition?: number;
}

export const momentQuery = (m: TeamsPageMoment) =>
  queryString({ asOf: m.asOf, atPosition: m.atPosition });

export const pageMomentOf = (asked: Record<string, unknown>, at: TeamsMoment): TeamsPageMoment => ({
  ...(typeof asked.asOf === 'string' ? { asOf: asked.asOf } : {}),
  ...(at.atPosition !== undefined ? { atPosition: at.atPosition } : {}),
});

const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

function headNote(v: TeamsEventHead, m: TeamsPageMoment): Html {
  const when =
    m.asOf === undefined
      ? 'the event so far'
      : /^\d{4}-\d{2}-\d{2}$/.test(m.asOf)
        ? `the event as played by ${m.asOf}`
        : `as recorded by ${m.asOf}`;
  return html`<p class="note">
    ${when},
    ${m.atPosition !== undefined ? `as of ledger position ${m.atPosition}` : `now (the event's latest fact at ledger position ${v.position})`};
    run under <code>${v.kind}</code>,
    ${v.rulebook ? html`rulebook <code>${v.rulebook.preset}</code> from ${v.rulebook.effectiveFrom}, read on ${v.day}` : "the rules' own parameters"}.
  </p>`;
}

function chooser(m: TeamsPageMoment): Html {
  return html`<form class="chooser" method="get" aria-label="choose the moment">
    <label
      >as of (a club date, or an instant with zone)
      <input name="asOf" value="${m.asOf ?? ''}" placeholder="2026-04-20" size="26"
    /></label>
    <label
      >or at ledger position
      <input name="atPosition" value="${m.atPosition ?? ''}" inputmode="numeric" size="8"
    /></label>
    <button type="submit">Show</button>
  </form>`;
}

/** A club's teams events, each linking to its standing. */
export function teamsListPage(
  clubId: string,
  clubName: string,
  list: readonly TeamsEventSummary[],
): string {
  const own = list.filter((e) => e.clubId === clubId);
  return page(
    {
      title: `${clubName}: teams events`,
      crumbs: [[clubName, `/clubs/${seg(clubId)}`], ['teams events']],
    },
    own.length
      ? html`<table>
          <thead>
            <tr>
              <th scope="col">event</th>
              <th scope="col">kind</th>
              <th scope="col" class="num">teams</th>
              <th scope="col" class="num">matches</th>
            </tr>
          </thead>
          <tbody>
            ${own.map(
              (e) =>
                html`<tr>
                  <td><a href="${eventPath(clubId, e.eventId)}">${e.name}</a></td>
                  <td><code>${e.kind}</code></td>
                  <td class="num">${e.teams}</td>
                  <td class="num">${e.matches}</td>
                </tr>`,
            )}
          </tbody>
        </table>`
      : html`<p>No teams event yet.</p>`,
  );
}

function matchRow(v: TeamsEventHead, m: TeamsScoredMatch, q: string): Html {
  return html`<tr>
    <td>
      <a href="${eventPath(v.clubId, v.eventId)}/matches/${seg(m.matchId)}${q}">${m.matchId}</a>
    </td>
    <td class="num">${m.round}</td>
    <td>${m.home}</td>
    <td>${m.away}</td>
    <td class="num">
      ${m.defaulted ? `default (${m.defaulted.defaulting})` : `${m.homeImps}–${m.awayImps}`}
    </td>
    <td class="num">${num(m.homeVp)}–${num(m.awayVp)}</td>
    <td>${m.because.join('; ')}</td>
  </tr>`;
}

function matchesTable(v: TeamsEventHead, matches: readonly TeamsScoredMatch[], q: string): Html {
  return html`<table class="matches">
    <thead>
      <tr>
        <th scope="col">match</th>
        <th scope="col" class="num">round</th>
        <th scope="col">home</th>
        <th scope="col">away</th>
        <th scope="col" class="num">IMPs</th>
        <th scope="col" class="num">VP</th>
        <th scope="col">why (the rules)</th>
      </tr>
    </thead>
    <tbody>
      ${matches.map((m) => matchRow(v, m, q))}
    </tbody>
  </table>`;
}

/** The standing: one table a group, the tie-break beside a level team, every match explained. */
export function standingPage(v: TeamsStandingView, clubName: string, m: TeamsPageMoment): string {
  const q = momentQuery(m);
  const base = eventPath(v.clubId, v.eventId);
  const body = html`${headNote(v, m)} ${chooser(m)}
    ${v.groups.map(
      (g) =>
        html`<table class="standing">
          <caption>
            ${g.group !== undefined ? `Group ${g.group}` : 'Standing'} (${v.rules.rank}; VP
            ${v.rules.vp})
          </caption>
          <thead>
            <tr>
              <th scope="col" class="num">place</th>
              <th scope="col">team</th>
              <th scope="col" class="num">VP</th>
              <th scope="col" class="num">IMPs for</th>
              <th scope="col" class="num">IMPs against</th>
              <th scope="col" class="num">played</th>
              <th scope="col" class="num">byes</th>
              <th scope="col">tie-break</th>
            </tr>
          </thead>
          <tbody>
            ${g.rows.map(
              (r) =>
                html`<tr>
                  <td class="num">${r.place}</td>
                  <td>
                    <a href="${base}/teams/${seg(r.teamId)}${q}"
                      >${v.teams[r.teamId]?.name ?? r.teamId}</a
                    >
                  </td>
                  <td class="num vp">${num(r.vp)}</td>
                  <td class="num">${r.impsFor}</td>
                  <td class="num">${r.impsAgainst}</td>
                  <td class="num">${r.played}</td>
                  <td class="num">${r.byes}</td>
                  <td>
                    ${r.tieBreak ? html`<span class="rule">${r.tieBreak.step}</span> among ${r.tieBreak.among.join(', ')}: ${r.tieBreak.because.join('; ')}` : ''}
                  </td>
                </tr>`,
            )}
          </tbody>
        </table>`,
    )}
    ${v.ballotsDue.map((g) => html`<p><strong>A ballot is due</strong> among ${g.join(', ')} (${v.rules.tieBreak ?? v.rules.rank}).</p>`)}
    <h2>Matches</h2>
    ${matchesTable(v, v.matches, q)}
    <p class="actions">
      <a href="${base}/standing.csv${q}">CSV</a> <a href="/teams/${seg(v.eventId)}${q}">JSON</a>
    </p>`;
  return page(
    {
      title: v.name,
      crumbs: [
        [clubName, `/clubs/${seg(v.clubId)}`],
        ['teams events', `/clubs/${seg(v.clubId)}/teams`],
        [v.name],
      ],
    },
    body,
  );
}

/** The standing as CSV: one line a team (the CLI's columns). */
export function standingCsv(v: TeamsStandingView): string {
  const grouped = v.groups.some((g) => g.group !== undefined);
  return toCsv(
    [
      ...(grouped ? ['group'] : []),
      'place',
      'team',
      'name',
      'vp',
      'impsFor',
      'impsAgainst',
      'played',
      'byes',
      'tieBreak',
    ],
    v.groups.flatMap((g) =>
      g.rows.map((r) => [
        ...(grouped ? [g.group ?? ''] : []),
        r.place,
        r.teamId,
        v.teams[r.teamId]?.name ?? r.teamId,
        r.vp,
        r.impsFor,
        r.impsAgainst,
        r.played,
        r.byes,
        r.tieBreak ? `${r.tieBreak.step} among ${r.tieBreak.among.join(' ')}` : '',
      ]),
    ),
  );
}

/** One match: its score, VP and why, and each side's line-up. */
export function matchPage(v: TeamsMatchView, clubName: string, m: TeamsPageMoment): string {
  const x = v.match;
  const base = eventPath(v.clubId, v.eventId);
  const lineUps = v.recorded
    ? (['home', 'away'] as const).map((side) => {
        const s = v.recorded![side];
        return html`<li>
          ${side} <strong>${s.teamId}</strong>: ${(s.players ?? ['its own players']).join(', ')}
          ${(s.substitutes ?? []).map((sub) => html`; substitute <strong>${sub.player}</strong> with ${sub.partner}${sub.clubMember ? '' : ', not a club member'}${sub.tuesdayPlayer ? ', a Tuesday player' : ''}`)}
        </li>`;
      })
    : [];
  return page(
    {
      title: `${v.name}: match ${x.matchId}`,
      crumbs: [
        [clubName, `/clubs/${seg(v.clubId)}`],
        [v.name, `${base}${momentQuery(m)}`],
        [`match ${x.matchId}`],
      ],
    },
    html`${headNote(v, m)}
      <p class="match-score">
        ${x.home} v ${x.away}, round ${x.round}, session ${x.session}:
        ${x.defaulted ? `defaulted by ${x.defaulted.defaulting}` : `${x.homeImps}–${x.awayImps} IMPs over ${x.boards} boards`},
        VP
        <strong class="match-vp">${num(x.homeVp)}–${num(x.awayVp)}</strong
        >${x.played ? ` (as played ${num(x.played.homeVp)}–${num(x.played.awayVp)})` : ''}.
      </p>
      ${x.cPoints ? html`<p>NZ-8: ${x.cPoints.home} C to each player of ${x.home}, ${x.cPoints.away} C to each of ${x.away}.</p>` : ''}
      <h2>Why</h2>
      <ul>
        ${x.because.map((b) => html`<li>${b}</li>`)}
      </ul>
      ${x.fact ? html`<p class="note">Read from <code>fact ${x.fact}</code>.</p>` : ''}
      ${
        x.byBoard
          ? html`<h2>Board by board</h2>
              <table class="boards">
                <thead>
                  <tr>
                    <th scope="col" class="num">board</th>
                    <th scope="col" class="num">${x.home}</th>
                    <th scope="col" class="num">${x.away}</th>
                  </tr>
                </thead>
                <tbody>
                  ${x.byBoard.map(
                    (b) =>
                      html`<tr>
                        <td class="num">${b.board}</td>
                        <td class="num">${b.homeImps}</td>
                        <td class="num">${b.awayImps}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
          : html`<p class="note">Recorded as the match's IMPs, not board by board.</p>`
      }
      ${
        lineUps.length
          ? html`<h2>Line-ups</h2>
              <ul>
                ${lineUps}
              </ul>`
          : ''
      }
      <p>
        <a href="${base}${momentQuery(m)}">Back to the standing</a> ·
        <a href="/teams/${seg(v.eventId)}/matches/${seg(x.matchId)}${momentQuery(m)}">JSON</a>
      </p>`,
  );
}

/** A team's card: its entry, place and matches. */
export function teamCardPage(v: TeamCardView, clubName: string, m: TeamsPageMoment): string {
  const base = eventPath(v.clubId, v.eventId);
  const t = v.team;
  return page(
    {
      title: `${v.name}: ${t.name}`,
      crumbs: [
        [clubName, `/clubs/${seg(v.clubId)}`],
        [v.name, `${base}${momentQuery(m)}`],
        [t.name],
      ],
    },
    html`${headNote(v, m)}
      <p>
        Players ${t.players.join(', ')}; captain
        ${t.captain}${t.handicap !== undefined ? `; handicap ${t.handicap}` : ''}${v.group ? `; group ${v.group}` : ''}.
      </p>
      ${v.row ? html`<p>Place <strong>${v.row.place}</strong>, ${num(v.row.vp)} VP, IMPs ${v.row.impsFor}–${v.row.impsAgainst}, played ${v.row.played}${v.row.byes ? `, ${v.row.byes} bye(s)` : ''}.</p>` : ''}
      <h2>Matches</h2>
      ${matchesTable(v, v.matches, momentQuery(m))}`,
  );
}

/** DSB-15: a Swiss round's proposal beside the pairing recorded. */
export function proposalPage(v: SwissProposalView, clubName: string, m: TeamsPageMoment): string {
  const p = v.proposal;
  const base = eventPath(v.clubId, v.eventId);
  return page(
    {
      title: `${v.name}: round ${p.round} proposed`,
      crumbs: [
        [clubName, `/clubs/${seg(v.clubId)}`],
        [v.name, `${base}${momentQuery(m)}`],
        [`round ${p.round}`],
      ],
    },
    html`${headNote(v, m)}
      <table class="proposal">
        <caption>
          The ledger's proposal (DSB-15)
        </caption>
        <thead>
          <tr>
            <th scope="col" class="num">table</th>
            <th scope="col">home</th>
            <th scope="col">away</th>
            <th scope="col">repeat</th>
          </tr>
        </thead>
        <tbody>
          ${p.tables.map(
            (t, i) =>
              html`<tr>
                <td class="num">${i + 1}</td>
                <td>${t.home}</td>
                <td>${t.away}</td>
                <td>${t.repeat ? 'yes' : ''}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${p.bye ? html`<p>Bye: <strong>${p.bye}</strong>.</p>` : ''}
      <p>
        Repeats: ${p.repeats}. Paired in the order of the standings after round ${p.round - 1}:
        ${p.standings.join(', ')}.
      </p>
      <ul>
        ${p.because.map((b) => html`<li>${b}</li>`)}
      </ul>
      <h2>Recorded</h2>
      ${v.recorded ? html`<p>${v.recorded.tables.map((t) => `${t.home} v ${t.away}`).join(', ')}${v.recorded.bye ? `; bye ${v.recorded.bye}` : ''} — the pairing that counts.</p>` : html`<p class="note">No pairing recorded for round ${p.round} yet.</p>`}`,
  );
}
