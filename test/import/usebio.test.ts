import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import { checkSession, conventionsFor } from '../../src/import/check/check-session';
import { sessionFacts, sessionStreamId } from '../../src/import/facts';
import { parseUsebio } from '../../src/import/usebio/parse';
import { tempDir } from '../support/temp';
import { cli, head } from '../support/cli';

const fixture = (f: string) => join(__dirname, '../fixtures/usebio', f);
const xml = (f: string) => readFileSync(fixture(f), 'utf8');

describe('USEBIO import: from a file to facts', () => {
  const s = parseUsebio(xml('mp-neuberg.xml')).sessions[0]!;

  it('reads the movement: club, event, date, MP, two fields, boards played different numbers of times', () => {
    expect(s).toMatchObject({
      clubId: 'EX01',
      eventId: 'mp-101',
      date: '2026-03-02',
      session: '1',
      scoringMethod: 'MP',
      winnerType: 2,
      program: { name: 'Compscore3', version: '1.0' },
      source: 'USEBIO 1.2',
    });
    expect(s.boards.map((b) => b.lines.length)).toEqual([3, 3, 2, 3]);
    expect(s.pairs.filter((p) => p.field === 'NS').map((p) => p.pair)).toEqual([
      '1NS',
      '2NS',
      '3NS',
    ]);
  });

  it('STD-SCORE / STD-NEUBERG: one fact per traveller line; passed out, doubled and an artificial 60/40', () => {
    const { streamId, events } = sessionFacts(s);
    expect(streamId).toBe('session-EX01-mp-101-1');
    expect(events.map((e) => e.type)).toEqual([
      'SessionMovementRecorded',
      ...Array(6).fill('SessionPairRegistered'),
      ...Array(11).fill('BoardResultRecorded'),
    ]);
    const lines = events.filter((e) => e.type === 'BoardResultRecorded').map((e) => e.data);
    expect(lines[1]).toEqual({
      board: 1,
      line: 2,
      nsPair: '2NS',
      ewPair: '2EW',
      kind: 'played',
      contract: { level: 4, strain: 'S', doubling: 'X' },
      declarer: 'N',
      lead: '2C',
      tricks: 9,
      nsScore: -100,
    });
    expect(lines[5]).toEqual({
      board: 2,
      line: 3,
      nsPair: '3NS',
      ewPair: '1EW',
      kind: 'artificial',
      artificial: { nsPercent: 60, ewPercent: 40 },
    });
    expect(lines[8]).toMatchObject({ board: 4, kind: 'passed-out', nsScore: 0 });
    expect(events[0]!.data).toMatchObject({
      boards: [1, 2, 3, 4],
      expectedResults: [1, 2, 3, 4].map((board) => ({ board, results: 3 })),
      fields: [
        { field: 'NS', pairs: ['1NS', '2NS', '3NS'] },
        { field: 'EW', pairs: ['1EW', '2EW', '3EW'] },
      ],
    });
    expect(events[1]!.data).toEqual({
      pair: '1NS',
      field: 'NS',
      direction: 'NS',
      players: [
        { name: 'Alice Example', nationalNumber: '900001' },
        { name: 'Bob Example', nationalNumber: '900002' },
      ],
    });
  });

  it('stores no derived number: no matchpoints, IMPs, percentages, totals or places in any fact', () => {
    const text = JSON.stringify(sessionFacts(s).events.map((e) => e.data));
    expect(text).not.toMatch(/percentage|total|place|match|imp|datum|3\.5/i);
  });

  it('every fact is valid in the catalogue, and the ids are the same on every run (UUID v5)', () => {
    const a = sessionFacts(s);
    const b = sessionFacts(parseUsebio(xml('mp-neuberg.xml')).sessions[0]!);
    a.events.forEach((e, i) => expect(catalogue.validate(e, `events[${i}]`)).toEqual([]));
    expect(a.events.map((e) => e.id)).toEqual(b.events.map((e) => e.id));
    expect(new Set(a.events.map((e) => e.id)).size).toBe(a.events.length);
    expect(a.events[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5/);
  });

  it('reads the SESSION/SECTION layout of USEBIO 1.3: a cross-IMP session in section A', () => {
    const f = parseUsebio(xml('cross-imp.xml'));
    expect(f.version).toBe('1.3');
    expect(f.sessions).toHaveLength(1);
    const x = f.sessions[0]!;
    expect(x).toMatchObject({
      session: '1',
      section: 'A',
      scoringMethod: 'CROSS_IMP',
      winnerType: 1,
    });
    expect(sessionStreamId(x)).toBe('session-EX01-xi-202-1-A');
    expect(x.boards[0]!.lines[0]!.path).toBe('SESSION[1]/SECTION[1]/BOARD[1]/TRAVELLER_LINE[1]');
  });
});

describe('check: our scoring beside the published results', () => {
  it('STD-NEUBERG: reproduces the Neuberg-factored percentages, totals and places with a 60/40', () => {
    const r = checkSession(parseUsebio(xml('mp-neuberg.xml')).sessions[0]!);
    expect(r.mismatches).toEqual([]);
    const byPair = Object.fromEntries(r.pairs.map((p) => [p.pair, p]));
    // 3NS played 3 of 4 boards: 70 % × 4 × top 4 = 11.20, not Σ 8.40.
    expect(byPair['3NS']).toMatchObject({ percentage: 70, total: 11.2, place: 1, boardsPlayed: 3 });
    expect(byPair['1EW']!.percentage).toBeCloseTo(38.125, 9);
    expect(byPair['1EW']!.published.percentage).toBe(38.13);
  });

  it('STD-CROSSIMP: reproduces the cross-IMP totals and places of a one-field session', () => {
    const r = checkSession(parseUsebio(xml('cross-imp.xml')).sessions[0]!);
    expect(r.mismatches).toEqual([]);
    expect(r.pairs.map((p) => [p.pair, p.total, p.place])).toEqual([
      ['5', 14.5, 1],
      ['1', 8, 2],
      ['6', 1.5, 3],
      ['4', 1, 4],
      ['2', -2.5, 5],
      ['3', -22.5, 6],
    ]);
  });

  it('reports a file whose travellers were edited after scoring, listing each mismatch', () => {
    const r = checkSession(parseUsebio(xml('mp-edited-after-scoring.xml')).sessions[0]!);
    expect(r.ok).toBe(false);
    const what = r.mismatches.map((m) => m.what);
    expect(what).toEqual(
      expect.arrayContaining([
        'pair 2NS percentage',
        'pair 3NS percentage',
        'board 4 line 2 NS points',
        'board 4 line 3 NS points',
      ]),
    );
    expect(r.mismatches.find((m) => m.what === 'pair 2NS percentage')).toMatchObject({
      published: 37.5,
      path: 'PARTICIPANTS/PAIR[2]/PERCENTAGE',
    });
  });

  it('a Compscore TOTAL_SCORE is scaled, so the old Σ-matchpoints convention differs for pairs that played fewer boards', () => {
    const s = parseUsebio(xml('mp-neuberg.xml')).sessions[0]!;
    const compscore = conventionsFor(s.program);
    expect(compscore).toMatchObject({
      profile: 'Compscore',
      settings: { matchpointTotal: 'scaled' },
    });
    const summed = checkSession(s, {
      ...compscore,
      settings: { ...compscore.settings, matchpointTotal: 'sum' },
    });
    expect(summed.mismatches.map((m) => m.what).sort()).toEqual([
      'pair 2EW total',
      'pair 3NS total',
    ]);
    const other = checkSession(
      parseUsebio(xml('mp-neuberg.xml').replace('Compscore3', 'Another Scorer')).sessions[0]!,
    );
    expect(other.conventions).toMatch(/RULES\.md defaults/);
    expect(other.ok).toBe(true);
  });

  it('bridge-ledger check usebio: exit 0 when all agree, 1 with the mismatches listed', async () => {
    const good = await cli('check', 'usebio', fixture('mp-neuberg.xml'));
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(/3NS\s+3\s+70\.00\s+70\.00\s+11\.20\s+11\.20\s+1\s+1/);
    expect(good.stdout).toMatch(/largest difference: 0\.0050 — pair 1EW percentage/);
    // Every published number, ours beside it, and one last line.
    expect(good.stdout).toMatch(/^ {2}pair 3NS total +ours +11\.2000 +published +11\.20 +agrees$/m);
    expect(good.stdout.trimEnd().split('\n').pop()).toBe(
      'OK: 40 of 40 published numbers agree within their published precision',
    );
    const bad = await cli('check', 'usebio', fixture('mp-edited-after-scoring.xml'));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/2NS .*MISMATCH/);
    expect(bad.stdout).toMatch(
      /unexplained by the engine \(15\):\n {2}board 4 line 2 NS points: ours 4\.0000, published 2 /,
    );
    expect(bad.stdout).toMatch(
      /^ {2}board 4 line 2 NS points +ours +4\.0000 +published +2 +UNEXPLAINED by the engine \(BOARD\[4\]\/TRAVELLER_LINE\[2\]\/NS_MATCH_POINTS\)$/m,
    );
    expect(bad.stdout.trimEnd().split('\n').pop()).toBe(
      'MISMATCH: 25 of 40 published numbers agree within their published precision; 15 unexplained by the engine',
    );
  });
});

