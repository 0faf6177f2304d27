import type { BoardDeal, ScorecardRow, SessionSheet, TravellerRow } from '../projection';
import { html, seg } from '../../../app/pages/html';
import { page } from '../../../app/pages/layout';

/** A scored session's pages: the evening's ranking and travellers, and each pair's scorecard. */

export const sessionPath = (clubId: string, sessionStreamId: string) =>
  `/clubs/${seg(clubId)}/sessions/${seg(sessionStreamId)}`;

/** A number as a column prints it: always two decimals, so a column lines up. */
const fixed = (n: number | undefined) => (n === undefined ? '—' : n.toFixed(2));

/** A pair as a person reads it: its players' names, its number beside them. */
function pairName(s: SessionSheet, pair: string) {
  const names = s.names[pair] ?? [];
  return names.length
    ? html`${names.join(' & ')} <span class="note">(${pair})</span>`
    : html`pair ${pair} <span class="note">(no names recorded)</span>`;
}

const scoreText = (l: TravellerRow) =>
  l.artificial
    ? `${l.artificial.nsPercent}% / ${l.artificial.ewPercent}%`
    : l.nsScore !== undefined
      ? String(l.nsScore)
      : '—';

function heading(s: SessionSheet) {
  const r = s.result;
  return `session ${r.session}${r.section !== undefined ? `, section ${r.section}` : ''}, ${r.date}`;
}

/** A pair's scorecard, at a board when given: where its numbers are explained board by board. */
const scorecardPath = (s: SessionSheet, clubId: string, pair: string, board?: number) =>
  `${sessionPath(clubId, s.result.sessionStreamId)}/pairs/${seg(pair)}${board !== undefined ? `#board-${board}` : ''}`;

function ranking(s: SessionSheet, clubId: string) {
  const mp = s.result.scoringMethod === 'MP';
  const card = (pair: string) => scorecardPath(s, clubId, pair);
  const fields = [...new Set(s.result.pairs.map((p) => p.field))];
  return fields.map(
    (field) =>
      html`<table class="ranking">
        <caption>
          ${field === 'all' || field === 'ALL' ? 'Ranking' : `Ranking ${field}`}
        </caption>
        <thead>
          <tr>
            <th scope="col" class="num">place</th>
            <th scope="col">pair</th>
            <th scope="col" class="num">${mp ? 'matchpoints' : 'IMPs'}</th>
            ${mp ? html`<th scope="col" class="num">%</th>` : ''}
            <th scope="col" class="num">boards</th>
          </tr>
        </thead>
        <tbody>
          ${s.result.pairs
            .filter((p) => p.field === field)
            .map(
              (p) =>
                html`<tr data-pair="${p.pair}">
                  <td class="num">${p.place}</td>
                  <th scope="row">
                    <a href="${card(p.pair)}">${pairName(s, p.pair)}</a>
                  </th>
                  <td class="num">
                    <a href="${card(p.pair)}" title="board by board">${fixed(p.publishedTotal)}</a>
                  </td>
                  ${
                    mp
                      ? html`<td class="num">
                          <a href="${card(p.pair)}" title="board by board"
                            >${fixed(p.percentage)}</a
                          >
                        </td>`
                      : ''
                  }
                  <td class="num">${p.boardsPlayed}</td>
                </tr>`,
            )}
        </tbody>
      </table>`,
  );
}

const SUITS = [
  ['♠', 'spades'],
  ['♥', 'hearts'],
  ['♦', 'diamonds'],
  ['♣', 'clubs'],
] as const;

/** One hand as a hand record prints it: a line a suit, a void a dash, T as 10. */
const hand = (cards: string, seat: string) =>
  html`<div class="hand hand-${seat}">
    <strong>${seat}</strong>
    ${cards.split('.').map(
      (suit, i) =>
        html`<div>
          <span aria-label="${SUITS[i]![1]}">${SUITS[i]![0]}</span>
          ${suit ? suit.replaceAll('T', '10').split('').join(' ').replaceAll('1 0', '10') : '—'}
        </div>`,
    )}
  </div>`;

