import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ScoringMethod } from '../../contexts/pairs/facts/session';
import type {
  ImportIssue,
  ImportedBoard,
  ImportedLine,
  ImportedPair,
  ImportedSession,
  Published,
} from '../model';
import { isPhantom } from '../phantom';
import { checkSession } from '../session-checks';
import { readResult } from '../traveller';
import { handsetOf } from './handset';
import { Reader, asNode, type XNode } from './reader';

/**
 * USEBIO 1.2 / 1.3 (the EBU's XML result format) read into sessions. The XML is parsed by
 * fast-xml-parser; this file only walks the tree. Layouts read: EVENT with PARTICIPANTS and
 * BOARDs directly (one session, as Compscore, Scorebridge and EBUScore export a club night),
 * or EVENT/SESSION[…] each with PARTICIPANTS and BOARDs or with SECTION[…] that have them.
 * Every problem names its element, e.g. `BOARD[3]/TRAVELLER_LINE[2]/SCORE`.
 */

export interface UsebioReadOptions {
  /** Overrides the club id read from CLUB (CLUB_ID_NUMBER, else CLUB_NAME). */
  clubId?: string;
}

export interface UsebioFile {
  version: string;
  sessions: ImportedSession[];
  warnings: ImportIssue[];
}

export class UsebioError extends Error {
  readonly code = 'INVALID_FILE';
  constructor(readonly issues: ImportIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  }
}

const REPEATED = new Set([
  'SESSION',
  'SECTION',
  'BOARD',
  'TRAVELLER_LINE',
  'PAIR',
  'PLAYER',
  'HAND',
]);

const UNSUPPORTED_TYPES = /TEAMS|^KO$|^INDIVIDUAL/i;

const join = (prefix: string, rest: string) => (prefix ? `${prefix}/${rest}` : rest);

/** A published number with its printed decimals; undefined when absent or not a number. */
export function published(text: string | undefined): Published | undefined {
  if (text === undefined) return undefined;
  const t = text.replace(/=$/, '').trim();
  if (!/^[+-]?\d+(\.\d+)?$/.test(t)) return undefined;
  return { value: Number(t), decimals: t.includes('.') ? t.split('.')[1]!.length : 0 };
}

/** DD/MM/YYYY (the USEBIO form), YYYY-MM-DD or YYYYMMDD to YYYY-MM-DD. */
export function readDate(text: string): string | undefined {
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  let iso: string | undefined;
  if (m) iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text);
  if (m) iso = `${m[1]}-${m[2]}-${m[3]}`;
  if (!iso) return undefined;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : undefined;
}

