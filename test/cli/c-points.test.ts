import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { cli } from '../support/cli';
import { tempDir } from '../support/temp';

/** A ledger file with the example seasons (the NZ Club Pairs 2026 and the DSB season). */
async function exampleLedger() {
  const path = join(tempDir(), 'ledger.db');
  const store = new SqliteEventStore(path, { upcast: catalogue.upcast });
  await loadExamplesIfEmpty(store);
  await store.close();
  return `sqlite:${path}`;
}

describe('bridge-ledger c-points', () => {
  let store: string;
  beforeAll(async () => {
    store = await exampleLedger();
  });
  /** `c-points club-pairs-2026 --format json` on the example ledger, with `options`, parsed. */
  const cPointsJson = async (...options: string[]) =>
    JSON.parse(
      (await cli('c-points', 'club-pairs-2026', '--store', store, '--format', 'json', ...options))
        .stdout,
    );

  it('NZ-8 C points: prints each scored session’s awards as a table, JSON with each award explained, or CSV', async () => {
    const t = await cli('c-points', 'club-pairs-2026', '--store', store);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(
      /^Club Pairs 2026 \(Tuesday\) \(club-pairs-2026\): C points \(NZ-8\), sessions 1, 2, 3, 4, 5, 6, 7, 8, 9, 10; ledger position \d+$/m,
    );
    expect(t.stdout).toMatch(
      /^2026-02-03 session 1: ALL 10 pairs, 3 place\(s\) 40 \/ 80\/3 \/ 40\/3 \(one field: the ledger records no direction\)/m,
    );
    expect(t.stdout).toMatch(
      /^session\s+date\s+field\s+place\s+pair\s+names\s+player\s+name\s+score\s+points$/m,
    );
    // Each pair and player by the roster's names beside the ids.
    expect(t.stdout).toMatch(
      /^1\s+2026-02-03\s+ALL\s+1\s+nz-p3\s+Ella Example & Finn Example\s+nz-ella\s+Ella Example\s+56\.80\s+40$/m,
    );
    expect(t.stdout).toMatch(/^Totals$/m);

    const json = await cPointsJson();
    expect(json.awards).toHaveLength(10);
    const first = json.awards[0].awards[0];
    expect(first).toMatchObject({ place: 1, points: '40' });
    expect(first.explain.at(-1)).toMatchObject({ rule: 'NZ-8', effect: '40 C' });

    const csv = (
      await cli('c-points', 'club-pairs-2026', '--store', store, '--format', 'csv')
    ).stdout
      .trim()
      .split('\n');
    expect(csv[0]).toBe('session,date,field,place,pair,names,player,name,score,points');
    expect(csv[1]).toMatch(/^1,2026-02-03,ALL,1,/);
  });

  it('NZ-8 C points: one session with --session, and as of a past ledger position (a replay)', async () => {
    const one = await cPointsJson('--session', '3');
    expect(one.awards.map((s: { session: number }) => s.session)).toEqual([3]);
    const early = await cPointsJson('--at-position', '477');
    expect(early.position).toBe(477);
    expect(early.awards.length).toBeGreaterThan(0);
    expect(early.awards.length).toBeLessThan(10);
    const before = await cli(
      'c-points',
      'club-pairs-2026',
      '--store',
      store,
      '--as-of',
      '2000-01-01T00:00:00Z',
    );
    expect(before.code).toBe(1);
    expect(before.stderr).toMatch(/no competition club-pairs-2026/);
  });

  it('bad input: an unknown competition, a DSB competition, a bad --session number, --as-of with --at-position', async () => {
    const unknown = await cli('c-points', 'nope', '--store', store);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no competition nope in the ledger/);
    const dsb = await cli('c-points', 'dsb-2014-c1', '--store', store);
    expect(dsb.code).toBe(1);
    expect(dsb.stderr).toMatch(
      /competition dsb-2014-c1 \(dsb-pairs\) cannot be scored under the NZ-8 C points/,
    );
    const zero = await cli('c-points', 'club-pairs-2026', '--store', store, '--session', '0');
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(
      /option '--session <n>' argument '0' is invalid\. session must be a session number >= 1/,
    );
    const word = await cli('c-points', 'club-pairs-2026', '--store', store, '--session', 'two');
    expect(word.code).toBe(2);
    expect(word.stderr).toMatch(/--session/);
    const beyond = await cli('c-points', 'club-pairs-2026', '--store', store, '--session', '11');
    expect(beyond.code).toBe(2);
    expect(beyond.stderr).toBe(
      'c-points: --session 11: session must be a session number of competition club-pairs-2026 (1–10), got 11\n',
    );
    const both = await cli(
      'c-points',
      'club-pairs-2026',
      '--store',
      store,
      '--as-of',
      '2026-03-01T00:00:00Z',
      '--at-position',
      '400',
    );
    expect(both.code).toBe(2);
  });
});
