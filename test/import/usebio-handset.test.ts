import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parseUsebio, UsebioError } from '../../src/import/usebio/parse';
import { KNOWN } from '../../src/import/usebio/reader';
import { dealerAndVulnerabilityOf } from '../../src/import/usebio/handset';
import { cli } from '../support/cli';
import { tempDir } from '../support/temp';

/**
 * USEBIO's HANDSET: the deals of a session's boards, read into the hand record
 * (BoardDealRecorded) and written back by `export usebio`. The session: the synthetic Howell
 * with seeded deals (test/fixtures/pbn/session-deals.pbn), imported from PBN, exported as
 * USEBIO, imported again into an empty ledger.
 */
const STREAM = 'session-ex-Synthetic-Howell-1';

const HAND = (direction: string, s: string, h: string, d: string, c: string) =>
  `<HAND><DIRECTION>${direction}</DIRECTION><SPADES>${s}</SPADES><HEARTS>${h}</HEARTS><DIAMONDS>${d}</DIAMONDS><CLUBS>${c}</CLUBS></HAND>`;
/** Board 1 of the fixture: N A643.KJT8.92.AK3, E 2.653.QJT7.T9842, S KQ97.Q9.AK54.J75, W JT85.A742.863.Q6. */
const BOARD_1 = [
  HAND('North', 'A643', 'KJT8', '92', 'AK3'),
  HAND('East', '2', '653', 'QJT7', 'T9842'),
  HAND('South', 'KQ97', 'Q9', 'AK54', 'J75'),
  HAND('West', 'JT85', 'A742', '863', 'Q6'),
];

/** A one-board club night (the Neuberg fixture's shape, trimmed), with a hand set appended. */
function withHandset(hands: string[], where: 'USEBIO' | 'EVENT' = 'USEBIO'): string {
  const xml = readFileSync(join(__dirname, '../fixtures/usebio/mp-neuberg.xml'), 'utf8');
  const set = `<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>${hands.join('')}</BOARD></HANDSET>`;
  return where === 'USEBIO'
    ? xml.replace('</USEBIO>', `${set}</USEBIO>`)
    : xml.replace('</EVENT>', `${set}</EVENT>`);
}

const issuesOf = (xml: string) => {
  try {
    parseUsebio(xml);
  } catch (e) {
    return (e as UsebioError).issues;
  }
  return [];
};

describe('USEBIO HANDSET: the deals read into the hand record', () => {
  it('reads each board’s four hands, under USEBIO or under EVENT, with the board’s own dealer and vulnerability (Law 2)', () => {
    for (const where of ['USEBIO', 'EVENT'] as const) {
      const [s] = parseUsebio(withHandset(BOARD_1, where)).sessions;
      const board = s!.boards.find((b) => b.board === 1)!;
      expect(board.deal).toEqual({
        dealer: 'N',
        vulnerable: 'None',
        hands: {
          N: 'A643.KJT8.92.AK3',
          E: '2.653.QJT7.T9842',
          S: 'KQ97.Q9.AK54.J75',
          W: 'JT85.A742.863.Q6',
        },
      });
      // Only board 1 has a deal in the set.
      expect(s!.boards.filter((b) => b.deal)).toHaveLength(1);
    }
  });

  it('Law 2: the board number fixes the dealer and the vulnerability, in a cycle of 16', () => {
    expect([1, 2, 3, 4, 5, 8, 13, 16, 17].map(dealerAndVulnerabilityOf)).toEqual([
      { dealer: 'N', vulnerable: 'None' },
      { dealer: 'E', vulnerable: 'NS' },
      { dealer: 'S', vulnerable: 'EW' },
      { dealer: 'W', vulnerable: 'All' },
      { dealer: 'N', vulnerable: 'NS' },
      { dealer: 'W', vulnerable: 'None' },
      { dealer: 'N', vulnerable: 'All' },
      { dealer: 'W', vulnerable: 'EW' },
      { dealer: 'N', vulnerable: 'None' },
    ]);
  });

  it('a void is an empty suit; "10" reads as T', () => {
    const hands = [
      HAND('N', 'A643', 'KJ108', '92', 'AK3'),
      HAND('E', '2', '653', 'QJT7', 'T9842'),
      HAND('S', 'KQ97', 'Q9', 'AK54', 'J75'),
      HAND('W', 'JT85', 'A742', '863', 'Q6'),
    ];
    const [s] = parseUsebio(withHandset(hands)).sessions;
    expect(s!.boards[0]!.deal!.hands.N).toBe('A643.KJT8.92.AK3');
  });

  it('a board with a hand missing has no hand record, said as a warning; the results still import', () => {
    const file = parseUsebio(withHandset(BOARD_1.slice(0, 3)));
    expect(file.sessions[0]!.boards[0]!.deal).toBeUndefined();
    expect(file.warnings).toContainEqual({
      path: 'HANDSET/BOARD[1]',
      message: 'board 1: no W hand, so no hand record',
    });
  });

  it('bad input: a card held twice, a hand of 12 cards, an unknown direction: the file is refused, naming the element', () => {
    const twice = [...BOARD_1.slice(0, 3), HAND('West', 'JT85', 'A742', '863', 'Q6A')];
    expect(issuesOf(withHandset(twice))).toContainEqual({
      path: 'HANDSET/BOARD[1]',
      message: 'board 1: hands.W holds 14 cards, not 13',
    });
    expect(issuesOf(withHandset(twice)).map((i) => i.message)).toContain(
      'board 1: hands.W CA is held by N already: one pack',
    );
    const upside = [...BOARD_1.slice(0, 3), HAND('Dummy', 'JT85', 'A742', '863', 'Q6')];
    expect(issuesOf(withHandset(upside))).toContainEqual({
      path: 'HANDSET/BOARD[1]/HAND[4]/DIRECTION',
      message: 'North, East, South or West expected, got "Dummy"',
    });
  });
});

