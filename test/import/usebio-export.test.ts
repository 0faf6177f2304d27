import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseUsebio } from '../../src/import/usebio/parse';
import { cli } from '../support/cli';
import { tempDir } from '../support/temp';

/**
 * `export usebio <sessionStream>`: a scored session out as USEBIO 1.2, proved by round trips.
 * The session: test/fixtures' Mitchell with a sit-out (fictional names, one made awkward:
 * `Cal & <Co> O'Fiction`), imported into a SQLite ledger.
 */
const STREAM = 'session-ex-mp-115a-1';

let dir: string;
let store: string;
let exported: string;
beforeAll(async () => {
  dir = tempDir();
  const source = join(dir, 'night.xml');
  writeFileSync(
    source,
    readFileSync(join(__dirname, '../fixtures/usebio/mp-mitchell-sitout.xml'), 'utf8').replaceAll(
      'Cal Fiction',
      'Cal &amp; &lt;Co&gt; O&apos;Fiction',
    ),
  );
  store = `sqlite:${join(dir, 'a.db')}`;
  expect((await cli('import', 'usebio', source, '--club', 'ex', '--store', store)).code).toBe(0);
  const out = await cli('export', 'usebio', STREAM, '--store', store);
  expect(out.code).toBe(0);
  exported = join(dir, 'exported.xml');
  writeFileSync(exported, out.stdout);
});

const resultOf = async (db: string, stream: string) =>
  JSON.parse((await cli('session', stream, '--store', db, '--format', 'json')).stdout);

describe('export usebio', () => {
  it('STD-MP check usebio on the exported file agrees with the ledger on every published number', async () => {
    const check = await cli('check', 'usebio', exported);
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/^OK: (\d+) of \1 published numbers agree/m);
  });

  it('the names come out escaped, and read back as they went in', () => {
    const xml = readFileSync(exported, 'utf8');
    expect(xml).not.toContain('<Co>');
    expect(xml).toMatch(/Cal &amp; &lt;Co&gt; O(&apos;|')Fiction/);
    const [s] = parseUsebio(xml).sessions;
    expect(s!.pairs.find((p) => p.pair === '1NS')!.players[0]!.name).toBe("Cal & <Co> O'Fiction");
  });

  it('imported into an empty ledger, the exported file gives the same result: each pair’s place, total and percentage', async () => {
    const db = `sqlite:${join(dir, 'b.db')}`;
    expect((await cli('import', 'usebio', exported, '--club', 'ex', '--store', db)).code).toBe(0);
    const before = await resultOf(store, STREAM);
    const after = await resultOf(db, STREAM);
    expect(after.pairs).toEqual(before.pairs);
  });

  it('bad input: a session with no board result is refused (exit 1, the reason), never an empty file; an unknown stream too', async () => {
    const file = join(dir, 'movement-only.ndjson');
    writeFileSync(
      file,
      JSON.stringify({
        streamId: 'session-ex-empty-1',
        id: '0190a000-0000-7000-8000-00000000e001',
        type: 'SessionMovementRecorded',
        occurredAt: '2026-03-17T19:30:00+13:00',
        data: {
          clubId: 'ex',
          eventId: 'empty',
          date: '2026-03-17',
          session: '1',
          scoringMethod: 'MP',
          winnerType: 1,
          boards: [1],
          fields: [{ field: 'ALL', pairs: ['1', '2'] }],
          expectedResults: [{ board: 1, results: 1 }],
        },
      }) + '\n',
    );
    expect((await cli('append', file, '--store', store)).code).toBe(0);
    const empty = await cli('export', 'usebio', 'session-ex-empty-1', '--store', store);
    expect(empty.code).toBe(1);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toMatch(/no board results are recorded/);
    const none = await cli('export', 'usebio', 'session-nowhere', '--store', store);
    expect(none.code).toBe(1);
    expect(none.stdout).toBe('');
  });
});
