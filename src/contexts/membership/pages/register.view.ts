import type {
  ApplicationsView,
  EventEntriesView,
  PersonHistoryView,
  RegisterView,
  VisitorsView,
} from '../projection';
import type { Because } from '../model';
import { tableMoneyText } from '../visitors';
import { html, queryString, seg, type Html } from '../../../app/pages/html';
import { page } from '../../../app/pages/layout';

/** The club's membership pages (private to its keys), read from the JSON's queries. */

const base = (clubId: string) => `/clubs/${seg(clubId)}/register`;

const becauseList = (because: readonly Because[] | undefined) =>
  because?.length
    ? html`<ul>
        ${because.map((b) => html`<li><span class="rule">${b.rule}</span>: ${b.text}</li>`)}
      </ul>`
    : '';

/** The links between the three pages, and to the JSON of this one. */
function tabs(clubId: string, json?: string): Html {
  return html`<p class="actions">
    <a href="${base(clubId)}">Register</a>
    <a href="${base(clubId)}/applications">Pending applications</a>
    <a href="${base(clubId)}/visitors">Visitors</a>
    <a href="/clubs/${seg(clubId)}/roster">Roster</a>
    ${json ? html`<a href="${json}">JSON</a>` : ''}
  </p>`;
}

/** A plain GET form for the day (or the year) asked, working without JavaScript. */
function dayChooser(name: 'asOf' | 'year', value: string, label: string): Html {
  return html`<form class="chooser" method="get" aria-label="choose the ${label}">
    <label
      >${label}
      <input
        name="${name}"
        value="${value}"
        placeholder="${name === 'asOf' ? 'YYYY-MM-DD' : 'YYYY'}"
        size="12"
    /></label>
    <button type="submit">Show</button>
  </form>`;
}

const crumbs = (clubId: string, clubName: string, last: string): Array<[string, string?]> => [
  [clubName, `/clubs/${seg(clubId)}`],
  ['register', base(clubId)],
  [last],
];

