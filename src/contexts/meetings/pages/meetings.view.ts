import type { MeetingMinutes, MeetingsListView, MotionMinute, OfficersView } from '../projection';
import { html, queryString, seg, type Html } from '../../../app/pages/html';
import { page } from '../../../app/pages/layout';

/** A club's general-meetings pages (private to its keys), read from the JSON's queries. */

const base = (clubId: string) => `/clubs/${seg(clubId)}/general-meetings`;
const json = (clubId: string) => `/clubs/${seg(clubId)}/meetings`;

/** The meetings, the AGM calendar, the members' requests and the officers on a day. */
export function meetingsPage(
  list: MeetingsListView,
  officers: OfficersView,
  clubName: string,
): string {
  const { clubId } = list;
  const next = list.calendar.nextAgmBy;
  return page(
    {
      title: `${clubName}: general meetings`,
      crumbs: [[clubName, `/clubs/${seg(clubId)}`], ['general meetings']],
    },
    html`<p>
        <span class="private">private</span>
        ${
          next
            ? html`The last AGM was held on ${list.calendar.lastAgm}; the next is due by ${next.by}
                (<span class="rule">${next.rule}</span>).`
            : 'No AGM is recorded.'
        }
      </p>
      <p class="actions">
        <a href="${json(clubId)}">JSON</a>
        <a href="/clubs/${seg(clubId)}/constitution">The constitution as amended (JSON)</a>
        <a href="/clubs/${seg(clubId)}/register">Register</a>
      </p>
      <form class="chooser" method="get" aria-label="choose the day">
        <label
          >as of (club date)
          <input name="asOf" value="${officers.asOf}" placeholder="YYYY-MM-DD" size="12"
        /></label>
        <button type="submit">Show</button>
      </form>
      <table class="meetings">
        <thead>
          <tr>
            <th scope="col">meeting</th>
            <th scope="col">kind</th>
            <th scope="col">date</th>
            <th scope="col">venue</th>
            <th scope="col">flags</th>
          </tr>
        </thead>
        <tbody>
          ${list.meetings.map(
            (m) =>
              html`<tr data-meeting="${m.meetingId}">
                <th scope="row">
                  <a href="${base(clubId)}/${seg(m.meetingId)}">${m.meetingId}</a>
                </th>
                <td>${m.kind.toUpperCase()}</td>
                <td>${m.date} ${m.time}</td>
                <td>${m.venue}</td>
                <td>${m.flags.map((f) => html`<span class="flag">${f}</span><br />`)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${
        list.requests.length
          ? html`<h2>Members' requests for an EGM</h2>
              <ul>
                ${list.requests.map(
                  (r) =>
                    html`<li>
                      ${r.requestId}, received ${r.receivedOn}, ${r.signatories} signatures:
                      ${r.answeredBy ? html`answered by <a href="${base(clubId)}/${seg(r.answeredBy)}">${r.answeredBy}</a>` : 'no meeting called'}${r.dueBy ? html`, due by ${r.dueBy.by} (<span class="rule">${r.dueBy.rule}</span>)` : ''}
                      ${r.flags.map((f) => html`<span class="flag">${f}</span>`)}
                    </li>`,
                )}
              </ul>`
          : ''
      }
      <h2>Officers and committee on ${officers.asOf}</h2>
      <table class="officers">
        <thead>
          <tr>
            <th scope="col">post</th>
            <th scope="col">held by</th>
            <th scope="col">since</th>
            <th scope="col">why</th>
          </tr>
        </thead>
        <tbody>
          ${officers.posts.map(
            (p) =>
              html`<tr data-post="${p.post}">
                <th scope="row">${p.post}</th>
                <td>${p.holders.join(', ') || '—'}</td>
                <td>${p.since ?? '—'}</td>
                <td>${p.rule ? html`<span class="rule">${p.rule}</span>: ${p.because}` : ''}</td>
              </tr>`,
          )}
        </tbody>
      </table>`,
  );
}

const motionRow = (m: MotionMinute, amendment = false): Html =>
  html`<tr data-motion="${m.id}">
    <th scope="row">${amendment ? html`&nbsp;&nbsp;↳ ` : ''}${m.id}</th>
    <td>${m.kind}</td>
    <td>${m.section ? html`§${m.section}: ${m.newText}` : m.text}</td>
    <td>${m.proposer} / ${m.seconder}</td>
    <td>
      ${m.vote ? `${m.vote.for}–${m.vote.against} (${m.vote.abstentions} abstaining)` : m.published === false ? 'not published' : '—'}
    </td>
    <td class="result">${m.result ?? '—'}</td>
    <td>${m.rule ? html`<span class="rule">${m.rule}</span>: ${m.because}` : ''}</td>
  </tr>`;

/** A meeting's minutes: the call, the notice, the quorum, each motion's result, the elections. */
export function minutesPage(m: MeetingMinutes, clubName: string): string {
  const { clubId } = m;
  return page(
    {
      title: `${clubName}: ${m.kind.toUpperCase()} of ${m.date}`,
      crumbs: [
        [clubName, `/clubs/${seg(clubId)}`],
        ['general meetings', base(clubId)],
        [m.meetingId],
      ],
    },
    html`<p>
        <span class="private">private</span> ${m.kind.toUpperCase()} on ${m.date} at ${m.time},
        ${m.venue}; called by ${m.calledBy} on
        ${m.calledOn}${m.requestId ? ` on the members' request ${m.requestId}` : ''}.
        ${m.notice ? `Notice displayed ${m.notice.displayedOn}, ${m.notice.daysBefore} days before.` : 'No notice displayed.'}
      </p>
      <p class="actions">
        <a href="${json(clubId)}/${seg(m.meetingId)}">JSON</a>
        <a href="${base(clubId)}${queryString({ asOf: m.date })}">Officers on the day</a>
      </p>
      ${
        m.quorum
          ? html`<p class="quorum">
              Chair: ${m.chair}. <span class="rule">${m.quorum.rule}</span>: ${m.quorum.because}.
            </p>`
          : html`<p class="quorum">No attendance recorded.</p>`
      }
      ${m.flags.map((f) => html`<p class="flag">${f}</p>`)}
      <h2>Motions</h2>
      <table class="motions">
        <thead>
          <tr>
            <th scope="col">motion</th>
            <th scope="col">kind</th>
            <th scope="col">text</th>
            <th scope="col">proposed / seconded</th>
            <th scope="col">vote</th>
            <th scope="col">result</th>
            <th scope="col">why</th>
          </tr>
        </thead>
        <tbody>
          ${m.motions.map((x) => html`${motionRow(x)}${(x.amendments ?? []).map((a) => motionRow(a, true))}`)}
        </tbody>
      </table>
      ${
        m.elections.length
          ? html`<h2>Elections</h2>
              <ul class="elections">
                ${m.elections.map(
                  (e) =>
                    html`<li>
                      ${e.post}: ${e.elected.join(', ') || 'no one'} —
                      <span class="rule">${e.rule}</span>: ${e.because}
                    </li>`,
                )}
              </ul>`
          : ''
      }
      ${
        m.corrected.length
          ? html`<h2>Corrected</h2>
              <ul>
                ${m.corrected.map((c) => html`<li>${c.type} read from correction ${c.correctionId} (first recorded as event ${c.eventId})</li>`)}
              </ul>`
          : ''
      }`,
  );
}
