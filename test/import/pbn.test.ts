import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import { sessionFacts } from '../../src/import/facts';
import { columnsOf, parsePbn, splitCells } from '../../src/import/pbn/parse';
import { tempDir } from '../support/temp';
import { cli, head } from '../support/cli';

const file = join(__dirname, '../fixtures/pbn/session.pbn');
const text = () => readFileSync(file, 'utf8');

describe('PBN import of board results', () => {
  it('reads a ScoreTable column spec and splits rows on whitespace and quoted strings', () => {
    expect(columnsOf('PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Names\\40L')).toEqual([
      'PairId_NS',
      'PairId_EW',
      'Contract',
      'Names',
    ]);
    expect(splitCells(' 2  1 1NT   N  7 "H 4"   90 -')).toEqual([
      '2',
      '1',
      '1NT',
      'N',
      '7',
      'H 4',
      '90',
      '-',
    ]);
  });

  it('STD-SCORE: every row becomes a BoardResultRecorded, whatever the declared widths', () => {
    const { session } = parsePbn(text(), { clubId: 'EX01' });
    expect(session).toMatchObject({
      eventId: 'Synthetic-Howell',
      date: '2026-03-16',
      scoringMethod: 'MP',
      winnerType: 1,
      source: 'PBN',
    });
    const { events } = sessionFacts(session);
    events.forEach((e, i) => expect(catalogue.validate(e, `events[${i}]`)).toEqual([]));
    const lines = events.filter((e) => e.type === 'BoardResultRecorded').map((e) => e.data);
    expect(lines).toHaveLength(11);
    expect(lines[1]).toEqual({
      board: 1,
      line: 2,
      nsPair: '3',
      ewPair: '4',
      kind: 'played',
      contract: { level: 4, strain: 'H', doubling: 'X' },
      declarer: 'N',
      lead: 'AS',
      tricks: 9,
      nsScore: -100,
    });
    expect(lines[6]).toMatchObject({ board: 3, kind: 'passed-out', nsScore: 0 });
    expect(lines[9]).toMatchObject({ board: 4, lead: '4H', nsScore: 90 });
    expect(lines[10]).toMatchObject({
      kind: 'artificial',
      artificial: { nsPercent: 60, ewPercent: 40 },
    });
    const pair5 = events.find(
      (e) => e.type === 'SessionPairRegistered' && (e.data as { pair: string }).pair === '5',
    );
    expect(pair5!.data).toEqual({
      pair: '5',
      field: 'ALL',
      players: [{ name: 'Uma Fiction' }, { name: 'Vic Fiction' }],
    });
  });

  it('bridge-ledger import pbn appends the facts once, then adds nothing', async () => {
    const url = `sqlite:${join(tempDir(), 'ledger.db')}`;
    const r = await cli('import', 'pbn', file, '--club', 'EX01', '--store', url);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/session-EX01-Synthetic-Howell-1: appended 18 events/);
    expect(await head(url)).toBe(18);
    const again = await cli('import', 'pbn', file, '--club', 'EX01', '--store', url);
    expect(again.stderr).toMatch(/already imported, nothing added/);
    expect(await head(url)).toBe(18);
  });

  it('refuses a row whose score disagrees with contract and tricks, naming line and column; nothing appended', async () => {
    const url = `sqlite:${join(tempDir(), 'ledger.db')}`;
    const bad = join(tempDir(), 'bad.pbn');
    writeFileSync(
      bad,
      text().replace(' 5  6 2H    N 10 CK     170', ' 5  6 2H    N 10 CK     140'),
    );
    const r = await cli('import', 'pbn', bad, '--club', 'EX01', '--store', url);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /line 14: board 1 row 3 Score_NS: board 1 line 3: 2H by N \(not vulnerable\) taking 10 tricks scores 170 for NS \(STD-SCORE\); the line says 140/,
    );
    expect(await head(url)).toBe(0);
  });

  it('refuses a row with the wrong number of cells and a table without pair columns', () => {
    const t = text()
      .replace(
        ' 3  6 3S    W  9 H3       -    140    0    4',
        ' 3  6 3S    W  9 H3       -    140    0',
      )
      .replace(
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;MP_NS\\4R;MP_EW\\4R"]\n 2  1',
        '[ScoreTable "NS\\2R;EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;MP_NS\\4R;MP_EW\\4R"]\n 2  1',
      );
    expect(() => parsePbn(t, { clubId: 'EX01' })).toThrow(
      /board 3 row 2: 9 cells for 10 columns[\s\S]*board 4 ScoreTable: required column\(s\) PairId_NS, PairId_EW missing/,
    );
  });
});