export function registerPage(view: RegisterView, clubName: string): string {
  const { clubId } = view;
  return page(
    {
      title: `${clubName}: register as of ${view.asOf}`,
      crumbs: [[clubName, `/clubs/${seg(clubId)}`], ['register']],
    },
    html`<p>
        <span class="private">private</span> The register as of ${view.asOf}
        (${view.rulebook ? `rulebook ${view.rulebook.preset} from ${view.rulebook.effectiveFrom}` : "pinner-2018's defaults"}):
        ${view.entries.length} person(s), ${view.pending} application(s) pending. Classes are
        derived: every member is Restricted for the first year after election, then Full (PIN-R8).
      </p>
      ${/* The register's JSON shares the members page's path: asked with Accept: application/json. */ ''}
      ${tabs(clubId)} ${dayChooser('asOf', view.asOf, 'as of (club date)')}
      <table class="register">
        <thead>
          <tr>
            <th scope="col">person</th>
            <th scope="col">name</th>
            <th scope="col">standing</th>
            <th scope="col">class</th>
            <th scope="col">since</th>
            <th scope="col">votes</th>
            <th scope="col">subscription</th>
            <th scope="col">elected</th>
            <th scope="col">classes</th>
            <th scope="col">why</th>
          </tr>
        </thead>
        <tbody>
          ${view.entries.map(
            (e) =>
              html`<tr data-person="${e.person}">
                <th scope="row">
                  <a
                    href="${base(clubId)}/people/${seg(e.person)}${queryString({ asOf: view.asOf })}"
                    >${e.person}</a
                  >
                </th>
                <td>${e.name}</td>
                <td class="standing">
                  ${e.standing}${e.barredForEver ? html` <span class="rule">PIN-R9</span>` : ''}
                </td>
                <td class="class">${e.class ?? '—'}</td>
                <td class="since">${e.classFrom ?? '—'}</td>
                <td>${e.votes ? 'yes' : 'no'}</td>
                <td>${e.subscription}</td>
                <td>${e.electedOn ?? '—'}</td>
                <td>${(e.classes ?? []).map((c) => html`${c.class} from ${c.from}<br />`)}</td>
                <td>${becauseList(e.because)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`,
  );
}

export function applicationsPage(view: ApplicationsView, clubName: string): string {
  const { clubId } = view;
  return page(
    {
      title: `${clubName}: applications pending on ${view.asOf}`,
      crumbs: crumbs(clubId, clubName, 'applications'),
    },
    html`<p>
        <span class="private">private</span> ${view.applications.length} application(s) pending on
        ${view.asOf}. "Consider from" is the display deadline: the committee may consider an
        application from that day (PIN-C6), restarted when a proposer or seconder is replaced
        (PIN-C7).
      </p>
      ${tabs(clubId, `/clubs/${seg(clubId)}/applications${queryString({ asOf: view.asOf })}`)}
      ${dayChooser('asOf', view.asOf, 'pending on (club date)')}
      <table class="applications">
        <thead>
          <tr>
            <th scope="col">application</th>
            <th scope="col">candidate</th>
            <th scope="col">applied</th>
            <th scope="col">class</th>
            <th scope="col">displayed</th>
            <th scope="col">consider from</th>
            <th scope="col">proposer</th>
            <th scope="col">seconder</th>
            <th scope="col">signed by</th>
            <th scope="col">objections</th>
          </tr>
        </thead>
        <tbody>
          ${view.applications.map(
            (a) =>
              html`<tr data-application="${a.applicationId}">
                <th scope="row">${a.applicationId}</th>
                <td>
                  <a
                    href="${base(clubId)}/people/${seg(a.person)}${queryString({ asOf: view.asOf })}"
                    >${a.name}</a
                  >
                </td>
                <td>${a.appliedOn}</td>
                <td>${a.classApplied}</td>
                <td>${a.displayedOn ?? '—'}</td>
                <td class="consider">${a.considerFrom ?? '—'} ${becauseList(a.because)}</td>
                <td>${a.proposer ?? '—'}</td>
                <td>${a.seconder ?? '—'}</td>
                <td>${a.signedBy ?? '—'}</td>
                <td>
                  ${a.objections.map(
                    (o) =>
                      html`<p class="${o.valid ? 'objection' : 'objection invalid'}">
                        <strong>${o.by}</strong>, ${o.on}:
                        ${o.grounds}${
                          o.valid
                            ? ''
                            : html` <em>(not counted: ${o.because!.rule} ${o.because!.text})</em>`
                        }
                      </p>`,
                  )}
                </td>
              </tr>`,
          )}
        </tbody>
      </table>`,
  );
}

const sourceText = (s: VisitorsView['rows'][number]['visits'][number]['source']) =>
  s.kind === 'SessionPlayedAtClub'
    ? 'session played'
    : s.kind === 'both'
      ? `session played, seated in ${s.competitionId} session ${s.session} (counted once)`
      : `seated in ${s.competitionId} session ${s.session}`;

export function visitorsPage(view: VisitorsView, clubName: string): string {
  const { clubId } = view;
  const which =
    view.kind === 'calendar' ? `calendar year ${view.year}` : `club year from ${view.from}`;
  const year = view.year.slice(0, 4);
  return page(
    {
      title: `${clubName}: visitors of the ${which}`,
      crumbs: crumbs(clubId, clubName, 'visitors'),
    },
    html`<p>
        <span class="private">private</span> The visitors of the ${which} (${view.rule}:
        ${view.limit} a year), each session counted with its source: a session played at the club,
        or a seat in one of the club's competitions.
      </p>
      ${tabs(clubId, `/clubs/${seg(clubId)}/visitors${queryString({ year: Number(year) })}`)}
      ${dayChooser('year', year, 'year')}
      <table class="visitors">
        <thead>
          <tr>
            <th scope="col">person</th>
            <th scope="col">name</th>
            <th scope="col" class="num">sessions</th>
            <th scope="col">verdict</th>
            <th scope="col">visits</th>
            <th scope="col">why</th>
          </tr>
        </thead>
        <tbody>
          ${view.rows.map(
            (r) =>
              html`<tr data-person="${r.person}">
                <th scope="row">
                  <a href="${base(clubId)}/people/${seg(r.person)}">${r.person}</a>
                </th>
                <td>${r.name}</td>
                <td class="num sessions">${r.sessions}</td>
                <td class="verdict">${r.verdict}</td>
                <td>
                  <ol>
                    ${r.visits.map(
                      (v) =>
                        html`<li>
                          ${v.date} ${v.event}: <strong>${v.verdict}</strong>
                          (${sourceText(v.source)})${
                            v.tableMoney
                              ? html`; table money:
                                  <span class="table-money">${tableMoneyText(v.tableMoney)}</span>`
                              : ''
                          }
                        </li>`,
                    )}
                  </ol>
                </td>
                <td>${becauseList(r.because)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${view.rows.length ? '' : html`<p class="note">No visitor in the ${which}.</p>`}`,
  );
}

export function personPage(view: PersonHistoryView, clubName: string): string {
  const { clubId } = view;
  const e = view.entry;
  return page(
    {
      title: `${clubName}: ${view.name}`,
      crumbs: crumbs(clubId, clubName, view.personId),
    },
    html`<p>
        <span class="private">private</span> ${view.name} (${view.personId}) on ${view.asOf}:
        ${
          e
            ? html`${e.standing}${e.class ? `, ${e.class} from ${e.classFrom}` : ''}, votes
              ${e.votes ? 'yes' : 'no'}, subscription
              ${e.subscription}${e.barredForEver ? ', barred for ever (PIN-R9)' : ''}`
            : 'not on the register'
        }
      </p>
      ${tabs(clubId, `/clubs/${seg(clubId)}/members/${seg(view.personId)}${queryString({ asOf: view.asOf })}`)}
      ${dayChooser('asOf', view.asOf, 'up to (club date)')}
      <table class="history">
        <thead>
          <tr>
            <th scope="col">on</th>
            <th scope="col">kind</th>
            <th scope="col">what</th>
            <th scope="col">details</th>
            <th scope="col">table money</th>
            <th scope="col">why</th>
          </tr>
        </thead>
        <tbody>
          ${view.history.map(
            (h) =>
              html`<tr>
                <td>${h.on}</td>
                <td>${h.kind}</td>
                <th scope="row">${h.type}</th>
                <td>
                  ${Object.entries(h.data).map(
                    ([k, v]) =>
                      html`${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}<br />`,
                  )}
                </td>
                <td class="table-money">${h.tableMoney ? tableMoneyText(h.tableMoney) : ''}</td>
                <td>${becauseList(h.because)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`,
  );
}

/** One event's entries: each session played in it, with the rules' verdicts (PIN-R8 flags). */
export function eventEntriesPage(view: EventEntriesView, clubName: string): string {
  const { clubId } = view;
  const flagged = view.entries.filter((e) => e.flagged).length;
  return page(
    {
      title: `${clubName}: entries of ${view.eventId}`,
      crumbs: crumbs(clubId, clubName, view.eventId),
    },
    html`<p>
        <span class="private">private</span> The sessions played in ${view.eventId} up to
        ${view.asOf}: ${view.entries.length}, ${flagged} flagged by a rule.
      </p>
      ${tabs(clubId, `/clubs/${seg(clubId)}/events/${seg(view.eventId)}/entries${queryString({ asOf: view.asOf })}`)}
      ${dayChooser('asOf', view.asOf, 'up to (club date)')}
      <table class="entries">
        <thead>
          <tr>
            <th scope="col">on</th>
            <th scope="col">person</th>
            <th scope="col">name</th>
            <th scope="col">as</th>
            <th scope="col">table money</th>
            <th scope="col">verdict</th>
          </tr>
        </thead>
        <tbody>
          ${view.entries.map(
            (e) =>
              html`<tr data-person="${e.person}" class="${e.flagged ? 'flagged' : ''}">
                <td>${e.date}</td>
                <th scope="row">
                  <a href="${base(clubId)}/people/${seg(e.person)}">${e.person}</a>
                </th>
                <td>${e.name}</td>
                <td>${e.member ? `member${e.class ? ` (${e.class})` : ''}` : 'visitor'}</td>
                <td>${e.tableMoney ? tableMoneyText(e.tableMoney) : ''}</td>
                <td>
                  ${e.flagged ? html`<strong>flagged</strong>` : 'ok'} ${becauseList(e.because)}
                </td>
              </tr>`,
          )}
        </tbody>
      </table>`,
  );
}