/** The hand record: North above, West and East beside, South below; dealer and vulnerability. */
function handRecord(board: number, d: BoardDeal) {
  return html`<figure class="deal" aria-label="board ${board} hand record">
    <div class="deal-grid">
      <div class="deal-info">
        Board
        ${board}${d.dealer ? html`<br />Dealer ${d.dealer}` : ''}${
          d.vulnerable ? html`<br />Vul ${d.vulnerable}` : ''
        }
      </div>
      ${hand(d.hands.N, 'N')}
      <div></div>
      ${hand(d.hands.W, 'W')}
      <div></div>
      ${hand(d.hands.E, 'E')}
      <div></div>
      ${hand(d.hands.S, 'S')}
    </div>
  </figure>`;
}

/** A director's score as the traveller notes it under its line (Law 12, DSB-19). */
function adjustmentNote(l: TravellerRow) {
  const a = l.adjusted!;
  const what = a.kind === 'late-board' ? 'board not started' : `${a.kind} score`;
  return html`<tr class="adjustment">
    <td colspan="9">
      Adjusted (${what}${a.law ? `, Law ${a.law}` : ''}): ${a.shown} —
      ${a.reason}${a.appeal ? html`; decided on appeal ${a.appeal}` : ''}${
        a.correctedBy ? html`; corrected by ${a.correctedBy}` : ''
      }
    </td>
  </tr>`;
}

function traveller(s: SessionSheet, clubId: string, board: number, lines: TravellerRow[]) {
  const mp = s.result.scoringMethod === 'MP';
  const datum = s.result.datums?.[board];
  const points = (pair: string, n: number | undefined) =>
    n === undefined
      ? '—'
      : html`<a href="${scorecardPath(s, clubId, pair, board)}" title="pair ${pair}’s scorecard"
          >${fixed(n)}</a
        >`;
  return html`<table class="traveller" id="board-${board}">
    <caption>
      Board ${board}${datum !== undefined ? html` <span class="note">datum ${datum}</span>` : ''}
    </caption>
    <thead>
      <tr>
        <th scope="col">NS</th>
        <th scope="col">EW</th>
        <th scope="col">contract</th>
        <th scope="col">by</th>
        <th scope="col">lead</th>
        <th scope="col" class="num">tricks</th>
        <th scope="col" class="num">score NS</th>
        <th scope="col" class="num">${mp ? 'MP' : 'IMPs'} NS</th>
        <th scope="col" class="num">${mp ? 'MP' : 'IMPs'} EW</th>
      </tr>
    </thead>
    <tbody>
      ${lines.map(
        (l) =>
          html`<tr${l.adjusted ? html` class="adjusted"` : ''}>
              <td>${l.nsPair}</td>
              <td>${l.ewPair}</td>
              <td>${l.contract ?? (l.kind === 'played' ? '' : l.kind)}</td>
              <td>${l.declarer ?? ''}</td>
              <td>${l.lead ?? ''}</td>
              <td class="num">${l.tricks ?? ''}</td>
              <td class="num">
                ${
                  l.adjusted
                    ? html`<s>${scoreText(l)}</s> <strong>${l.adjusted.shown}</strong>`
                    : scoreText(l)
                }${l.correctedBy ? html` <span class="note">(corrected)</span>` : ''}
              </td>
              <td class="num">${points(l.nsPair, l.nsPoints)}</td>
              <td class="num">${points(l.ewPair, l.ewPoints)}</td>
            </tr>
            ${l.adjusted ? adjustmentNote(l) : ''}`,
      )}
    </tbody>
  </table>`;
}

/** How the session's numbers are made, naming the rule of each. */
function howScored(s: SessionSheet) {
  switch (s.result.scoringMethod) {
    case 'MP':
      return html`Matchpoints (STD-MP): on each board a pair scores 2 for each line it beats and 1
      for each it ties, a top of ${s.top}; a board played fewer times is factored up (STD-NEUBERG).
      A pair’s percentage is its matchpoints over its tops.`;
    case 'BUTLER':
      return html`Butler IMPs (STD-BUTLER): each line against the board’s datum (the average of the
      lines, the highest and lowest left out), converted to IMPs (STD-IMP).`;
    default:
      return html`Cross-IMPs (STD-CROSSIMP): each line against every other line of the board, in
      IMPs (STD-IMP), averaged.`;
  }
}

