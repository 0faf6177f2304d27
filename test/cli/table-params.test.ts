import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { cli } from '../support/cli';
import { tempDir } from '../support/temp';

/**
 * The tables' options read by the same rules as HTTP's query parameters
 * (src/audit/table-query.ts), on the example seasons (club-pairs-2026: 10 sessions).
 */
describe('bridge-ledger standings, c-points, championship: dates and options', () => {
  let store: string;
  beforeAll(async () => {
    const path = join(tempDir(), 'ledger.db');
    const s = new SqliteEventStore(path, { upcast: catalogue.upcast });
    await loadExamplesIfEmpty(s);
    await s.close();
    store = `sqlite:${path}`;
  });

  const tables = [
    ['standings', 'club-pairs-2026'],
    ['c-points', 'club-pairs-2026'],
    ['championship', 'dsb', '--season', '2014-2015'],
  ];

  it.each(['2026-02-30T00:00:00Z', '0000-01-01T00:00:00Z', '2026-03-01', 'yesterday'])(
    '--as-of %s is refused (exit 2) by the rule HTTP applies to asOf',
    async (asOf) => {
      for (const table of tables) {
        const r = await cli(...table, '--store', store, '--as-of', asOf);
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(
          /--as-of <instant>.*is invalid\. asOf must be an ISO 8601 instant with a zone, e\.g\. 2014-10-14T00:00:00Z/,
        );
      }
    },
  );

  it('--as-of with --at-position is refused (exit 2) naming both, on every table', async () => {
    for (const table of tables) {
      const r = await cli(
        ...table,
        '--store',
        store,
        '--as-of',
        '2099-01-01T00:00:00Z',
        '--at-position',
        '400',
      );
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        'bridge-ledger: --as-of and --at-position cannot be given together: ask as published on an instant (--as-of) or as of a ledger position (--at-position)\n',
      );
      expect(r.stdout).toBe('');
    }
  });

  it('--after-session beyond the competition’s sessions is refused (exit 2) naming it and the count; 0 is no session', async () => {
    const beyond = await cli(
      'standings',
      'club-pairs-2026',
      '--store',
      store,
      '--after-session',
      '11',
    );
    expect(beyond.code).toBe(2);
    expect(beyond.stderr).toBe(
      'bridge-ledger: afterSession must be a session number of competition club-pairs-2026 (1–10), got 11\n',
    );
    const zero = await cli(
      'standings',
      'club-pairs-2026',
      '--store',
      store,
      '--after-session',
      '0',
    );
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(
      /--after-session <n>.*is invalid\. afterSession must be a session number >= 1/,
    );
  });

  it('a valid leap day is read', async () => {
    const r = await cli(
      'standings',
      'club-pairs-2026',
      '--store',
      store,
      '--as-of',
      '2096-02-29T12:00:00Z',
      '--format',
      'json',
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).competitionId).toBe('club-pairs-2026');
  });
});
