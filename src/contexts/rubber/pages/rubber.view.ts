import type { RubberSessionView, TableView } from '../projection';
import { html, seg } from '../../../app/pages/html';
import { page } from '../../../app/pages/layout';

/** A club's rubber-bridge pages (private to its keys), read from the JSON's queries. */

const base = (clubId: string) => `/clubs/${seg(clubId)}/rubber-bridge`;
const json = (clubId: string) => `/clubs/${seg(clubId)}/rubber`;
/** How often the duty member's page of an evening reloads itself, in seconds. */
export const REFRESH_SECONDS = 20;

const timeOf = (instant: string) => instant.slice(11, 16);

/** A club's evenings, newest first. */
export function sessionsPage(
  list: {
    clubId: string;
    sessions: Array<{
      sessionId: string;
      day: string;
      kind: string;
      dutyMember: string;
      facts: number;
    }>;
  },
  clubName: string,
): string {
  const { clubId } = list;
  return page(
    {
      title: `${clubName}: rubber bridge`,
      crumbs: [[clubName, `/clubs/${seg(clubId)}`], ['rubber bridge']],
    },
    html`<p><span class="private">private</span> <a href="${json(clubId)}">JSON</a></p>
      ${
        list.sessions.length === 0
          ? html`<p>No rubber-bridge evening is recorded.</p>`
          : html`<table class="rubber-sessions">
              <thead>
                <tr>
                  <th scope="col">evening</th>
                  <th scope="col">day</th>
                  <th scope="col">kind</th>
                  <th scope="col">duty member</th>
                  <th scope="col" class="num">facts</th>
                </tr>
              </thead>
              <tbody>
                ${list.sessions.map(
                  (s) =>
                    html`<tr data-session="${s.sessionId}">
                      <th scope="row">
                        <a href="${base(clubId)}/${seg(s.sessionId)}">${s.sessionId}</a>
                      </th>
                      <td>${s.day}</td>
                      <td>${s.kind}</td>
                      <td>${s.dutyMember}</td>
                      <td class="num">${s.facts}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
      }`,
  );
}

function nextTableUp(t: TableView) {
  const n = t.nextTableUp;
  const who =
    'leave' in n
      ? n.leave.length
        ? html`<strong>${n.leave.join(', ')}</strong> leave`
        : 'no one leaves'
      : html`<strong>${n.cutAmong.join(', ')}</strong> cut for ${n.places} place(s)`;
  return html`<p class="next">
    Next Table Up: ${who} — ${n.because} (<span class="rule">${n.rule}</span>)
  </p>`;
}

function tableCard(t: TableView) {
  const state =
    t.status === 'table-up'
      ? `Table Up: rubber ${t.rubbers} completed in ${t.hands} hands`
      : `playing rubber ${t.rubbers + 1}${t.further ? ' (the one further rubber agreed)' : ''}, ${t.hands} hand(s) completed${t.endsAtHand !== undefined ? `, ends at hand ${t.endsAtHand}` : ''}`;
  return html`<section class="table" data-table="${t.table}">
    <h2>Table ${t.table}</h2>
    <p>
      ${state}
      <span class="note"
        >(${t.handRule.because}; <span class="rule">${t.handRule.rule}</span>)</span
      >
    </p>
    ${
      t.gameCall
        ? html`<p>
            Game Call by table ${t.gameCall.by} at ${timeOf(t.gameCall.at)}:
            ${t.gameCall.outcome ?? 'awaiting the outcome'}
          </p>`
        : ''
    }
    ${t.calling !== undefined ? html`<p>Called a game for table ${t.calling}.</p>` : ''}
    <table>
      <thead>
        <tr>
          <th scope="col">seat</th>
          <th scope="col">players</th>
          <th scope="col" class="num">tenure (rubbers)</th>
          <th scope="col">since</th>
        </tr>
      </thead>
      <tbody>
        ${t.seats.map(
          (s) =>
            html`<tr data-unit="${s.unit}">
              <th scope="row">${s.unit}</th>
              <td>${s.players.join(', ')}</td>
              <td class="num">${s.tenure}</td>
              <td>${timeOf(s.since)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    ${nextTableUp(t)}
  </section>`;
}

/** One evening for the duty member: the tables, who waits, who leaves next; it reloads itself. */
export function sessionPage(v: RubberSessionView, clubName: string, live: boolean): string {
  return page(
    {
      title: `${clubName}: rubber bridge ${v.day} (${v.sessionId})`,
      crumbs: [
        [clubName, `/clubs/${seg(v.clubId)}`],
        ['rubber bridge', base(v.clubId)],
        [v.sessionId],
      ],
      ...(live ? { refreshSeconds: REFRESH_SECONDS } : {}),
    },
    html`<p>
        <span class="private">private</span>
        A ${v.kind} session; duty member ${v.dutyMember}; ${v.present} present; read by ${v.rules}
        as of
        ${timeOf(v.at)}${live ? html` <span class="note">(reloads every ${REFRESH_SECONDS} s)</span>` : ''}.
      </p>
      <p class="actions"><a href="${json(v.clubId)}/${seg(v.sessionId)}">JSON</a></p>
      ${v.tables.map(tableCard)}
      <h2>Waiting</h2>
      ${
        v.waiting.length
          ? html`<ol class="waiting">
              ${v.waiting.map(
                (w) =>
                  html`<li data-unit="${w.unit}">
                    ${w.unit}${w.players.length > 1 ? ` (${w.players.join(', ')})` : ''}${w.qualified ? ' — lost the last cut: sits at the next table made up' : ''}
                  </li>`,
              )}
            </ol>`
          : html`<p>No one is waiting.</p>`
      }
      ${
        v.retired.length
          ? html`<h2>Retired</h2>
              <ul>
                ${v.retired.map(
                  (r) =>
                    html`<li>
                      ${r.unit}, retired at ${timeOf(r.at)}: may rejoin from
                      ${timeOf(r.mayRejoinFrom)} (<span class="rule">${r.rule}</span>)
                    </li>`,
                )}
              </ul>`
          : ''
      }
      <h2>The evening so far</h2>
      <ol class="log">
        ${v.log.map(
          (l) =>
            html`<li>
              <time datetime="${l.at}">${timeOf(l.at)}</time>
              ${l.text}${l.correctedBy !== undefined ? html` <span class="note">(as corrected by ${l.correctedBy})</span>` : ''}
            </li>`,
        )}
      </ol>`,
  );
}
