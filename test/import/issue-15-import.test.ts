import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../src/events';
import {
  checkSession,
  conventionsFor,
  withDirectorAwards,
} from '../../src/import/check/check-session';
import { sessionFacts } from '../../src/import/facts';
import { parsePbn } from '../../src/import/pbn/parse';
import { parseUsebio } from '../../src/import/usebio/parse';
import { tempDir } from '../support/temp';
import { cli, head } from '../support/cli';

// Issue 15 ("reproduce every number the club's scoring program published"), the import side:
// what `import` makes of each line and what `check` says of each published number.

const usebio = (f: string) => join(__dirname, '../fixtures/usebio', f);
const pbn = (f: string) => join(__dirname, '../fixtures/pbn', f);
const read = (path: string) => readFileSync(path, 'utf8');
const session = (f: string) => parseUsebio(read(usebio(f))).sessions[0]!;
const lastLine = (text: string) => text.trimEnd().split('\n').pop();
const write = (name: string, text: string) => {
  const file = join(tempDir(), name);
  writeFileSync(file, text);
  return file;
};
const boardLines = (events: { type: string; data: unknown }[]) =>
  events.filter((e) => e.type === 'BoardResultRecorded').map((e) => e.data);

describe('issue 15 item 1: Compscore TOTAL_SCORE = percentage × most boards played in the field × top', () => {
  it('a Mitchell with a sit-out: 2NS (5 boards) and 3EW (7) are scaled to 6 and 8 boards; the old Σ matchpoints differs for them only', () => {
    const s = session('mp-mitchell-sitout.xml');
    const r = checkSession(s);
    expect(r.mismatches).toEqual([]);
    const byPair = Object.fromEntries(r.pairs.map((p) => [p.pair, p]));
    // 11 matchpoints over 5 boards (top 4) = 55 %, × 6 boards × 4 = 13.20.
    expect(byPair['2NS']).toMatchObject({ boardsPlayed: 5, percentage: 55, total: 13.2 });
    // 13 over 7 boards = 46.43 %, × 8 × 4 = 14.857… → 14.86.
    expect(byPair['3EW']).toMatchObject({ boardsPlayed: 7, published: { total: 14.86 } });
    // The NS field played at most 6 boards (a sit-out each): 1NS's total is its Σ, 11.50.
    expect(byPair['1NS']).toMatchObject({ boardsPlayed: 6, total: 11.5 });
    const summed = checkSession(s, { ...conventionsFor(s.program), mpTotal: 'sum' });
    expect(summed.mismatches.map((m) => m.what).sort()).toEqual([
      'pair 2NS total',
      'pair 3EW total',
    ]);
  });

  it('a Howell where two pairs played 26 of 27 boards: 95 matchpoints at 45.67 % is published 98.65', () => {
    const s = session('mp-howell-26-of-27.xml');
    expect(s.boards).toHaveLength(27);
    const r = checkSession(s);
    expect(r.mismatches).toEqual([]);
    const two = r.pairs.find((p) => p.pair === '2')!;
    expect(two).toMatchObject({ boardsPlayed: 26, published: { percentage: 45.67, total: 98.65 } });
    expect(two.total).toBeCloseTo((95 / 208) * 27 * 8, 9);
    const summed = checkSession(s, { ...conventionsFor(s.program), mpTotal: 'sum' });
    expect(summed.mismatches.map((m) => m.what).sort()).toEqual(['pair 2 total', 'pair 7 total']);
  });
});

