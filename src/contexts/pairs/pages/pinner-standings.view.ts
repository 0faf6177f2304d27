/**
 * How a Pinner event's standings are shown: the sessions with the licence level in force
 * (PIN-R6), the pairs by total with what each may win (PIN-R13), the chart, the CSV and a row's
 * explanation.
 */
import { html, type Html } from '../../../app/pages/html';
import { lineChart } from '../../../app/pages/chart';
import { toCsv, type CsvValue } from '../../../ledger/csv';
import { namedCell, type PairNames } from './names';
import type { KindView, StandingsKindPage } from './standings-kind-page';
import type { CompetitorPrize } from '../projection/prizes';
import type { HeldUnder } from '../domain/state';

/** What the page reads of a `pinner` standings body (the pinner-2018 ruleset's). */
interface PinnerRow {
  pairId: string;
  place: number;
  total: number;
  sessions: Array<{ session: number; percentage: number | null }>;
  prize: CompetitorPrize;
  explain: Array<{ rule: string; session?: number; effect: string }>;
}

interface PinnerSession {
  session: number;
  date: string;
  startTime?: string;
  licence: { rule: string; level: number | null; reason: string };
  held?: HeldUnder;
}

type PinnerView = KindView & {
  kind: 'pinner';
  special: boolean;
  sessionLevels: PinnerSession[];
  rows: PinnerRow[];
};

const pct = (n: number | null) => (n === null ? '—' : n.toFixed(2));

/** What was recorded of a session's conventions, beside the level in force. */
function recorded(s: PinnerSession): string {
  const h = s.held;
  if (!h) return 'not recorded';
  const parts = [
    h.conventionsLevel !== undefined ? `Level ${h.conventionsLevel}` : 'level not recorded',
    h.levelDecidedOn ? `committee's decision of ${h.levelDecidedOn}` : '',
    h.sponsoredBy ? `sponsored by ${h.sponsoredBy}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

function sessionsTable(v: PinnerView): Html {
  return html`<table class="sessions" data-kind="pinner-sessions">
    <caption>
      Sessions: conventions restricted to the licence level in force (PIN-R6)
    </caption>
    <thead>
      <tr>
        <th scope="col" class="num">session</th>
        <th scope="col">date</th>
        <th scope="col">start</th>
        <th scope="col">level in force</th>
        <th scope="col">recorded</th>
      </tr>
    </thead>
    <tbody>
      ${v.sessionLevels.map(
        (s) =>
          html`<tr data-session="${s.session}" data-level="${String(s.licence.level)}">
            <td class="num">${s.session}</td>
            <td>${s.date}</td>
            <td>${s.startTime ?? '—'}</td>
            <td title="${s.licence.reason}">
              ${s.licence.level === null ? 'the sponsor’s' : `Level ${s.licence.level}`}
              <span class="rule">${s.licence.rule}</span>
            </td>
            <td>${recorded(s)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export const pinnerStandingsPage: StandingsKindPage<PinnerView> = {
  table(v, { names, heading, explainHref }) {
    const sessions = Array.from({ length: v.afterSession }, (_, i) => i + 1);
    return html`${sessionsTable(v)}
      <table class="standings" data-kind="pinner" data-special="${String(v.special)}">
        <caption>
          ${v.special ? 'Special event (enhanced prize money)' : 'Duplicate'}: place, total of the
          session percentages, each session's, what each pair may win (PIN-R13)
        </caption>
        <thead>
          <tr>
            <th scope="col" class="num">place</th>
            <th scope="col">pair</th>
            <th scope="col" class="num">total</th>
            ${sessions.map((s) => heading(s))}
            <th scope="col">prize</th>
          </tr>
        </thead>
        <tbody>
          ${v.rows.map((r) => {
            const href = (a: string) => explainHref(r.pairId, a);
            return html`<tr data-competitor="${r.pairId}">
              <td class="num">${r.place}</td>
              ${namedCell(names, r.pairId, href('row'))}
              <td class="num total"><a href="${href('total')}">${pct(r.total)}</a></td>
              ${r.sessions.map((s) => html`<td class="num">${pct(s.percentage)}</td>`)}
              <td class="prize" data-may-win="${r.prize.mayWin}" title="${r.prize.reason}">
                <a href="${href('row')}">${r.prize.mayWin}</a>
                <span class="rule">${r.prize.rule}</span>
              </td>
            </tr>`;
          })}
        </tbody>
      </table>`;
  },
  chart(v, bySession, label) {
    return lineChart({
      id: 'chart-total',
      title: `${v.name}: running total by session`,
      yLabel: 'total of the session percentages',
      sessions: bySession.map((s) => s.afterSession),
      series: v.rows.map((r) => ({
        name: label(r.pairId),
        values: bySession.map((s) => s.rows.find((x) => x.pairId === r.pairId)?.total ?? null),
      })),
      format: (n) => n.toFixed(2),
    });
  },
  csv(v, names: PairNames) {
    const sessions = Array.from({ length: v.afterSession }, (_, i) => `session ${i + 1}`);
    return toCsv(
      ['place', 'pairId', 'names', 'total', ...sessions, 'prize', 'prize rule'],
      v.rows.map((r): CsvValue[] => [
        r.place,
        r.pairId,
        Object.hasOwn(names, r.pairId) ? names[r.pairId] : undefined,
        r.total,
        ...r.sessions.map((s) => s.percentage),
        r.prize.mayWin,
        r.prize.rule,
      ]),
    );
  },
  explain(v, competitor) {
    const r = v.rows.find((x) => x.pairId === competitor);
    if (!r) return undefined;
    const body = html`<p id="row">
        Place <strong>${r.place}</strong>, total
        <strong id="total" data-value="${r.total}">${pct(r.total)}</strong> of the session
        percentages; may win <strong>${r.prize.mayWin}</strong> (${r.prize.rule}).
      </p>
      <p class="note">${r.prize.reason}</p>`;
    return { body, explain: r.explain };
  },
};
