import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { cli, head } from '../support/cli';
import { tempDir } from '../support/temp';

/** `bridge-ledger diff` and `--rulebook-override` (what-if) on the example seasons. */
describe('bridge-ledger diff and what-if', () => {
  let dir: string;
  let store: string;
  /** The position just before the first result of session 5 of dsb-2014-c1. */
  let afterFour: number;

  beforeAll(async () => {
    dir = tempDir();
    const path = join(dir, 'ledger.db');
    const s = new SqliteEventStore(path, { upcast: catalogue.upcast });
    await loadExamplesIfEmpty(s);
    for await (const e of s.readAll()) {
      const d = e.data as { competitionId?: string; session?: number };
      if (
        e.type === 'SessionResultRecorded' &&
        d.competitionId === 'dsb-2014-c1' &&
        d.session === 5
      ) {
        afterFour = e.position - 1;
        break;
      }
    }
    await s.close();
    store = `sqlite:${path}`;
  });

  const file = (name: string, content: string) => {
    const p = join(dir, name);
    writeFileSync(p, content);
    return p;
  };

  it('DSB-7.2/DSB-8: every number that changed between two positions, with the rules behind it', async () => {
    const out = await cli(
      'diff',
      'dsb-2014-c1',
      '--from',
      String(afterFour),
      '--to',
      'now',
      '--store',
      store,
    );
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^standings of dsb-2014-c1: position \d+ .*→ now .*change\(s\)/);
    expect(out.stdout).toMatch(/^dsb-p2\s+A\s+rank\s+4\s+2\s+.*DSB-7\.2/m);
    expect(out.stdout).toMatch(/^dsb-p4\s+A\s+move\s+-\s+down\s+.*DSB-8\.2/m);
    const json = JSON.parse(
      (
        await cli(
          'diff',
          'dsb-2014-c1',
          '--from',
          String(afterFour),
          '--store',
          store,
          '--format',
          'json',
        )
      ).stdout,
    );
    expect(json.from).toMatchObject({ at: `position ${afterFour}`, position: afterFour });
    expect(json.to.at).toBe('now');
    expect(
      json.changes.find(
        (c: { subject: string; field: string }) => c.subject === 'dsb-p2' && c.field === 'rank',
      ),
    ).toMatchObject({ from: 4, to: 2, group: 'A' });
  });

  it('from == to gives no change; an instant reads as published on it', async () => {
    const h = String(await head(store));
    const same = await cli('diff', 'club-pairs-2026', '--from', h, '--to', h, '--store', store);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/: no change\n$/);
    const instant = await cli(
      'diff',
      'dsb-2014-c1',
      '--from',
      '2030-01-01T00:00:00Z',
      '--store',
      store,
    );
    expect(instant.stdout).toMatch(/no change/);
    const cp = await cli(
      'diff',
      'club-pairs-2026',
      '--table',
      'c-points',
      '--from',
      h,
      '--store',
      store,
    );
    expect(cp.stdout).toMatch(/^c-points of club-pairs-2026: .*no change/);
  });

  it('DSB-11: diff championship <club> --season S', async () => {
    const out = await cli(
      'diff',
      'championship',
      'dsb',
      '--season',
      '2014-2015',
      '--from',
      String(afterFour),
      '--store',
      store,
    );
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^championship of dsb 2014-2015: /);
    const noSeason = await cli('diff', 'championship', 'dsb', '--from', '1', '--store', store);
    expect([noSeason.code, noSeason.stderr]).toEqual([
      2,
      expect.stringMatching(/--season is required/),
    ]);
  });

  it('refuses a bad --from / --to (exit 2, the option named), and published before any publication', async () => {
    const from = await cli('diff', 'dsb-2014-c1', '--from', 'yesterday', '--store', store);
    expect([from.code, from.stderr]).toEqual([
      2,
      expect.stringMatching(/--from must be a ledger position/),
    ]);
    const to = await cli(
      'diff',
      'dsb-2014-c1',
      '--from',
      '1',
      '--to',
      '2014-13-01T00:00:00Z',
      '--store',
      store,
    );
    expect([to.code, to.stderr]).toEqual([
      2,
      expect.stringMatching(/--to must be .*or now; got "2014-13-01/),
    ]);
    const nowFrom = await cli('diff', 'dsb-2014-c1', '--from', 'now', '--store', store);
    expect(nowFrom.code).toBe(2);
    const published = await cli('diff', 'dsb-2014-c1', '--from', 'published', '--store', store);
    expect([published.code, published.stderr]).toEqual([
      2,
      expect.stringMatching(
        /no StandingsPublished fact records a publication of the standings of dsb-2014-c1/,
      ),
    ]);
    const zero = await cli('diff', 'dsb-2014-c1', '--from', 'published:0', '--store', store);
    expect(zero.code).toBe(2);
  });

  it('NZ-1 what-if: standings --rulebook-override with the best 7 of 10 counted changes placings, nothing stored', async () => {
    const before = await head(store);
    const o = file('seven.json', JSON.stringify({ 'tenSession.counted': 7 }));
    const out = await cli(
      'standings',
      'club-pairs-2026',
      '--rulebook-override',
      o,
      '--store',
      store,
    );
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^What-if \{"tenSession.counted":7\} \(nothing stored\)/);
    expect(out.stdout).toMatch(/^nz-p\d+\s+-\s+place\s+\d+\s+\d+\s+NZ-1/m);
    const json = JSON.parse(
      (
        await cli(
          'standings',
          'club-pairs-2026',
          '--rulebook-override',
          o,
          '--store',
          store,
          '--format',
          'json',
        )
      ).stdout,
    );
    expect(json.override).toEqual({ 'tenSession.counted': 7 });
    expect(json.whatIf.rows[0].counted).toHaveLength(7);
    expect(json.diff.changes.some((c: { field: string }) => c.field === 'place')).toBe(true);
    expect(await head(store)).toBe(before);
    // diff under the same override: the what-if's own history.
    const d = await cli(
      'diff',
      'club-pairs-2026',
      '--from',
      '0',
      '--rulebook-override',
      o,
      '--store',
      store,
    );
    expect(d.code).toBe(0);
  });

  it('DSB-8 what-if on the championship and the standings: the moves change', async () => {
    const o = file(
      'moves.json',
      JSON.stringify({ 'promotion.promote': 1, 'promotion.relegate': 1 }),
    );
    const s = await cli('standings', 'dsb-2014-c1', '--rulebook-override', o, '--store', store);
    expect(s.stdout).toMatch(/^dsb-p4\s+A\s+move\s+down\s+stay\s+.*DSB-8\.2/m);
    const c = await cli(
      'championship',
      'dsb',
      '--season',
      '2014-2015',
      '--rulebook-override',
      o,
      '--store',
      store,
    );
    expect(c.code).toBe(0);
    expect(c.stdout).toMatch(/^What-if /);
  });

  it('NZ-8 what-if: c-points --rulebook-override rounds each award down, with the diff session by session', async () => {
    const down = file('down.json', JSON.stringify({ 'cPoints.rounding': 'down' }));
    const out = await cli(
      'c-points',
      'club-pairs-2026',
      '--rulebook-override',
      down,
      '--store',
      store,
    );
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^What-if \{"cPoints\.rounding":"down"\} \(nothing stored\)/);
    expect(out.stdout).toMatch(/^session 7\/nz-carys\s+-\s+C points\s+27\s+26\s+NZ-8/m);
    const json = JSON.parse(
      (
        await cli(
          'c-points',
          'club-pairs-2026',
          '--rulebook-override',
          down,
          '--format',
          'json',
          '--store',
          store,
        )
      ).stdout,
    ) as { override: unknown; diff: { changes: unknown[] } };
    expect(json.override).toEqual({ 'cPoints.rounding': 'down' });
    expect(json.diff.changes.length).toBeGreaterThan(0);
    // A what-if is of every session: one session with an override is asked wrongly.
    const one = await cli(
      'c-points',
      'club-pairs-2026',
      '--session',
      '2',
      '--rulebook-override',
      down,
      '--store',
      store,
    );
    expect([one.code, one.stderr]).toEqual([
      2,
      expect.stringMatching(/--session and --rulebook-override together/),
    ]);
    const bad = await cli(
      'c-points',
      'club-pairs-2026',
      '--rulebook-override',
      file('top.json', JSON.stringify({ 'cPoints.top': 'x' })),
      '--store',
      store,
    );
    expect([bad.code, bad.stderr]).toEqual([
      2,
      expect.stringMatching(/cPoints\.top: must be a number, not a string/),
    ]);
  });

  it('refuses a bad override (exit 2), naming the option, the file and the parameter', async () => {
    const run = (content: string, ...more: string[]) =>
      cli(
        'standings',
        more[0] ?? 'club-pairs-2026',
        '--rulebook-override',
        file('bad.json', content),
        '--store',
        store,
      );
    const unknown = await run(JSON.stringify({ 'tenSession.countd': 7 }));
    expect([unknown.code, unknown.stderr]).toEqual([
      2,
      expect.stringMatching(
        /--rulebook-override .*bad\.json: tenSession\.countd: no such parameter/,
      ),
    ]);
    const type = await run(JSON.stringify({ 'tenSession.counted': 'seven' }));
    expect([type.code, type.stderr]).toEqual([
      2,
      expect.stringMatching(/tenSession\.counted: must be a number, not a string/),
    ]);
    const clock = await run(JSON.stringify({ 'pairs.namingDeadline': 'noon' }), 'dsb-2014-c1');
    expect([clock.code, clock.stderr]).toEqual([
      2,
      expect.stringMatching(/pairs\.namingDeadline: a deadline is a club time HH:MM/),
    ]);
    const scoring = await run(JSON.stringify({ 'scoring.factoring': 'none' }));
    expect([scoring.code, scoring.stderr]).toEqual([
      2,
      expect.stringMatching(/scoring\.factoring: .*cannot be overridden/),
    ]);
    const notJson = await run('{ counted: 7');
    expect([notJson.code, notJson.stderr]).toEqual([
      2,
      expect.stringMatching(/--rulebook-override .*: not JSON/),
    ]);
    const array = await run('[1]');
    expect([array.code, array.stderr]).toEqual([
      2,
      expect.stringMatching(/a rulebook override is a JSON object/),
    ]);
    // A season without competitions: the override checked against its year's rulebook.
    const season = await cli(
      'championship',
      'dsb',
      '--season',
      '2016-2017',
      '--rulebook-override',
      file('bad.json', JSON.stringify({ 'promotion.promot': 1 })),
      '--store',
      store,
    );
    expect([season.code, season.stderr]).toEqual([
      2,
      expect.stringMatching(/promotion\.promot: no such parameter/),
    ]);
    const missing = await cli(
      'standings',
      'club-pairs-2026',
      '--rulebook-override',
      join(dir, 'none.json'),
      '--store',
      store,
    );
    expect(missing.code).toBe(2);
  });
});
