import type { ScoringMethod } from '../../contexts/pairs/facts/session';
import type {
  ImportIssue,
  ImportedBoard,
  ImportedDeal,
  ImportedLine,
  ImportedPair,
  ImportedSession,
} from '../model';
import { isPhantom } from '../phantom';
import { checkSession } from '../session-checks';
import { readArtificial, readResult } from '../traveller';

/**
 * PBN (Portable Bridge Notation 2.1) board results: the `[ScoreTable "…"]` of each board.
 * The tag's value is the column spec (`PairId_NS\2R;PairId_EW\2R;Contract\4L;…`); the rows
 * that follow are split on whitespace and quoted strings, not by the declared widths (which
 * programs do not always respect). A `[TotalScoreTable]` gives the pairs' names when present.
 */

export interface PbnReadOptions {
  clubId: string;
  /** Default: the Event tag. */
  eventId?: string;
  session?: string;
  /** Force one field (1) or NS/EW fields (2); default: 1 when a pair sits both ways. */
  winnerType?: 1 | 2;
}

export class PbnError extends Error {
  readonly code = 'INVALID_FILE';
  constructor(readonly issues: ImportIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  }
}

interface Table {
  name: string;
  line: number;
  columns: string[];
  rows: { line: number; cells: string[] }[];
  tags: Map<string, string>;
}

const TAG = /^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/;

/** Whitespace-separated cells; a quoted string is one cell. */
export function splitCells(row: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
  let m;
  while ((m = re.exec(row))) out.push(m[1] !== undefined ? m[1] : m[2]!);
  return out;
}

/** Column names of a table spec: `PairId_NS\2R;Contract\4L` → [PairId_NS, Contract]. */
export function columnsOf(spec: string): string[] {
  return spec
    .split(';')
    .map((c) => c.split('\\')[0]!.trim())
    .filter(Boolean);
}

/** Every tag of each board, wherever it stands in the board's section (e.g. a Datum after the ScoreTable). */
export type BoardTags = Map<string, Map<string, string>>;

function readTables(
  text: string,
  issues: ImportIssue[],
  boardTags: BoardTags = new Map(),
): Table[] {
  const tables: Table[] = [];
  const tags = new Map<string, string>();
  let current: Table | undefined;
  let inComment = false;
  text.split(/\r?\n/).forEach((raw, i) => {
    const lineNo = i + 1;
    const line = raw.trim();
    if (inComment) {
      if (line.includes('}')) inComment = false;
      return;
    }
    if (line.startsWith('{')) {
      inComment = !line.includes('}');
      return;
    }
    if (line.startsWith('%') || line.startsWith(';')) return;
    if (line === '') {
      current = undefined;
      return;
    }
    if (line.startsWith('[')) {
      const m = TAG.exec(line);
      if (!m) {
        issues.push({ path: `line ${lineNo}`, message: `not a PBN tag: ${line.slice(0, 60)}` });
        current = undefined;
        return;
      }
      const [, name, value] = m as unknown as [string, string, string];
      // "#" repeats the previous game's value (PBN 2.1 §3.5).
      const v = value === '#' ? (tags.get(name) ?? '') : value;
      if (name === 'Board') {
        for (const k of [...tags.keys()]) if (!KEPT.includes(k)) tags.delete(k);
      }
      tags.set(name, v);
      const board = tags.get('Board');
      if (board) {
        const m = boardTags.get(board) ?? new Map<string, string>();
        m.set(name, v);
        boardTags.set(board, m);
      }
      if (name === 'ScoreTable' || name === 'TotalScoreTable') {
        current = { name, line: lineNo, columns: columnsOf(v), rows: [], tags: new Map(tags) };
        tables.push(current);
      } else current = undefined;
      return;
    }
    if (current) current.rows.push({ line: lineNo, cells: splitCells(line) });
  });
  return tables;
}

function readSide(text: string | undefined): 'NS' | 'EW' | undefined {
  const t = (text ?? '').toUpperCase().replace(/[^NSEW]/g, '');
  return t === 'NS' || t === 'N' ? 'NS' : t === 'EW' || t === 'E' ? 'EW' : undefined;
}

function publishedNumber(v: string | undefined) {
  return v !== undefined && /^[+-]?\d+(\.\d+)?$/.test(v)
    ? { value: Number(v), decimals: v.includes('.') ? v.split('.')[1]!.length : 0 }
    : undefined;
}

/** Tags that hold for the whole file, kept across boards. */
const KEPT = ['Event', 'Site', 'Date', 'Scoring', 'Program', 'Generator', 'Application'];

const DASH = (s: string | undefined) => (s === undefined || s === '-' || s === '' ? undefined : s);

