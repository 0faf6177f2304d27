import { named, type PairNames } from './names';
import type { TableDiff } from '../../../audit/what-if';
import { cell } from '../../../app/pages/format';
import { html, seg } from '../../../app/pages/html';
import { page } from '../../../app/pages/layout';
import { competitionPath } from './standings.view';

interface Change {
  subject: string;
  group?: string;
  field: string;
  from: unknown;
  to: unknown;
  because: {
    added: Array<{ rule: string; effect: string }>;
    removed: Array<{ rule: string; effect: string }>;
  };
  rules: string[];
  facts: string[];
  via?: string[];
}

const side = (s: TableDiff['from']) => {
  const x = s as unknown as { at: string; position: number };
  return `${x.at} (ledger position ${x.position})`;
};

/** DiffAt's answer as a table, every change with its rule IDs and facts. */
export function diffPage(
  d: TableDiff,
  clubId: string,
  clubName: string,
  competitionId: string,
  name: string,
  query: { from: string; to: string },
  names: PairNames = {},
): string {
  const base = competitionPath(clubId, competitionId);
  const changes = d.changes as unknown as Change[];
  return page(
    {
      title: `${name}: what changed`,
      crumbs: [[clubName, `/clubs/${seg(clubId)}`], [name, base], ['diff']],
    },
    html`<p>
        From <strong>${side(d.from)}</strong> to <strong>${side(d.to)}</strong>:
        <strong class="change-count">${changes.length}</strong> change(s).
      </p>
      <form class="chooser" method="get" aria-label="choose the two moments">
        <label
          >from (position, instant, published or published:N)<input
            name="from"
            value="${query.from}"
        /></label>
        <label>to (… or now)<input name="to" value="${query.to}" /></label>
        <button type="submit">Compare</button>
      </form>
      <p class="actions">
        <a
          href="/competitions/${seg(competitionId)}/diff?from=${seg(query.from)}&amp;to=${seg(query.to)}"
          >JSON</a
        >
      </p>
      ${
        changes.length
          ? html`<table class="diff">
              <caption>
                Every number that changed
              </caption>
              <thead>
                <tr>
                  <th scope="col">subject</th>
                  <th scope="col">group</th>
                  <th scope="col">field</th>
                  <th scope="col" class="num">from</th>
                  <th scope="col" class="num">to</th>
                  <th scope="col">rules</th>
                  <th scope="col">facts</th>
                  <th scope="col">because</th>
                </tr>
              </thead>
              <tbody>
                ${changes.map(
                  (c) =>
                    html`<tr>
                      <th scope="row">
                        ${
                          c.subject === 'heading'
                            ? c.subject
                            : named(names, c.subject, `${base}/explain/${seg(c.subject)}`)
                        }
                      </th>
                      <td>${c.group ?? '-'}</td>
                      <td>${c.field}</td>
                      <td class="num">${cell(c.from)}</td>
                      <td class="num">${cell(c.to)}</td>
                      <td>
                        ${c.rules.join(' ')}${c.via?.length ? html` <small>(via ${c.via.join(', ')})</small>` : ''}
                      </td>
                      <td>${c.facts.map((f) => html`<code>${f}</code><br />`)}</td>
                      <td>
                        ${
                          c.because.added.length || c.because.removed.length
                            ? html`<details>
                                <summary>
                                  ${c.because.added.length} added, ${c.because.removed.length}
                                  removed
                                </summary>
                                <ul>
                                  ${c.because.added.map((e) => html`<li>+ <span class="rule">${e.rule}</span> ${e.effect}</li>`)}
                                  ${c.because.removed.map((e) => html`<li>− <span class="rule">${e.rule}</span> ${e.effect}</li>`)}
                                </ul>
                              </details>`
                            : ''
                        }
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>`
          : html`<p class="note">Nothing changed between the two moments.</p>`
      }`,
  );
}
