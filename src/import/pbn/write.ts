import {
  resultAsScored,
  type SessionSheet,
  type TravellerRow,
} from '../../contexts/pairs/projection';

/** What a PBN file names beside the sheet: the event and the site (the club). */
export interface PbnHeader {
  event: string;
  site?: string;
}

const SCORING = { MP: 'MP', BUTLER: 'Butler', CROSS_IMP: 'Cross-IMP' } as const;

/** A PBN string: a backslash and a quote escaped (PBN 2.1 §3.1). */
const quoted = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const tag = (name: string, value: string) => `[${name} ${quoted(value)}]`;
/** A table's column spec as PBN programs write it: the backslashes of `PairId_NS\2R` as they are. */
const tableTag = (name: string, spec: string) => `[${name} "${spec}"]`;
/** PBN writes a card suit first: the lead `AS` is `SA`. */
const pbnCard = (card: string | undefined) =>
  card && /^[2-9TJQKA][SHDC]$/.test(card) ? `${card[1]}${card[0]}` : card;
const cell = (v: string | number | undefined) =>
  v === undefined || v === '' ? '-' : /\s|"/.test(String(v)) ? quoted(String(v)) : String(v);
const fixed = (n: number | undefined) => (n === undefined ? undefined : n.toFixed(2));

/**
 * One ScoreTable row, as `import pbn` reads it back: NS, EW, contract, declarer, tricks, lead,
 * the score, the points; a director's score as it was scored (`resultAsScored`).
 */
function row(line: TravellerRow): string {
  const l = resultAsScored(line);
  const artificial = l.artificial
    ? `A${String(l.artificial.nsPercent).padStart(2, '0')}${String(l.artificial.ewPercent).padStart(2, '0')}`
    : undefined;
  const ns = l.nsScore;
  const cells = [
    l.nsPair,
    l.ewPair,
    l.kind === 'passed-out' ? 'Pass' : l.contract,
    l.declarer,
    l.tricks,
    pbnCard(l.lead),
    artificial ?? (ns !== undefined && ns >= 0 ? ns : undefined),
    artificial ? undefined : ns !== undefined && ns < 0 ? -ns : undefined,
    fixed(l.nsPoints),
    fixed(l.ewPoints),
  ];
  return cells.map(cell).join(' ');
}

/**
 * A scored session as PBN 2.1: per board its deal when recorded (`[Deal]`, with `[Dealer]` and
 * `[Vulnerable]`) and its `[ScoreTable]` (the traveller with each side's points), then the
 * `[TotalScoreTable]` (rank, pair, total, percentage, the players' names). The columns are
 * those `import pbn` reads.
 */
export function pbnOf(sheet: SessionSheet, header: PbnHeader): string {
  const r = sheet.result;
  const mp = r.scoringMethod === 'MP';
  const points = mp ? 'MP' : 'IMP';
  const out = ['% PBN 2.1', '% EXPORT', '% written by bridge-ledger from the ledger’s facts'];
  const head = [
    tag('Event', header.event),
    ...(header.site ? [tag('Site', header.site)] : []),
    tag('Date', r.date.replaceAll('-', '.')),
    tag('Scoring', SCORING[r.scoringMethod]),
    tag('Generator', 'bridge-ledger'),
  ];
  sheet.boards.forEach((b, i) => {
    out.push(...(i === 0 ? head : []), tag('Board', String(b.board)));
    if (b.deal) {
      if (b.deal.dealer) out.push(tag('Dealer', b.deal.dealer));
      if (b.deal.vulnerable) out.push(tag('Vulnerable', b.deal.vulnerable));
      const h = b.deal.hands;
      out.push(tag('Deal', `N:${h.N} ${h.E} ${h.S} ${h.W}`));
    }
    out.push(
      tableTag(
        'ScoreTable',
        `PairId_NS\\4R;PairId_EW\\4R;Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;${points}_NS\\6R;${points}_EW\\6R`,
      ),
      ...b.lines.map(row),
      '',
    );
  });
  out.push(
    tableTag(
      'TotalScoreTable',
      `Rank\\3R;PairId\\4R;TotalScore${points}\\8R;${mp ? 'TotalPercentage\\6R;' : ''}Names\\40L`,
    ),
    ...r.pairs.map((p) =>
      [
        p.place,
        p.pair,
        fixed(p.publishedTotal),
        ...(mp ? [fixed(p.percentage)] : []),
        quoted((sheet.names[p.pair] ?? []).join(' - ')),
      ]
        .map((v) => (typeof v === 'string' && v.startsWith('"') ? v : cell(v)))
        .join(' '),
    ),
    '',
  );
  return out.join('\n');
}