describe('issue 15 item 5: STD-SCORE traveller lines', () => {
  const base = read(usebio('mp-neuberg.xml'));
  const line1 = `<CONTRACT>4S</CONTRACT>
      <PLAYED_BY>N</PLAYED_BY>
      <LEAD>KH</LEAD>
      <TRICKS>10</TRICKS>
      <SCORE>420</SCORE>`;

  it('a line that carries only a score is a played line: its fact has the NS score alone', () => {
    const s = parseUsebio(base.replace(line1, '<SCORE>420</SCORE>')).sessions[0]!;
    expect(s.boards[0]!.lines[0]!.result).toEqual({ kind: 'score-only', nsScore: 420 });
    const { events } = sessionFacts(s);
    events.forEach((e, i) => expect(catalogue.validate(e, `events[${i}]`)).toEqual([]));
    expect(boardLines(events)[0]).toEqual({
      board: 1,
      line: 1,
      nsPair: '1NS',
      ewPair: '1EW',
      kind: 'played',
      nsScore: 420,
    });
    expect(checkSession(s).ok).toBe(true);
  });

  it('a line with contract and tricks but no score gets its score computed (4S by N making 10: +420)', () => {
    const s = parseUsebio(base.replace('<SCORE>420</SCORE>', '')).sessions[0]!;
    expect(s.boards[0]!.lines[0]!.result).toMatchObject({
      kind: 'played',
      nsScore: 420,
      scoreComputed: true,
    });
    const { events } = sessionFacts(s);
    events.forEach((e, i) => expect(catalogue.validate(e, `events[${i}]`)).toEqual([]));
    // The fact records what the traveller said: the score is computed when it is read.
    expect(boardLines(events)[0]).toEqual({
      board: 1,
      line: 1,
      nsPair: '1NS',
      ewPair: '1EW',
      kind: 'played',
      contract: { level: 4, strain: 'S', doubling: '' },
      declarer: 'N',
      lead: 'KH',
      tricks: 10,
    });
    expect(checkSession(s).ok).toBe(true);
  });

  it('a score that disagrees with its contract is refused by import and by check, naming board and line', async () => {
    const file = write('bad.xml', base.replace('<SCORE>420</SCORE>', '<SCORE>450</SCORE>'));
    const message =
      /BOARD\[1\]\/TRAVELLER_LINE\[1\]\/SCORE: board 1 line 1: 4S by N \(not vulnerable\) taking 10 tricks scores 420 for NS \(STD-SCORE\); the line says 450/;
    const url = `sqlite:${join(tempDir(), 'ledger.db')}`;
    const imp = await cli('import', 'usebio', file, '--store', url);
    expect(imp.code).toBe(1);
    expect(imp.stderr).toMatch(message);
    expect(await head(url)).toBe(0);
    const check = await cli('check', 'usebio', file);
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(message);
    const pbnFile = write(
      'bad.pbn',
      read(pbn('results-export.pbn')).replace(' 5 6 2H N 10 CK 170 -', ' 5 6 2H N 10 CK 140 -'),
    );
    const checkPbn = await cli('check', 'pbn', pbnFile);
    expect(checkPbn.code).toBe(1);
    expect(checkPbn.stderr).toMatch(
      /line 16: board 1 row 3 Score_NS: board 1 line 3: 2H by N \(not vulnerable\) taking 10 tricks scores 170 for NS \(STD-SCORE\); the line says 140/,
    );
  });

  it.each([
    ['425', /board 1 line 1: 425 is not a duplicate score \(STD-SCORE: a multiple of 10/],
    ['abc', /board 1 line 1: not a score or an artificial score \(A6040, 60%\/40%\): "abc"/],
  ])('bad input: a score-only line "%s" is refused with board and line', (score, message) => {
    expect(() => parseUsebio(base.replace(line1, `<SCORE>${score}</SCORE>`))).toThrow(message);
  });
});

describe('issue 15 item 12: PBN played lines that also carry Percentage_NS / Percentage_EW', () => {
  it('are played lines (contract, declarer, tricks, score kept); their percentages are published values to check', () => {
    const { session: s } = parsePbn(read(pbn('results-export.pbn')), { clubId: 'EX01' });
    const first = s.boards[0]!.lines[0]!;
    expect(first.result).toEqual({
      kind: 'played',
      contract: { level: 4, strain: 'H', doubling: '' },
      declarer: 'N',
      tricks: 10,
      nsScore: 420,
      lead: 'AS',
    });
    expect(first.published).toMatchObject({
      nsPercent: { value: 100, decimals: 0 },
      ewPercent: { value: 0, decimals: 0 },
    });
    const lines = boardLines(sessionFacts(s).events) as { kind: string }[];
    expect(lines.map((l) => l.kind)).toEqual([
      ...Array(6).fill('played'),
      'passed-out',
      'played',
      'played',
      'played',
      'artificial',
    ]);
    const r = checkSession(s);
    expect(
      r.comparisons.filter((c) => /percentage$/.test(c.what) && /line/.test(c.what)),
    ).toHaveLength(22);
    expect(r.ok).toBe(true);
  });

  it('a line with percentages and neither contract nor score is still an artificial score', () => {
    const t = read(pbn('results-export.pbn')).replace(' 4 3 - - - - A6040 -', ' 4 3 - - - - - -');
    const { session: s } = parsePbn(t, { clubId: 'EX01' });
    expect(s.boards[3]!.lines[1]!.result).toEqual({
      kind: 'artificial',
      nsPercent: 60,
      ewPercent: 40,
    });
  });
});

describe('issue 15 item 7 and 9: check pbn, as check usebio', () => {
  it('prints every published number beside ours and ends with how many of how many agree (exit 0)', async () => {
    const r = await cli('check', 'pbn', pbn('results-export.pbn'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^all +5 +3 +83\.33 +83\.33 +13\.33 +13\.33 +1 +1$/m);
    expect(r.stdout).toMatch(
      /^ {2}board 4 line 2 NS percentage +ours +60\.0000 +published +60 +agrees$/m,
    );
    expect(lastLine(r.stdout)).toBe(
      'OK: 62 of 62 published numbers agree within their published precision',
    );
  });

  it('a published number that differs is named with its file line and column (exit 1)', async () => {
    const file = write(
      'edited.pbn',
      read(pbn('results-export.pbn'))
        .replace(' 4 4 8.40 52.50', ' 4 4 8.40 52.60')
        .replace(' 3 6 3S W 9 H3 - 140 0.00 4.00 0 100', ' 3 6 3S W 9 H3 - 140 0.00 4.00 10 90'),
    );
    const r = await cli('check', 'pbn', file);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /pair 4 percentage: ours 52\.5000, published 52\.60 \(line 46: TotalScoreTable row 4 TotalPercentage\)/,
    );
    expect(r.stdout).toMatch(
      /board 3 line 2 NS percentage: ours 0\.0000, published 10 \(line 31: board 3 row 2 Percentage_NS\)/,
    );
    expect(lastLine(r.stdout)).toBe(
      'MISMATCH: 59 of 62 published numbers agree within their published precision; 3 unexplained by the engine',
    );
  });

  it('bad input: an unreadable or a missing file is named (exit 1)', async () => {
    const missing = await cli('check', 'pbn', join(tempDir(), 'none.pbn'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/none\.pbn: .*cannot be read \(ENOENT\)/);
    const empty = await cli('check', 'pbn', write('empty.pbn', '% PBN 2.1\n[Event "x"]\n'));
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/no \[ScoreTable\] in the file/);
  });
});