const slug = (s: string) =>
  s
    .trim()
    .replace(/[^A-Za-z0-9_.:@-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .replace(/-+$/, '')
    .slice(0, 60);

function readDirection(text: string | undefined): 'NS' | 'EW' | undefined {
  const t = (text ?? '').toUpperCase().replace(/[^NSEW]/g, '');
  if (t === 'NS' || t === 'N') return 'NS';
  if (t === 'EW' || t === 'E') return 'EW';
  return undefined;
}

/** Parses and checks a USEBIO file. Throws UsebioError naming every problem found. */
export function parseUsebio(xml: string, options: UsebioReadOptions = {}): UsebioFile {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new UsebioError([
      {
        path: `line ${valid.err.line}, column ${valid.err.col}`,
        message: `malformed XML: ${valid.err.msg}`,
      },
    ]);
  }
  const tree = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    trimValues: true,
    isArray: (name) => REPEATED.has(name),
  }).parse(xml) as XNode;

  const r = new Reader();
  const root = tree.USEBIO;
  if (root === undefined || Array.isArray(root)) {
    const found = Object.keys(tree).filter((k) => !k.startsWith('?') && !k.startsWith('!'));
    throw new UsebioError([
      {
        path: 'USEBIO',
        message: `the root element must be USEBIO${found.length ? `, found ${found.join(', ')}` : ''}`,
      },
    ]);
  }
  const usebio = asNode(root);
  const version = String(usebio['@_Version'] ?? usebio['@_VERSION'] ?? '');
  if (!/^1\.[0-9]+$/.test(version)) {
    r.issues.push({
      path: 'USEBIO/@Version',
      message: `USEBIO version 1.x (1.2, 1.3) expected, got "${version}"`,
    });
  }

  const club = r.children(usebio, 'CLUB')[0];
  let clubId = options.clubId;
  let clubName: string | undefined;
  if (club) {
    clubName = r.text(club, 'CLUB_NAME', 'CLUB') || undefined;
    clubId ??=
      slug(r.text(club, 'CLUB_ID_NUMBER', 'CLUB') ?? '') || slug(clubName ?? '') || undefined;
  }
  if (!clubId) {
    r.issues.push({
      path: 'CLUB',
      message: 'CLUB_NAME or CLUB_ID_NUMBER is required (or give --club)',
    });
  }

  const events = r.children(usebio, 'EVENT');
  if (events.length !== 1) {
    r.issues.push({
      path: 'EVENT',
      message: events.length
        ? `${events.length} EVENTs; one expected`
        : 'required element is missing',
    });
    throw new UsebioError(r.issues);
  }
  const event = events[0]!;
  const eventType = String(event['@_EVENT_TYPE'] ?? '');
  if (UNSUPPORTED_TYPES.test(eventType)) {
    r.issues.push({
      path: 'EVENT/@EVENT_TYPE',
      message: `${eventType} is not a pairs event; only pairs sessions are imported`,
    });
  }
  const eventId = r.required(event, 'EVENT_IDENTIFIER', 'EVENT', 'EVENT');
  const eventDescription = r.text(event, 'EVENT_DESCRIPTION', 'EVENT') || undefined;
  const eventDate = r.text(event, 'DATE', 'EVENT');
  const programName = r.text(event, 'PROGRAM_NAME', 'EVENT');
  const programVersion = r.text(event, 'PROGRAM_VERSION', 'EVENT');
  const winnerText = r.text(event, 'WINNER_TYPE', 'EVENT');
  const method = [
    eventType,
    r.text(event, 'SCORING_METHOD', 'EVENT') ?? '',
    r.text(event, 'BOARD_SCORING_METHOD', 'EVENT') ?? '',
  ]
    .join(' ')
    .toUpperCase();

  // The containers that hold PARTICIPANTS and BOARDs, with their session and section names.
  const containers: {
    node: XNode;
    path: string;
    session: string;
    section?: string;
    date?: string;
  }[] = [];
  const sessions = r.children(event, 'SESSION');
  if (sessions.length === 0) {
    containers.push({ node: event, path: '', session: '1' });
  } else {
    sessions.forEach((s, i) => {
      const sp = `SESSION[${i + 1}]`;
      const session =
        slug(r.text(s, 'SESSION_NUMBER', sp) ?? r.text(s, 'SESSION_ID', sp) ?? '') || String(i + 1);
      const date = r.text(s, 'DATE', sp);
      const sections = r.children(s, 'SECTION');
      if (sections.length === 0) containers.push({ node: s, path: sp, session, date });
      sections.forEach((sec, j) => {
        const p = `${sp}/SECTION[${j + 1}]`;
        const section =
          slug(r.text(sec, 'SECTION_ID', p) ?? r.text(sec, 'SECTION_NAME', p) ?? '') ||
          String.fromCharCode(65 + (j % 26));
        containers.push({ node: sec, path: p, session, section, date });
      });
    });
  }

  // The hand set (USEBIO/HANDSET, or EVENT/HANDSET): the deals of the event's boards.
  const handset = usebio.HANDSET !== undefined ? 'HANDSET' : 'EVENT/HANDSET';
  const deals = handsetOf(r, usebio.HANDSET ?? event.HANDSET, handset);

  const out: ImportedSession[] = [];
  for (const c of containers) {
    const dateText = c.date || eventDate;
    const date = dateText ? readDate(dateText) : undefined;
    if (!dateText) r.issues.push({ path: 'EVENT/DATE', message: 'required element is missing' });
    else if (!date)
      r.issues.push({ path: 'EVENT/DATE', message: `not a date (DD/MM/YYYY): "${dateText}"` });

    const participants = r.children(c.node, 'PARTICIPANTS');
    const pp = join(c.path, 'PARTICIPANTS');
    if (participants.length !== 1) {
      r.issues.push({
        path: pp,
        message: participants.length ? 'appears more than once' : 'required element is missing',
      });
    }
    const pairNodes = participants[0] ? r.children(participants[0], 'PAIR') : [];
    const rawPairs = pairNodes.map((p, i) => {
      const at = `${pp}/PAIR[${i + 1}]`;
      const pair = r.required(p, 'PAIR_NUMBER', at, 'PAIR') ?? '';
      const direction =
        readDirection(r.text(p, 'DIRECTION', at)) ?? readDirection(/(NS|EW)$/i.exec(pair)?.[1]);
      const players = r.children(p, 'PLAYER').map((pl, k) => {
        const pa = `${at}/PLAYER[${k + 1}]`;
        const name = r.required(pl, 'PLAYER_NAME', pa, 'PLAYER') ?? '';
        const nationalNumber = r.text(pl, 'NATIONAL_ID_NUMBER', pa) || undefined;
        return { name, ...(nationalNumber ? { nationalNumber } : {}) };
      });
      if (pair && !/^[A-Za-z0-9][A-Za-z0-9_.-]{0,19}$/.test(pair)) {
        r.issues.push({ path: `${at}/PAIR_NUMBER`, message: `not a pair number: "${pair}"` });
      }
      return {
        path: at,
        pair,
        direction,
        players: players.filter((pl) => pl.name),
        ...(isPhantom(players.filter((pl) => pl.name)) ? { phantom: true as const } : {}),
        published: {
          total: published(r.text(p, 'TOTAL_SCORE', at)),
          percentage: published(r.text(p, 'PERCENTAGE', at)),
          place: published(r.text(p, 'PLACE', at))?.value,
        },
      };
    });

    let winnerType: 1 | 2;
    if (winnerText === '1' || winnerText === '2') winnerType = Number(winnerText) as 1 | 2;
    else winnerType = rawPairs.length > 0 && rawPairs.every((p) => p.direction) ? 2 : 1;
    if (winnerType === 2) {
      for (const p of rawPairs) {
        if (!p.direction) {
          r.issues.push({
            path: `${p.path}/DIRECTION`,
            message: 'NS or EW is required in a two-winner movement (WINNER_TYPE 2)',
          });
        }
      }
    }
    const pairs: ImportedPair[] = rawPairs.map((p) => ({
      ...p,
      field: winnerType === 2 ? (p.direction ?? 'NS') : 'ALL',
    }));
    const pairIds = new Set(pairs.map((p) => p.pair));
    /** A line may name "2" where the participants list "2NS": read it as the participant. */
    const resolvePair = (text: string, side: 'NS' | 'EW') =>
      pairIds.has(text) || !pairIds.has(`${text}${side}`) ? text : `${text}${side}`;

    const boards = new Map<number, ImportedBoard>();
    let sawButler = false;
    let sawCross = false;
    r.children(c.node, 'BOARD').forEach((b, i) => {
      const at = join(c.path, `BOARD[${i + 1}]`);
      const numText = r.required(b, 'BOARD_NUMBER', at, 'BOARD');
      if (numText === undefined) return;
      const board = Number(numText);
      if (!/^\d+$/.test(numText) || board < 1) {
        r.issues.push({ path: `${at}/BOARD_NUMBER`, message: `not a board number: "${numText}"` });
        return;
      }
      let entry = boards.get(board);
      if (!entry) {
        entry = { path: at, board, lines: [] };
        boards.set(board, entry);
      }
      const datum = published(r.text(b, 'BOARD_AVERAGE', at));
      if (datum) entry.publishedDatum = datum.value;
      const target = entry;
      r.children(b, 'TRAVELLER_LINE').forEach((l, k) => {
        const lp = `${at}/TRAVELLER_LINE[${k + 1}]`;
        const line = target.lines.length + 1;
        const label = `board ${board} line ${line}`;
        const ns = r.required(l, 'NS_PAIR_NUMBER', lp, 'TRAVELLER_LINE');
        const ew = r.required(l, 'EW_PAIR_NUMBER', lp, 'TRAVELLER_LINE');
        let score = r.text(l, 'SCORE', lp);
        const nsScore = r.text(l, 'NS_SCORE', lp);
        const ewScore = r.text(l, 'EW_SCORE', lp);
        if (!score && (nsScore || ewScore)) {
          if (/%/.test(`${nsScore}${ewScore}`)) score = `${nsScore ?? ''}/${ewScore ?? ''}`;
          else score = String(Number(nsScore || 0) - Number(ewScore || 0));
        }
        const contract = r.text(l, 'CONTRACT', lp);
        if (score === undefined && contract === undefined) {
          r.required(l, 'SCORE', lp, 'TRAVELLER_LINE');
          return;
        }
        const read = readResult(
          {
            board,
            contract,
            declarer: r.text(l, 'PLAYED_BY', lp),
            lead: r.text(l, 'LEAD', lp),
            tricks: r.text(l, 'TRICKS', lp),
            score,
          },
          (f) =>
            `${lp}/${{ contract: 'CONTRACT', declarer: 'PLAYED_BY', lead: 'LEAD', tricks: 'TRICKS', score: 'SCORE' }[f]}`,
          label,
        );
        r.issues.push(...read.issues);
        r.warnings.push(...read.warnings);
        const pointsOf = (side: 'NS' | 'EW') =>
          published(r.text(l, `${side}_MATCH_POINTS`, lp)) ??
          published(r.text(l, `${side}_BUTLER_POINTS`, lp)) ??
          published(r.text(l, `${side}_CROSS_IMP_POINTS`, lp));
        if (l.NS_BUTLER_POINTS !== undefined) sawButler = true;
        if (l.NS_CROSS_IMP_POINTS !== undefined) sawCross = true;
        if (!read.result || ns === undefined || ew === undefined) return;
        const imported: ImportedLine = {
          path: lp,
          board,
          line,
          nsPair: resolvePair(ns, 'NS'),
          ewPair: resolvePair(ew, 'EW'),
          result: read.result,
          published: { ns: pointsOf('NS'), ew: pointsOf('EW') },
        };
        target.lines.push(imported);
      });
    });

    let scoringMethod: ScoringMethod = 'MP';
    if (sawCross || /CROSS/.test(method)) scoringMethod = 'CROSS_IMP';
    else if (sawButler || /BUTLER|IMP/.test(method)) scoringMethod = 'BUTLER';

    // Item 13: a butler board's published datum is recorded as a fact: NS points, so a
    // multiple of 10; another figure is only compared by check.
    if (scoringMethod === 'BUTLER') {
      for (const b of boards.values()) {
        if (b.publishedDatum !== undefined && b.publishedDatum % 10 !== 0) {
          r.warnings.push({
            path: `${b.path}/BOARD_AVERAGE`,
            message: `board ${b.board}: ${b.publishedDatum} is not a datum (NS points, a multiple of 10): not recorded, only checked`,
          });
        }
      }
    }

    // Item 8: an artificial line against a phantom pair is that pair's sit-out.
    const phantoms = new Set(pairs.filter((p) => p.phantom).map((p) => p.pair));
    for (const b of boards.values()) {
      for (const l of b.lines) {
        if (l.result.kind === 'artificial' && (phantoms.has(l.nsPair) || phantoms.has(l.ewPair)))
          l.sitOut = true;
      }
    }

    const session: ImportedSession = {
      path: c.path,
      clubId: clubId ?? 'unknown',
      ...(clubName ? { clubName } : {}),
      eventId: eventId ?? '',
      ...(eventDescription ? { eventDescription } : {}),
      date: date ?? '',
      session: c.session,
      ...(c.section ? { section: c.section } : {}),
      scoringMethod,
      winnerType,
      ...(programName
        ? { program: { name: programName, ...(programVersion ? { version: programVersion } : {}) } }
        : {}),
      source: `USEBIO ${version}`,
      pairs,
      boards: [...boards.values()]
        .sort((a, b) => a.board - b.board)
        .map((b) => (deals.has(b.board) ? { ...b, deal: deals.get(b.board)! } : b)),
    };
    if (session.boards.length === 0) {
      r.issues.push({ path: join(c.path, 'BOARD'), message: 'no BOARD with traveller lines' });
    }
    r.issues.push(...checkSession(session));
    out.push(session);
  }

  if (r.issues.length) throw new UsebioError(r.issues);
  return { version, sessions: out, warnings: r.warnings };
}