describe('bridge-ledger import usebio', () => {
  const store = () => `sqlite:${join(tempDir(), 'ledger.db')}`;

  it('appends the facts once; the same file again is "already imported, nothing added"', async () => {
    const url = store();
    const first = await cli('import', 'usebio', fixture('mp-neuberg.xml'), '--store', url);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/session-EX01-mp-101-1: appended 18 events/);
    expect(await head(url)).toBe(18);
    const again = await cli('import', 'usebio', fixture('mp-neuberg.xml'), '--store', url);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/already imported, nothing added/);
    expect(await head(url)).toBe(18);
  });

  it('refuses a changed file for a session already imported, naming the line, and adds nothing', async () => {
    const url = store();
    await cli('import', 'usebio', fixture('mp-neuberg.xml'), '--store', url);
    const r = await cli('import', 'usebio', fixture('mp-edited-after-scoring.xml'), '--store', url);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/BoardResultRecorded board 4 line 2 differs from the imported one/);
    expect(await head(url)).toBe(18);
  });

  it('imports a cross-IMP section and sets occurredAt from --start and --utc-offset', async () => {
    const url = store();
    const r = await cli(
      'import',
      'usebio',
      fixture('cross-imp.xml'),
      '--store',
      url,
      '--start',
      '19:30',
      '--utc-offset',
      '+13:00',
    );
    expect(r.code).toBe(0);
    expect(await head(url)).toBe(1 + 6 + 9);
    const { SqliteEventStore } = await import('../../src/store/sqlite/sqlite-event-store');
    const s = new SqliteEventStore(url.slice('sqlite:'.length));
    const events = [];
    for await (const e of s.readStream('session-EX01-xi-202-1-A')) events.push(e);
    await s.close();
    expect(events[0]!.occurredAt).toBe('2026-03-09T19:30:00+13:00');
    expect(events[0]!.metadata).toMatchObject({ clubId: 'EX01', actor: 'import:usebio' });
  });

  it('imports a file with several sections as one stream each', async () => {
    const url = store();
    const x = xml('cross-imp.xml');
    const section = /<SECTION>[\s\S]*<\/SECTION>/.exec(x)![0];
    const two = x.replace(
      section,
      `${section}\n    ${section.replace('<SECTION_ID>A<', '<SECTION_ID>B<')}`,
    );
    const file = join(tempDir(), 'two-sections.xml');
    writeFileSync(file, two);
    expect(parseUsebio(two).sessions.map((s) => s.section)).toEqual(['A', 'B']);
    const r = await cli('import', 'usebio', file, '--store', url);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/session-EX01-xi-202-1-A: appended 16 events/);
    expect(r.stderr).toMatch(/session-EX01-xi-202-1-B: appended 16 events/);
    expect(await head(url)).toBe(32);
    const check = await cli('check', 'usebio', file);
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/session 1, section B: CROSS_IMP/);
  });

  describe('bad input: a specific error naming the element, and nothing appended', () => {
    const cases: [string, (x: string) => string, RegExp][] = [
      [
        'malformed XML',
        (x) => x.replace('</BOARD_NUMBER>\n    <TRAVELLER_LINE>', '\n    <TRAVELLER_LINE>'),
        /line \d+, column \d+: malformed XML: /,
      ],
      [
        'an unknown element where a known one is required',
        (x) =>
          x.replace(
            '<NS_PAIR_NUMBER>2NS</NS_PAIR_NUMBER>\n      <EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER>',
            '<NS_PAIR_NO>2NS</NS_PAIR_NO>\n      <EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER>',
          ),
        /BOARD\[3\]\/TRAVELLER_LINE\[2\]\/NS_PAIR_NUMBER: required element is missing \(found unknown NS_PAIR_NO\)/,
      ],
      [
        'a score that disagrees with contract and tricks',
        (x) =>
          x.replace(
            '<TRICKS>8</TRICKS>\n      <SCORE>100</SCORE>',
            '<TRICKS>8</TRICKS>\n      <SCORE>200</SCORE>',
          ),
        /BOARD\[3\]\/TRAVELLER_LINE\[2\]\/SCORE: board 3 line 2: 3H by E \(vulnerable\) taking 8 tricks scores 100 for NS \(STD-SCORE\); the line says 200/,
      ],
      [
        'a pair number not in the participants',
        (x) =>
          x.replace(
            '<EW_PAIR_NUMBER>3EW</EW_PAIR_NUMBER>\n      <CONTRACT>3S</CONTRACT>',
            '<EW_PAIR_NUMBER>4EW</EW_PAIR_NUMBER>\n      <CONTRACT>3S</CONTRACT>',
          ),
        /BOARD\[1\]\/TRAVELLER_LINE\[3\]\/EW_PAIR_NUMBER: board 1 line 3: pair 4EW is not among the participants/,
      ],
      [
        'duplicate traveller lines',
        (x) => {
          const m =
            /<TRAVELLER_LINE>\s*<NS_PAIR_NUMBER>2NS<\/NS_PAIR_NUMBER>\s*<EW_PAIR_NUMBER>2EW<\/EW_PAIR_NUMBER>\s*<CONTRACT>1NT[\s\S]*?<\/TRAVELLER_LINE>/.exec(
              x,
            )!;
          return x.replace(m[0], `${m[0]}\n    ${m[0]}`);
        },
        /BOARD\[4\]\/TRAVELLER_LINE\[3\]: board 4 line 3: duplicate traveller line: pair 2NS already has a result on board 4 \(BOARD\[4\]\/TRAVELLER_LINE\[2\]\)/,
      ],
    ];

    it.each(cases)('%s', async (_name, edit, message) => {
      const url = store();
      await cli('import', 'usebio', fixture('cross-imp.xml'), '--store', url);
      const before = await head(url);
      expect(before).toBe(16);
      const original = xml('mp-neuberg.xml');
      const changed = edit(original);
      expect(changed).not.toBe(original);
      const file = join(tempDir(), 'bad.xml');
      writeFileSync(file, changed);
      const r = await cli('import', 'usebio', file, '--store', url);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toMatch(/problem\(s\); nothing was appended/);
      expect(await head(url)).toBe(before);
    });

    it('refuses a file that is not USEBIO, and a missing file, with exit code 1', async () => {
      const file = join(tempDir(), 'other.xml');
      writeFileSync(file, '<?xml version="1.0"?><RESULTS><X/></RESULTS>');
      const r = await cli('import', 'usebio', file, '--store', store());
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/USEBIO: the root element must be USEBIO, found RESULTS/);
      const missing = await cli('check', 'usebio', join(tempDir(), 'none.xml'));
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/cannot be read \(ENOENT\)/);
    });
  });
});