/** The evening: its ranking in each field, then each board's traveller. */
export function sessionPage(s: SessionSheet, clubId: string, clubName: string): string {
  const mp = s.result.scoringMethod === 'MP';
  return page(
    {
      title: `${clubName}: ${heading(s)}`,
      crumbs: [[clubName, `/clubs/${seg(clubId)}`], [heading(s)]],
    },
    html`<p>
        Scored by
        ${mp ? `matchpoints (top ${s.top} a board)` : s.result.scoringMethod.toLowerCase()} under
        ${s.result.rulebook ? `${s.result.rulebook.preset}` : 'the engine’s defaults'}.
      </p>
      <p class="actions">
        <a href="/sessions/${seg(s.result.sessionStreamId)}/result">JSON</a>
        <a href="${sessionPath(clubId, s.result.sessionStreamId)}/usebio.xml">USEBIO</a>
        <a href="${sessionPath(clubId, s.result.sessionStreamId)}/session.pbn">PBN</a>
      </p>
      <section class="rankings">
        ${ranking(s, clubId)}
        <p class="note">
          ${howScored(s)} Each number links to the pair’s scorecard, board by board, and each board
          there to its traveller.
        </p>
      </section>
      <h2 class="travellers">Travellers</h2>
      ${s.boards.map(
        (b) =>
          html`<section class="board">
            ${b.deal ? handRecord(b.board, b.deal) : ''} ${traveller(s, clubId, b.board, b.lines)}
          </section>`,
      )}`,
  );
}

/** One pair's scorecard: board by board, the opponents, the contract, the score, the running total. */
export function scorecardPage(
  s: SessionSheet,
  pair: string,
  rows: ScorecardRow[],
  clubId: string,
  clubName: string,
): string {
  const mp = s.result.scoringMethod === 'MP';
  const row = s.result.pairs.find((p) => p.pair === pair);
  const base = sessionPath(clubId, s.result.sessionStreamId);
  return page(
    {
      title: `${clubName}: scorecard of pair ${pair}, ${heading(s)}`,
      crumbs: [[clubName, `/clubs/${seg(clubId)}`], [heading(s), base], [`pair ${pair}`]],
    },
    html`<p>
        ${pairName(s, pair)}${
          row
            ? html`: place ${row.place}, ${fixed(row.publishedTotal)}
              ${mp ? `(${fixed(row.percentage)} %)` : 'IMPs'}`
            : ''
        }
      </p>
      <table class="scorecard">
        <thead>
          <tr>
            <th scope="col" class="num">board</th>
            <th scope="col">as</th>
            <th scope="col">against</th>
            <th scope="col">contract</th>
            <th scope="col">by</th>
            <th scope="col" class="num">score</th>
            <th scope="col" class="num">${mp ? 'MP' : 'IMPs'}</th>
            <th scope="col" class="num">running</th>
          </tr>
        </thead>
        <tbody>
          ${rows.map(
            (r) =>
              html`<tr id="board-${r.board}">
                <td class="num"><a href="${base}#board-${r.board}">${r.board}</a></td>
                <td>${r.direction}</td>
                <td>${pairName(s, r.opponents)}</td>
                <td>${r.contract ?? ''}</td>
                <td>${r.declarer ?? ''}</td>
                <td class="num">
                  ${r.adjusted ? html`<strong>${r.score ?? r.adjusted}</strong> <span class="note">adjusted</span>` : (r.score ?? '—')}
                </td>
                <td class="num">
                  <a href="${base}#board-${r.board}" title="board ${r.board}’s traveller"
                    >${fixed(r.points)}</a
                  >
                </td>
                <td class="num">${fixed(r.running)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`,
  );
}