function pbnDate(text: string | undefined): string | undefined {
  const m = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(text ?? '');
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

/** Reads a PBN file's board results into one session. Throws PbnError naming each problem. */
export function parsePbn(
  text: string,
  options: PbnReadOptions,
): { session: ImportedSession; warnings: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const boardTags: BoardTags = new Map();
  const tables = readTables(text, issues, boardTags);
  const scoreTables = tables.filter((t) => t.name === 'ScoreTable');
  if (scoreTables.length === 0) {
    issues.push({
      path: 'ScoreTable',
      message: 'no [ScoreTable] in the file: no board results to import',
    });
    throw new PbnError(issues);
  }
  const first = scoreTables[0]!.tags;
  const date = pbnDate(first.get('Date'));
  if (!date)
    issues.push({
      path: 'Date',
      message: `a [Date "YYYY.MM.DD"] tag is required, got "${first.get('Date') ?? ''}"`,
    });
  const eventText = options.eventId ?? first.get('Event') ?? '';
  const eventId = eventText
    .trim()
    .replace(/[^A-Za-z0-9_.:@-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  if (!eventId) issues.push({ path: 'Event', message: 'an [Event] tag (or --event) is required' });
  const scoring = (first.get('Scoring') ?? '').toUpperCase();
  const scoringMethod: ScoringMethod = /CROSS/.test(scoring)
    ? 'CROSS_IMP'
    : /BUTLER|IMP/.test(scoring)
      ? 'BUTLER'
      : 'MP';

  const raw: {
    board: number;
    at: string;
    line: ImportedLine | undefined;
    ns: string;
    ew: string;
    names: Record<'NS' | 'EW', string | undefined>;
  }[] = [];
  const boards = new Map<number, ImportedBoard>();
  const rowsOf = new Map<number, number>();
  for (const t of scoreTables) {
    const boardText = t.tags.get('Board') ?? '';
    const board = Number(boardText);
    if (!/^\d+$/.test(boardText) || board < 1) {
      issues.push({
        path: `line ${t.line}`,
        message: `ScoreTable without a [Board] number (got "${boardText}")`,
      });
      continue;
    }
    const col = (name: string) =>
      t.columns.findIndex((c) => c.toLowerCase() === name.toLowerCase());
    const need = ['PairId_NS', 'PairId_EW'];
    const missing = need.filter((c) => col(c) < 0);
    if (missing.length) {
      issues.push({
        path: `line ${t.line}: board ${board} ScoreTable`,
        message: `required column(s) ${missing.join(', ')} missing (columns: ${t.columns.join(', ')})`,
      });
      continue;
    }
    const deal = dealOf(t.tags);
    const entry = boards.get(board) ?? {
      path: `line ${t.line}: board ${board}`,
      board,
      lines: [],
      ...(deal ? { deal } : {}),
    };
    boards.set(board, entry);
    t.rows.forEach((row, r) => {
      const at = `line ${row.line}: board ${board} row ${r + 1}`;
      if (row.cells.length !== t.columns.length) {
        issues.push({
          path: at,
          message: `${row.cells.length} cells for ${t.columns.length} columns (${t.columns.join(', ')})`,
        });
        return;
      }
      const cell = (name: string) => {
        const i = col(name);
        return i < 0 ? undefined : row.cells[i];
      };
      const ns = cell('PairId_NS')!;
      const ew = cell('PairId_EW')!;
      const lineNo = (rowsOf.get(board) ?? 0) + 1;
      rowsOf.set(board, lineNo);
      const label = `board ${board} line ${lineNo}`;
      if (DASH(ns) === undefined || DASH(ew) === undefined) {
        // A "Bye" row: a pair sitting out with no opponent. A sit-out is imported only as a
        // line against a phantom pair, which the row does not name.
        issues.push({
          path: `${at} PairId_${DASH(ns) === undefined ? 'NS' : 'EW'}`,
          message: `${label}: a row without a pair (a sit-out with no opponent) cannot be imported; give the sit-out as a line against a phantom pair (a pair named "Phantom")`,
        });
        return;
      }
      const scoreNs = DASH(cell('Score_NS') ?? cell('Score'));
      const scoreEw = DASH(cell('Score_EW'));
      const pctNs = DASH(cell('Percentage_NS'));
      const pctEw = DASH(cell('Percentage_EW'));
      const contract = DASH(cell('Contract'));
      let score: string | undefined;
      if (scoreNs !== undefined) score = scoreNs;
      else if (scoreEw !== undefined)
        score = /^\d+$/.test(scoreEw) ? String(-Number(scoreEw)) : scoreEw;
      // On a played line (a contract or a score) Percentage_NS/EW are the
      // published percentages, to check; only a line with neither is an artificial score.
      const artificialPct =
        contract === undefined &&
        score === undefined &&
        (pctNs !== undefined || pctEw !== undefined);
      if (artificialPct) score = `${pctNs ?? 0}%/${pctEw ?? 0}%`;
      const read = readResult(
        {
          board,
          contract: score && readArtificial(score) ? undefined : contract,
          declarer: DASH(cell('Declarer')),
          lead: DASH(cell('Lead')),
          tricks: DASH(cell('Result')),
          score,
        },
        (f) =>
          `${at} ${{ contract: 'Contract', declarer: 'Declarer', lead: 'Lead', tricks: 'Result', score: artificialPct ? 'Percentage_NS' : scoreNs !== undefined ? (col('Score_NS') >= 0 ? 'Score_NS' : 'Score') : 'Score_EW' }[f]}`,
        label,
      );
      issues.push(...read.issues);
      warnings.push(...read.warnings);
      const num = (v: string | undefined) =>
        v !== undefined && /^[+-]?\d+(\.\d+)?$/.test(v)
          ? { value: Number(v), decimals: v.includes('.') ? v.split('.')[1]!.length : 0 }
          : undefined;
      const mp = (side: 'NS' | 'EW') => num(DASH(cell(`MP_${side}`) ?? cell(`IMP_${side}`)));
      const percent = (side: 'NS' | 'EW') => num(DASH(cell(`Percentage_${side}`)));
      const line = read.result
        ? {
            path: at,
            board,
            line: lineNo,
            nsPair: ns,
            ewPair: ew,
            result: read.result,
            published: {
              ns: mp('NS'),
              ew: mp('EW'),
              ...(percent('NS') ? { nsPercent: percent('NS') } : {}),
              ...(percent('EW') ? { ewPercent: percent('EW') } : {}),
            },
          }
        : undefined;
      if (line) entry.lines.push(line);
      raw.push({
        board,
        at,
        line,
        ns,
        ew,
        names: { NS: DASH(cell('Names_NS')), EW: DASH(cell('Names_EW')) },
      });
    });
  }

  // Pairs: from the lines (and their names), or the TotalScoreTable's PairId/Names.
  const bothWays = new Set(raw.map((x) => x.ns).filter((p) => raw.some((y) => y.ew === p)));
  const winnerType = options.winnerType ?? (bothWays.size > 0 ? 1 : 2);
  const seat = (p: string, side: 'NS' | 'EW') =>
    winnerType === 2 && bothWays.has(p) ? `${p}${side}` : p;
  const pairs = new Map<string, ImportedPair>();
  const names = new Map<string, string>();
  /** Published results of each pair (TotalScoreTable), by PairId and, when given, direction. */
  const totals = new Map<
    string,
    { at: string; columns: ImportedPair['columns']; published: ImportedPair['published'] }
  >();
  for (const t of tables.filter((x) => x.name === 'TotalScoreTable')) {
    const find = (...n: string[]) =>
      t.columns.findIndex((c) => n.some((x) => c.toLowerCase() === x.toLowerCase()));
    const id = find('PairId');
    const nm = find('Names');
    const rank = find('Rank');
    const total = find('TotalScoreMP', 'TotalScore', 'TotalMP', 'TotalScoreIMP', 'TotalIMP');
    const pct = find('TotalPercentage', 'Percentage');
    const dir = find('Direction');
    if (id < 0) continue;
    t.rows.forEach((row, r) => {
      const pid = row.cells[id];
      if (!pid) return;
      if (nm >= 0 && row.cells[nm]) names.set(pid, row.cells[nm]!);
      const d = dir >= 0 ? readSide(row.cells[dir]) : undefined;
      const col = (i: number) => (i >= 0 ? DASH(row.cells[i]) : undefined);
      totals.set(d ? `${pid}|${d}` : pid, {
        at: `line ${row.line}: TotalScoreTable row ${r + 1}`,
        columns: {
          total: t.columns[total] ?? 'TotalScore',
          percentage: t.columns[pct] ?? 'TotalPercentage',
          place: t.columns[rank] ?? 'Rank',
        },
        published: {
          total: publishedNumber(col(total)),
          percentage: publishedNumber(col(pct)),
          place: publishedNumber(col(rank)?.replace(/=$/, ''))?.value,
        },
      });
    });
  }
  for (const x of raw) {
    for (const side of ['NS', 'EW'] as const) {
      const id = side === 'NS' ? x.ns : x.ew;
      const pair = seat(id, side);
      if (x.line) {
        if (side === 'NS') x.line.nsPair = pair;
        else x.line.ewPair = pair;
      }
      if (pairs.has(pair)) continue;
      const nameText = x.names[side] ?? names.get(id);
      const players = (nameText ?? '')
        .split(/\s+(?:-|&|and)\s+/)
        .map((n) => n.trim())
        .filter(Boolean)
        .slice(0, 4)
        .map((name) => ({ name }));
      const total = totals.get(`${id}|${side}`) ?? totals.get(id);
      pairs.set(pair, {
        path: total?.at ?? x.at,
        pair,
        field: winnerType === 2 ? side : 'ALL',
        ...(winnerType === 2 ? { direction: side } : {}),
        players,
        published: total?.published ?? {},
        ...(total ? { columns: total.columns } : {}),
        ...(isPhantom(players, nameText) ? { phantom: true as const } : {}),
      });
    }
  }
  for (const p of pairs.values()) {
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,19}$/.test(p.pair)) {
      issues.push({ path: p.path, message: `not a pair number: "${p.pair}"` });
    }
  }

  // Item 13: a datum the program published for a board ([Datum "NS 420"] or [Datum "-420"]).
  for (const b of boards.values()) {
    const text = boardTags.get(String(b.board))?.get('Datum');
    if (text === undefined) continue;
    const m = /^(?:(NS|EW)\s+)?([+-]?\d+)$/i.exec(text.trim());
    if (!m || Number(m[2]) % 10 !== 0) {
      issues.push({
        path: `${b.path} Datum`,
        message: `board ${b.board}: a datum is NS points, a multiple of 10 ("NS 420" or "-420"), got "${text}"`,
      });
      continue;
    }
    const v = Number(m[2]);
    b.publishedDatum = m[1]?.toUpperCase() === 'EW' ? -v || 0 : v;
  }
  // Item 8: an artificial line against a phantom pair is that pair's sit-out.
  for (const b of boards.values()) {
    for (const l of b.lines) {
      const phantom = pairs.get(l.nsPair)?.phantom || pairs.get(l.ewPair)?.phantom;
      if (phantom && l.result.kind === 'artificial') l.sitOut = true;
    }
  }
  const programName = first.get('Program') ?? first.get('Generator') ?? first.get('Application');

  const session: ImportedSession = {
    path: '',
    clubId: options.clubId,
    ...(programName ? { program: { name: programName } } : {}),
    eventId,
    ...(first.get('Event') ? { eventDescription: first.get('Event') } : {}),
    date: date ?? '',
    session: options.session ?? '1',
    scoringMethod,
    winnerType,
    source: 'PBN',
    pairs: [...pairs.values()].sort((a, b) =>
      a.pair.localeCompare(b.pair, 'en', { numeric: true }),
    ),
    boards: [...boards.values()]
      .filter((b) => b.lines.length > 0)
      .sort((a, b) => a.board - b.board),
  };
  if (!issues.length) issues.push(...checkSession(session, (side) => ` PairId_${side}`));
  if (issues.length) throw new PbnError(issues);
  return { session, warnings };
}

const SEAT_ORDER = ['N', 'E', 'S', 'W'] as const;
const VULNERABLE: Record<string, ImportedDeal['vulnerable']> = {
  NONE: 'None',
  LOVE: 'None',
  '-': 'None',
  NS: 'NS',
  EW: 'EW',
  ALL: 'All',
  BOTH: 'All',
};

/**
 * A board's `[Deal "N:…"]` (the first hand's seat, then the hands clockwise), with its
 * `[Dealer]` and `[Vulnerable]`: undefined without a whole deal (a hand unknown, "-", is none).
 */
export function dealOf(tags: ReadonlyMap<string, string>): ImportedDeal | undefined {
  const m = /^([NESW]):(.*)$/i.exec((tags.get('Deal') ?? '').trim());
  if (!m) return undefined;
  const hands = m[2]!.trim().split(/\s+/);
  if (hands.length !== 4 || hands.some((h) => h === '-')) return undefined;
  const first = SEAT_ORDER.indexOf(m[1]!.toUpperCase() as (typeof SEAT_ORDER)[number]);
  const bySeat = {} as ImportedDeal['hands'];
  hands.forEach((h, i) => (bySeat[SEAT_ORDER[(first + i) % 4]!] = h.toUpperCase()));
  const dealer = (tags.get('Dealer') ?? '').trim().toUpperCase();
  const vulnerable = VULNERABLE[(tags.get('Vulnerable') ?? '').trim().toUpperCase()];
  return {
    ...(SEAT_ORDER.includes(dealer as (typeof SEAT_ORDER)[number])
      ? { dealer: dealer as ImportedDeal['dealer'] }
      : {}),
    ...(vulnerable ? { vulnerable } : {}),
    hands: bySeat,
  };
}
