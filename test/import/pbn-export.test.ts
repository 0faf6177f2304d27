import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../support/cli';
import { tempDir } from '../support/temp';

/**
 * `export pbn <sessionStream>`: a scored session out as PBN 2.1 with its deals, proved by round
 * trips. The session: test/fixtures/pbn/session-deals.pbn (synthetic, with seeded deals),
 * imported into a SQLite ledger.
 */
const STREAM = 'session-ex-Synthetic-Howell-1';

let dir: string;
let store: string;
let exported: string;
beforeAll(async () => {
  dir = tempDir();
  store = `sqlite:${join(dir, 'a.db')}`;
  const source = join(__dirname, '../fixtures/pbn/session-deals.pbn');
  expect((await cli('import', 'pbn', source, '--club', 'ex', '--store', store)).code).toBe(0);
  const out = await cli('export', 'pbn', STREAM, '--store', store);
  expect(out.code).toBe(0);
  exported = join(dir, 'exported.pbn');
  writeFileSync(exported, out.stdout);
});

describe('export pbn', () => {
  it('STD-MP check pbn on the exported file agrees with the ledger on every published number', async () => {
    const check = await cli('check', 'pbn', exported);
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/^OK: (\d+) of \1 published numbers agree/m);
  });

  it('each board’s deal goes out as it came in, with its ScoreTable and the TotalScoreTable of names', () => {
    const pbn = readFileSync(exported, 'utf8');
    expect(pbn).toMatch(/^% PBN 2\.1/);
    expect(pbn).toContain(
      '[Deal "N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6"]',
    );
    expect(pbn).toContain('1 2 4H N 10 SA 420 - 4.00 0.00');
    expect(pbn).toContain('1 5 13.33 83.33 "Uma Fiction - Vic Fiction"');
  });

  it('imported into an empty ledger, the exported file gives the same result and the same deals', async () => {
    const db = `sqlite:${join(dir, 'b.db')}`;
    expect((await cli('import', 'pbn', exported, '--club', 'ex', '--store', db)).code).toBe(0);
    const result = async (s: string) =>
      JSON.parse((await cli('session', STREAM, '--store', s, '--format', 'json')).stdout).pairs;
    expect(await result(db)).toEqual(await result(store));
    const again = (await cli('export', 'pbn', STREAM, '--store', db)).stdout;
    const deals = (t: string) => t.split('\n').filter((l) => l.startsWith('[Deal '));
    expect(deals(again)).toEqual(deals(readFileSync(exported, 'utf8')));
  });

  it('bridge-ledger session prints each pair by its players’ names beside its number', async () => {
    const t = await cli('session', STREAM, '--store', store);
    expect(t.stdout).toMatch(/^field\s+place\s+pair\s+names\s+matchpoints/m);
    expect(t.stdout).toMatch(/^all\s+1\s+5\s+Uma Fiction & Vic Fiction\s+/m);
  });

  it('bad input: an unknown session stream is refused (exit 1), nothing on stdout', async () => {
    const none = await cli('export', 'pbn', 'session-nowhere', '--store', store);
    expect(none.code).toBe(1);
    expect(none.stdout).toBe('');
  });
});
