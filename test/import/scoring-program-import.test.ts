import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
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

// ("Reproduce every number the club's scoring program published"), the import side:
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

describe('Compscore TOTAL_SCORE = percentage × most boards played in the field × top', () => {
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
    const summed = checkSession(s, {
      ...conventionsFor(s.program),
      settings: { ...conventionsFor(s.program).settings, matchpointTotal: 'sum' },
    });
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
    const summed = checkSession(s, {
      ...conventionsFor(s.program),
      settings: { ...conventionsFor(s.program).settings, matchpointTotal: 'sum' },
    });
    expect(summed.mismatches.map((m) => m.what).sort()).toEqual(['pair 2 total', 'pair 7 total']);
  });
});

describe('STD-SCORE traveller lines', () => {
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

  it('PBN: a row with a score and no contract is a score-only line, from Score_NS or Score_EW', () => {
    const t = read(pbn('results-export.pbn'))
      .replace(' 1 2 4H N 10 SA 420 -', ' 1 2 - - - - 420 -')
      .replace(' 3 4 4HX N 9 SA - 100', ' 3 4 - - - - - 100');
    const { session: s } = parsePbn(t, { clubId: 'EX01' });
    expect(s.boards[0]!.lines.slice(0, 2).map((l) => l.result)).toEqual([
      { kind: 'score-only', nsScore: 420 },
      { kind: 'score-only', nsScore: -100 },
    ]);
    expect(checkSession(s).ok).toBe(true);
  });

  it.each([
    ['425', /board 1 line 1: 425 is not a duplicate score \(STD-SCORE: a multiple of 10/],
    ['abc', /board 1 line 1: not a score or an artificial score \(A6040, 60%\/40%\): "abc"/],
  ])('bad input: a score-only line "%s" is refused with board and line', (score, message) => {
    expect(() => parseUsebio(base.replace(line1, `<SCORE>${score}</SCORE>`))).toThrow(message);
  });
});

describe('PBN played lines that also carry Percentage_NS / Percentage_EW', () => {
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

describe('check pbn, as check usebio', () => {
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
    expect(r.stdout).toMatch(/^ {2}pair 4 total +ours +8\.4000 +published +8\.40 +agrees$/m);
    expect(r.stdout).toMatch(
      /board 3 line 2 NS percentage: ours 0\.0000, published 10 \(line 31: board 3 row 2 Percentage_NS\)/,
    );
    expect(lastLine(r.stdout)).toBe(
      'MISMATCH: 59 of 62 published numbers agree within their published precision; 3 unexplained by the engine',
    );
  });

  it('a pair figure is named by the TotalScoreTable column it was read from', () => {
    const t = read(pbn('results-export.pbn')).replace(' 4 4 8.40 52.50', ' 4 4 8.50 52.50');
    const r = checkSession(parsePbn(t, { clubId: 'EX01' }).session);
    expect(r.mismatches.map((m) => m.path)).toEqual([
      'line 46: TotalScoreTable row 4 TotalScoreMP',
    ]);
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

describe('a butler datum the program published is recorded (BoardDatumRecorded, source program)', () => {
  it('USEBIO: each BOARD_AVERAGE of a butler session becomes a datum fact; check compares our datums with it', () => {
    const s = session('butler-datums.xml');
    expect(s.scoringMethod).toBe('BUTLER');
    const { events } = sessionFacts(s);
    events.forEach((e, i) => expect(catalogue.validate(e, `events[${i}]`)).toEqual([]));
    expect(events.filter((e) => e.type === 'BoardDatumRecorded').map((e) => e.data)).toEqual([
      { board: 1, datum: 170, source: 'program' },
      { board: 2, datum: 120, source: 'program' },
      { board: 3, datum: -110, source: 'program' },
    ]);
    const r = checkSession(s);
    expect(r.datums.map((d) => [d.board, d.ours, d.published])).toEqual([
      [1, 170, 170],
      [2, 120, 120],
      [3, -110, -110],
    ]);
    expect(r.ok).toBe(true);
  });

  it('STD-BUTLER: a published datum our rule does not give is recorded all the same, and check names it', () => {
    const edited = read(usebio('butler-datums.xml')).replace(
      '<BOARD_AVERAGE>120</BOARD_AVERAGE>',
      '<BOARD_AVERAGE>150</BOARD_AVERAGE>',
    );
    const s = parseUsebio(edited).sessions[0]!;
    const datum = sessionFacts(s).events.find(
      (e) => e.type === 'BoardDatumRecorded' && (e.data as { board: number }).board === 2,
    );
    expect(datum!.data).toEqual({ board: 2, datum: 150, source: 'program' });
    expect(checkSession(s).mismatches.map((m) => m.what)).toContain('board 2 datum');
  });

  it('bad input: a BOARD_AVERAGE that is not NS points (a multiple of 10) is not recorded, with a warning naming the board', () => {
    const edited = read(usebio('butler-datums.xml')).replace(
      '<BOARD_AVERAGE>120</BOARD_AVERAGE>',
      '<BOARD_AVERAGE>125</BOARD_AVERAGE>',
    );
    const file = parseUsebio(edited);
    expect(file.warnings).toEqual([
      {
        path: 'SESSION[1]/SECTION[1]/BOARD[2]/BOARD_AVERAGE',
        message:
          'board 2: 125 is not a datum (NS points, a multiple of 10): not recorded, only checked',
      },
    ]);
    const datums = sessionFacts(file.sessions[0]!).events.filter(
      (e) => e.type === 'BoardDatumRecorded',
    );
    expect(datums).toHaveLength(2);
  });

  const butlerPbn = (datum: string) => `% PBN 2.1
[Event "Synthetic butler"]
[Date "2026.03.30"]
[Scoring "Butler"]
[Board "1"]
[Datum "${datum}"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;IMP_NS\\5R;IMP_EW\\5R"]
 1 2 4S N 10 420 - 0 0
 3 4 4S N 9 - 50 -10 10
 5 6 4S N 11 450 - 1 -1
`;

  it('PBN: a [Datum "NS 420"] tag is the board\'s published datum, recorded and compared', () => {
    const { session: s } = parsePbn(butlerPbn('NS 420'), { clubId: 'EX01' });
    expect(s.boards[0]!.publishedDatum).toBe(420);
    const { events } = sessionFacts(s);
    expect(events.find((e) => e.type === 'BoardDatumRecorded')!.data).toEqual({
      board: 1,
      datum: 420,
      source: 'program',
    });
    const r = checkSession(s);
    expect(r.datums).toEqual([{ board: 1, ours: 420, published: 420, agrees: true }]);
    expect(r.ok).toBe(true);
  });

  it('bad input: a PBN Datum that is not NS points is refused, naming the board', () => {
    expect(() => parsePbn(butlerPbn('about 400'), { clubId: 'EX01' })).toThrow(
      /board 1 Datum: board 1: a datum is NS points, a multiple of 10 \("NS 420" or "-420"\), got "about 400"/,
    );
  });
});

describe('the Pary profile, and a sit-out against a phantom', () => {
  const file = pbn('pary-phantom.pbn');

  it('bad input: a "Bye" row with no opponent is refused, naming the row and how to give a sit-out', () => {
    const t = read(file).replace(
      ' 1 6 - - - - A6040 - 1.2 0.8 60 40',
      ' 1 - - - - - Bye Bye 1.2 - 60 -',
    );
    expect(() => parsePbn(t, { clubId: 'EX01' })).toThrow(
      /line 13: board 1 row 1 PairId_EW: board 1 line 1: a row without a pair \(a sit-out with no opponent\) cannot be imported; give the sit-out as a line against a phantom pair/,
    );
  });

  it('a phantom pair is read from its name, and the artificial line against it is marked sitOut', () => {
    const { session: s } = parsePbn(read(file), { clubId: 'EX01' });
    expect(s.program).toEqual({ name: 'Pary' });
    expect(s.pairs.filter((p) => p.phantom).map((p) => p.pair)).toEqual(['6']);
    const { events } = sessionFacts(s);
    events.forEach((e, i) => expect(catalogue.validate(e, `events[${i}]`)).toEqual([]));
    const sitOuts = boardLines(events).filter((d) => (d as { sitOut?: boolean }).sitOut);
    expect(sitOuts).toHaveLength(10);
    expect(sitOuts[0]).toEqual({
      board: 1,
      line: 1,
      nsPair: '1',
      ewPair: '6',
      kind: 'artificial',
      artificial: { nsPercent: 60, ewPercent: 40 },
      sitOut: true,
    });
  });

  it('conventionsFor: Pary leaves sit-outs out of the field and takes the mean of the board percentages', () => {
    expect(conventionsFor({ name: 'Pary' })).toMatchObject({
      profile: 'Pary',
      settings: { sitOutLines: 'out-of-field', sessionPercentage: 'mean-of-boards' },
    });
    expect(conventionsFor({ name: 'Compscore3' }).settings).toMatchObject({
      sitOutLines: 'in-field',
      sessionPercentage: 'total-over-tops',
      matchpointTotal: 'scaled',
    });
  });

  it("STD-NEUBERG: with the sit-out in the field every real result is factored from 2 to 3 and 4 of 5 percentages differ; with Pary's settings all agree", async () => {
    const { session: s } = parsePbn(read(file), { clubId: 'EX01' });
    const inField = checkSession(s, { ...conventionsFor(s.program), settings: {} });
    // 100 % on a board becomes (2 + 1) · 3/2 − 1 = 3.5 of 4 = 87.5 %; pair 5 (52 %) by chance not.
    expect(
      inField.mismatches.filter((m) => /^pair \d percentage$/.test(m.what)).map((m) => m.what),
    ).toEqual(['pair 1 percentage', 'pair 2 percentage', 'pair 3 percentage', 'pair 4 percentage']);
    const r = await cli('check', 'pbn', file);
    expect(r.stdout).toMatch(/^conventions: Pary: /m);
    expect(lastLine(r.stdout)).toMatch(/^OK: (\d+) of \1 published numbers agree/);
    expect(r.code).toBe(0);
  });
});

describe('a line coded as an artificial score with the matchpoints the director set', () => {
  const s = () => session('mp-director-award.xml');

  it('is imported as its artificial score and an AdjustedScoreAwarded of kind awarded with the published points', () => {
    const awarded = withDirectorAwards(s());
    const line = awarded.boards[1]!.lines[2]!;
    expect(line.award).toEqual({ ns: 3, ew: 1, top: 4 });
    const { events } = sessionFacts(awarded);
    events.forEach((e, i) => expect(catalogue.validate(e, `events[${i}]`)).toEqual([]));
    const adjustments = events.filter((e) => e.type === 'AdjustedScoreAwarded');
    expect(adjustments.map((e) => e.data)).toEqual([
      {
        board: 2,
        nsPair: '3NS',
        ewPair: '1EW',
        kind: 'awarded',
        points: { ns: 3, ew: 1, top: 4 },
        reason:
          'set by the director: Compscore3 published 3 and 1 matchpoints on a top of 4 for the artificial score 50/50 (board 2 line 3)',
      },
    ]);
    // Without the award the line is its artificial score, as before.
    expect(sessionFacts(s()).events.some((e) => e.type === 'AdjustedScoreAwarded')).toBe(false);
  });

  it("check says the line was set by the director, and the pairs' totals follow the award", async () => {
    const r = checkSession(s());
    expect(r.mismatches).toEqual([]);
    expect(r.director.map((c) => c.what)).toEqual([
      'board 2 line 3 NS points',
      'board 2 line 3 EW points',
    ]);
    expect(r.pairs.find((p) => p.pair === '3NS')).toMatchObject({ percentage: 75, total: 12 });
    const out = await cli('check', 'usebio', usebio('mp-director-award.xml'));
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(
      /^ {2}board 2 line 3 NS points +ours +3\.0000 +published +3\.00 +set by the director \(BOARD\[2\]\/TRAVELLER_LINE\[3\]\/NS_MATCH_POINTS\)$/m,
    );
    expect(lastLine(out.stdout)).toBe(
      'OK: 40 of 40 published numbers agree within their published precision (2 set by the director)',
    );
  });

  it('import usebio appends the award after the line, once', async () => {
    const url = `sqlite:${join(tempDir(), 'ledger.db')}`;
    const r = await cli('import', 'usebio', usebio('mp-director-award.xml'), '--store', url);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/session-EX01-mp-104-1: appended 19 events/);
    expect(await head(url)).toBe(19);
  });

  it('STD-BUTLER: in an IMP session the award is in IMPs (no top): A5050 published +1.5 / −1.5', () => {
    const x = read(usebio('butler-datums.xml')).replace(
      /<CONTRACT>4H<\/CONTRACT>\s*<PLAYED_BY>N<\/PLAYED_BY>\s*<LEAD>AS<\/LEAD>\s*<TRICKS>10<\/TRICKS>\s*<SCORE>420<\/SCORE>\s*<NS_BUTLER_POINTS>6\.00<\/NS_BUTLER_POINTS>\s*<EW_BUTLER_POINTS>-6\.00<\/EW_BUTLER_POINTS>/,
      '<SCORE>A5050</SCORE><NS_BUTLER_POINTS>1.50</NS_BUTLER_POINTS><EW_BUTLER_POINTS>-1.50</EW_BUTLER_POINTS>',
    );
    const awarded = withDirectorAwards(parseUsebio(x).sessions[0]!);
    expect(awarded.boards[0]!.lines[0]!.award).toEqual({ ns: 1.5, ew: -1.5 });
    const adjustment = sessionFacts(awarded).events.find((e) => e.type === 'AdjustedScoreAwarded');
    expect(adjustment!.data).toMatchObject({
      kind: 'awarded',
      points: { ns: 1.5, ew: -1.5 },
      reason:
        'set by the director: ScoreKeeper Example published 1.5 and -1.5 IMPs for the artificial score 50/50 (board 1 line 1)',
    });
    expect(catalogue.validate(adjustment!, 'event')).toEqual([]);
    expect(checkSession(awarded).director.map((c) => c.what)).toEqual([
      'board 1 line 1 NS points',
      'board 1 line 1 EW points',
    ]);
  });

  it('a published value neither the engine nor an award explains (over the top) stays a difference', () => {
    const edited = read(usebio('mp-director-award.xml')).replace(
      '<NS_MATCH_POINTS>3.00</NS_MATCH_POINTS>',
      '<NS_MATCH_POINTS>5.00</NS_MATCH_POINTS>',
    );
    const r = checkSession(parseUsebio(edited).sessions[0]!);
    expect(r.director).toEqual([]);
    expect(r.mismatches.map((m) => m.what)).toEqual(
      expect.arrayContaining(['board 2 line 3 NS points', 'board 2 line 3 EW points']),
    );
  });

  it('a played line is never an award: a published value that differs is unexplained by the engine', () => {
    const r = checkSession(session('mp-edited-after-scoring.xml'));
    expect(r.director).toEqual([]);
    expect(r.mismatches.every((m) => m.explanation === 'unexplained')).toBe(true);
  });
});

describe('a number no rule of the engine explains is named so', () => {
  const s = () => session('mp-neuberg-rounding.xml');

  it("STD-NEUBERG: Compscore's profile passes the engine's factoredRounding 'percent-hundredths', which reproduces every published number", () => {
    expect(conventionsFor({ name: 'Compscore3' }).settings).toMatchObject({
      factoredRounding: 'percent-hundredths',
    });
    const r = checkSession(s());
    expect(r.mismatches).toEqual([]);
    expect(r.pairs.find((p) => p.pair === '18NS')!.published.total).toBe(34.05);
  });

  it("with exact factored scores the pairs Compscore rounded otherwise are named 'unexplained by the engine', with our figure beside theirs (exit 1)", async () => {
    const compscore = conventionsFor({ name: 'Compscore3' });
    const exact = checkSession(s(), {
      ...compscore,
      settings: { ...compscore.settings, factoredRounding: 'exact' },
    });
    expect(exact.mismatches.map((m) => m.what)).toEqual(
      expect.arrayContaining(['pair 18NS total', 'pair 1NS total', 'pair 10NS total']),
    );
    expect(exact.mismatches.every((m) => m.explanation === 'unexplained')).toBe(true);
    expect(exact.mismatches.find((m) => m.what === 'pair 18NS total')).toMatchObject({
      published: 34.05,
      path: 'PARTICIPANTS/PAIR[38]/TOTAL_SCORE',
    });
    // The engine's other reading is named beside each such number.
    expect(
      exact.mismatches.every((m) =>
        m.reproducedBy?.includes("factoredRounding 'percent-hundredths'"),
      ),
    ).toBe(true);
    expect(exact.mismatches.find((m) => m.what === 'pair 18NS total')!.ours).toBeCloseTo(
      34 + 1 / 18,
      9,
    );
    const out = await cli('check', 'usebio', usebio('mp-neuberg-rounding.xml'));
    expect(out.code).toBe(0);
    const edited = write(
      'edited.xml',
      read(usebio('mp-neuberg-rounding.xml')).replace(
        /(<PAIR_NUMBER>18NS<\/PAIR_NUMBER>\s*<DIRECTION>NS<\/DIRECTION>\s*<TOTAL_SCORE>)34\.05/,
        '$134.15',
      ),
    );
    const bad = await cli('check', 'usebio', edited);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(
      /^ {2}pair 18NS total +ours +34\.0540 +published +34\.15 +UNEXPLAINED by the engine \(PARTICIPANTS\/PAIR\[38\]\/TOTAL_SCORE\)$/m,
    );
    // A figure as exact rounding gives it: unexplained as scored, the other reading named.
    const asExact = write(
      'exact.xml',
      read(usebio('mp-neuberg-rounding.xml')).replace(
        /(<PAIR_NUMBER>18NS<\/PAIR_NUMBER>\s*<DIRECTION>NS<\/DIRECTION>\s*<TOTAL_SCORE>)34\.05/,
        '$134.06',
      ),
    );
    const other = await cli('check', 'usebio', asExact);
    expect(other.code).toBe(1);
    expect(other.stdout).toMatch(
      /^ {2}pair 18NS total: ours 34\.0540, published 34\.06 \(PARTICIPANTS\/PAIR\[38\]\/TOTAL_SCORE; reproduced by factoredRounding 'exact'\)$/m,
    );
    expect(lastLine(bad.stdout)).toMatch(
      /^MISMATCH: (\d+) of \d+ published numbers agree within their published precision; 1 unexplained by the engine$/,
    );
  });
});

describe('the last line of a check, over several sessions and for a phantom in USEBIO', () => {
  it('a file of two sections ends with one line over both', async () => {
    const x = read(usebio('cross-imp.xml'));
    const section = /<SECTION>[\s\S]*<\/SECTION>/.exec(x)![0];
    const two = x.replace(
      section,
      `${section}\n    ${section.replace('<SECTION_ID>A<', '<SECTION_ID>B<')}`,
    );
    const r = await cli('check', 'usebio', write('two.xml', two));
    expect(r.code).toBe(0);
    expect(lastLine(r.stdout)).toBe(
      'all 2 sessions: OK: 60 of 60 published numbers agree within their published precision',
    );
  });

  it('USEBIO: a pair whose players are named Phantom is a phantom; its artificial lines are sit-outs', () => {
    const x = read(usebio('mp-neuberg.xml'))
      .replace('<PLAYER_NAME>Gina Mock</PLAYER_NAME>', '<PLAYER_NAME>Phantom</PLAYER_NAME>')
      .replace('<PLAYER_NAME>Hal Mock</PLAYER_NAME>', '<PLAYER_NAME>PHANTOM</PLAYER_NAME>');
    const s = parseUsebio(x).sessions[0]!;
    expect(s.pairs.find((p) => p.pair === '1EW')!.phantom).toBe(true);
    const sitOut = s.boards.flatMap((b) => b.lines).filter((l) => l.sitOut);
    expect(sitOut.map((l) => [l.board, l.nsPair, l.ewPair])).toEqual([[2, '3NS', '1EW']]);
    expect(boardLines(sessionFacts(s).events)[5]).toMatchObject({
      kind: 'artificial',
      sitOut: true,
    });
  });
});
