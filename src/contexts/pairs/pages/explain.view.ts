import { standingsPageOf, type KindView } from './standings-kinds';
import { named, plainName, type PairNames } from './names';
import { cell, hundredths } from '../../../app/pages/format';
import { html, seg, type Html } from '../../../app/pages/html';
import { page } from '../../../app/pages/layout';
import { momentQuery, momentText } from '../../../app/pages/views/moment';
import type { Explained, PageMoment, Standings } from '../../../app/pages/views/shapes';
import { competitionPath } from './standings.view';

/** The fact ids an explanation names (`fact <uuid>`), in order, once each. */
function factsNamed(entries: Explained[]): string[] {
  const ids = entries.flatMap((e) =>
    [...e.effect.matchAll(/\bfact ([0-9a-f-]{36})\b/g)].map((m) => m[1]!),
  );
  return [...new Set(ids)];
}

function explainList(entries: Explained[]): Html {
  return html`<table class="explain">
    <thead>
      <tr>
        <th scope="col">rule</th>
        <th scope="col">session</th>
        <th scope="col">effect</th>
        <th scope="col" class="num">amount</th>
      </tr>
    </thead>
    <tbody>
      ${entries.map(
        (e) =>
          html`<tr>
            <td class="rule">${e.rule}</td>
            <td class="num">${e.session ?? ''}</td>
            <td>${e.effect}</td>
            <td class="num">${e.amount ?? ''}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/**
 * One row of the standings explained — the rule IDs and effects the JSON row carries,
 * each session's score counted or dropped, and the facts those entries name.
 */
export function explainPage(
  v: Standings,
  clubName: string,
  m: PageMoment,
  competitor: string,
  names: PairNames = {},
): string | undefined {
  const base = competitionPath(v.clubId, v.competitionId);
  let body: Html;
  let explain: Explained[];
  const plugged = standingsPageOf(v);
  if (plugged) {
    const shown = plugged.explain(v as KindView, competitor);
    if (!shown) return undefined;
    ({ body, explain } = shown);
  } else if (v.kind === 'nz') {
    const r = v.rows.find((x) => x.competitor === competitor);
    if (!r) return undefined;
    explain = r.explain;
    body = html` <p id="row">
        Place <strong>${r.place ?? '— (does not qualify)'}</strong>, total
        <strong id="total" data-value="${r.total}">${hundredths(r.total)} %</strong> of the counted
        sessions ${cell(r.counted)}; dropped ${cell(r.dropped)}; qualifies: ${cell(r.qualifies)}.
      </p>
      <h2>Sessions: counted and dropped</h2>
      <table class="sessions">
        <thead>
          <tr>
            <th scope="col">session</th>
            <th scope="col">played</th>
            <th scope="col">substitute</th>
            <th scope="col" class="num">raw %</th>
            <th scope="col" class="num">score %</th>
            <th scope="col">counted</th>
          </tr>
        </thead>
        <tbody>
          ${r.sessions.map(
            (s) =>
              html`<tr id="session-${s.session}">
                <td class="num">${s.session}</td>
                <td>${cell(s.played)}</td>
                <td>${cell(s.substitute)}</td>
                <td class="num">${s.raw === undefined ? '—' : hundredths(s.raw)}</td>
                <td class="num${s.counted === false ? ' dropped' : ''}">
                  ${s.score === undefined ? '—' : hundredths(s.score)}
                </td>
                <td>${s.counted === undefined ? '—' : s.counted ? 'counted' : 'dropped'}</td>
              </tr>`,
          )}
        </tbody>
      </table>`;
  } else if (v.kind === 'butler') {
    const r = v.rows.find((x) => x.pairId === competitor);
    if (!r) return undefined;
    explain = r.sessions.map((s) => ({
      rule: s.because.rule,
      session: s.session,
      effect: s.because.text,
      amount: s.imps,
    }));
    body = html` <p id="row">
        Place <strong>${r.place}</strong>, total
        <strong id="total" data-value="${r.total}">${r.total} IMPs</strong> against the datum
        (DSB-16b).
      </p>
      <h2>Sessions</h2>
      <table class="sessions">
        <thead>
          <tr>
            <th scope="col">session</th>
            <th scope="col" class="num">IMPs</th>
            <th scope="col">why</th>
          </tr>
        </thead>
        <tbody>
          ${r.sessions.map(
            (s) =>
              html`<tr id="session-${s.session}">
                <td class="num">${s.session}</td>
                <td class="num">${s.imps}</td>
                <td><span class="rule">${s.because.rule}</span>: ${s.because.text}</td>
              </tr>`,
          )}
        </tbody>
      </table>`;
  } else {
    const r = v.groups.flatMap((g) => g.rows).find((x) => x.pairId === competitor);
    if (!r) return undefined;
    const next = v.nextGroups?.find((n) => n.pairId === competitor);
    explain = [...r.explain, ...(next?.explain ?? [])];
    body = html` <p id="row">
        Group ${r.group}, rank <strong id="rank">${r.rank}</strong>, weighted percentage
        <strong id="total" data-value="${r.percentage}">${r.percentage}</strong> (exact ${r.exact}).
      </p>
      <h2>Sessions</h2>
      <table class="sessions">
        <thead>
          <tr>
            <th scope="col">session</th>
            <th scope="col">source</th>
            <th scope="col" class="num">%</th>
            <th scope="col">exact</th>
            <th scope="col" class="num">boards</th>
          </tr>
        </thead>
        <tbody>
          ${r.sessions.map(
            (s) =>
              html`<tr id="session-${s.session}">
                <td class="num">${s.session}</td>
                <td>${s.source}</td>
                <td class="num">${s.percentage ?? '—'}</td>
                <td>${s.exact ?? ''}</td>
                <td class="num">${s.boards ?? ''}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${r.participation ? html`<p class="note">Participation: ${JSON.stringify(r.participation)}</p>` : ''}
      ${
        next
          ? html`<h2 id="next-group">Next competition's group (DSB-8)</h2>
              <p>${next.from} → <strong>${next.to}</strong> (${next.move}).</p>
              ${explainList(next.explain)}`
          : ''
      }`;
  }
  const facts = factsNamed(explain);
  const rules = [...new Set(explain.map((e) => e.rule))];
  return page(
    {
      title: `${plainName(names, competitor)} in ${v.name}`,
      crumbs: [
        [clubName, `/clubs/${seg(v.clubId)}`],
        [v.name, `${base}${momentQuery(m)}`],
        [plainName(names, competitor)],
      ],
    },
    html`<p>${named(names, competitor)}</p>
      <p class="note">${momentText(m, v.position)}.</p>
      ${body}
      <h2>Why: every rule applied</h2>
      <p>Rules: ${rules.map((r, i) => html`${i ? ', ' : ''}<span class="rule">${r}</span>`)}</p>
      ${explainList(explain)}
      <h2>Facts named</h2>
      ${
        facts.length
          ? html`<ul class="facts">
              ${facts.map((f) => html`<li><code>fact ${f}</code></li>`)}
            </ul>`
          : html`<p class="note">
              The entries name no correction or ruling: the session results as recorded.
            </p>`
      }
      <p><a href="${base}${momentQuery(m)}">Back to the standings</a></p>`,
  );
}