describe('export usebio writes the hand set, and an import reads it back', () => {
  let dir: string;
  let store: string;
  let exported: string;
  beforeAll(async () => {
    dir = tempDir();
    store = `sqlite:${join(dir, 'a.db')}`;
    const source = join(__dirname, '../fixtures/pbn/session-deals.pbn');
    expect((await cli('import', 'pbn', source, '--club', 'ex', '--store', store)).code).toBe(0);
    const out = await cli('export', 'usebio', STREAM, '--store', store);
    expect(out.code).toBe(0);
    exported = join(dir, 'exported.xml');
    writeFileSync(exported, out.stdout);
  });

  it('every board with a deal has its four hands in HANDSET', () => {
    const [s] = parseUsebio(readFileSync(exported, 'utf8')).sessions;
    const dealt = s!.boards.filter((b) => b.deal);
    expect(dealt.map((b) => b.board)).toEqual([1, 2, 3, 4]);
    expect(dealt[0]!.deal!.hands.N).toBe('A643.KJT8.92.AK3');
  });

  it('imported into an empty ledger, the USEBIO file gives the same deals as the PBN it came from', async () => {
    const db = `sqlite:${join(dir, 'b.db')}`;
    expect((await cli('import', 'usebio', exported, '--club', 'ex', '--store', db)).code).toBe(0);
    const deals = async (s: string, stream: string) =>
      (await cli('export', 'pbn', stream, '--store', s)).stdout
        .split('\n')
        .filter((l) => /^\[(Deal|Dealer|Vulnerable) /.test(l));
    const [again] = parseUsebio(readFileSync(exported, 'utf8')).sessions;
    const back = await deals(db, `session-ex-${again!.eventId}-1`);
    expect(back).toHaveLength(4 * 3);
    expect(back).toEqual(await deals(store, STREAM));
  });

  it('the export holds only the elements the import reads (no USEBIO DTD or schema is published as a package)', () => {
    const tree = new XMLParser({ ignoreAttributes: true, isArray: () => true }).parse(
      readFileSync(exported, 'utf8'),
    ) as Record<string, unknown[]>;
    const unread: string[] = [];
    const walk = (name: string, node: unknown) => {
      if (typeof node !== 'object' || node === null) return;
      for (const [child, values] of Object.entries(node as Record<string, unknown[]>)) {
        if (child === '#text') continue;
        if (!(KNOWN[name] ?? []).includes(child)) unread.push(`${name}/${child}`);
        for (const v of values) walk(child, v);
      }
    };
    walk('USEBIO', tree.USEBIO![0]);
    expect(unread).toEqual([]);
  });
});
