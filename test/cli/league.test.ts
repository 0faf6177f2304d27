import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../support/cli';
import { tempDir } from '../support/temp';
import { clubFacts } from '../domain/league/support';
import { season } from '../projections/leagues-season';

/** The small season of leagues-season.ts appended through `bridge-ledger append` (the gate). */
async function seasonStore(): Promise<string> {
  const dir = tempDir();
  const path = join(dir, 'season.ndjson');
  const lines = [...clubFacts(), ...season.structure, ...season.results];
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  const store = `sqlite:${join(dir, 'ledger.db')}`;
  const appended = await cli('append', path, '--store', store);
  expect(appended.code).toBe(0);
  return store;
}

describe('bridge-ledger table <league> and match <league> <fixture>', () => {
  let store: string;
  beforeAll(async () => {
    store = await seasonStore();
  });

  it('LCBA-8.1: the table, and as of a date the default scored on the season so far', async () => {
    const printed = await cli('table', 'lcba-2009', '--store', store);
    expect(printed.stderr).toBe('');
    expect(printed.code).toBe(0);
    // East 52 VP +57 (f3's default 13 VP, +9 IMPs), north 42 +39, south 19 −96 (leagues.test.ts).
    expect(printed.stdout).toMatch(/division 1, the whole season recorded/);
    expect(printed.stdout).toMatch(/1\s+east\s+eastclub A\s+4\s+2\s+2\s+0\s+52\s+\+57/);
    expect(printed.stdout).toMatch(/2\s+north\s+northclub A\s+4\s+2\s+1\s+1\s+42\s+\+39/);
    expect(printed.stdout).toMatch(/3\s+south\s+southclub A\s+4\s+0\s+1\s+3\s+19\s+-96/);
    // As of 21 October the default is 15 VP (14.5 rounded up), +18 IMPs: east 10 + 15 + 19 =
    // 44 VP, 0 + 18 + 48 = +66 IMPs, won f3 and f5, drew f2.
    const oct = await cli(
      'table',
      'lcba-2009',
      '--as-of',
      '2009-10-21',
      '--format',
      'csv',
      '--store',
      store,
    );
    expect(oct.code).toBe(0);
    expect(oct.stdout.split('\n')[0]).toBe(
      'division,rank,team,name,played,won,drawn,lost,vp,netImps,penalties,tieBreak,move',
    );
    expect(oct.stdout).toMatch(/^1,1,east,eastclub A,3,2,1,0,44,\+66,,,$/m);
    const json = JSON.parse(
      (await cli('table', 'lcba-2009', '--division', '1', '--format', 'json', '--store', store))
        .stdout,
    );
    expect(json.divisions.map((d: { division: number }) => d.division)).toEqual([1]);
  });

  it('LCBA-6.7: a match board by board', async () => {
    const printed = await cli('match', 'lcba-2009', 'f6', '--store', store);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toMatch(/status: played on 2009-10-28 \(every table's score\)/);
    expect(printed.stdout).toMatch(/net IMPs 0 to the home team, 10-10 VP/);
    // Board 1: +200 aggregate → 5 IMPs; board 2: −200 → −5.
    expect(printed.stdout).toMatch(/^1\s+\+200\s+\+5/m);
    expect(printed.stdout).toMatch(/^2\s+-200\s+-5/m);
    const unplayed = await cli('match', 'lcba-2009', 'f3', '--store', store);
    expect(unplayed.stdout).toMatch(/status: unplayed/);
    expect(unplayed.stdout).toMatch(/home: LCBA-8\.1/);
  });

  it('an unknown league, division or fixture exits 1 naming it; a bad option exits 2', async () => {
    const league = await cli('table', 'nope', '--store', store);
    expect([league.code, league.stderr]).toEqual([1, expect.stringMatching(/no league nope/)]);
    const division = await cli('table', 'lcba-2009', '--division', '7', '--store', store);
    expect([division.code, division.stderr]).toEqual([1, expect.stringMatching(/no division 7/)]);
    const fixture = await cli('match', 'lcba-2009', 'f9', '--store', store);
    expect([fixture.code, fixture.stderr]).toEqual([1, expect.stringMatching(/no fixture f9/)]);
    const zero = await cli('table', 'lcba-2009', '--division', '0', '--store', store);
    expect([zero.code, zero.stderr]).toEqual([
      2,
      expect.stringMatching(/--division must be a division number >= 1/),
    ]);
    const asOf = await cli('table', 'lcba-2009', '--as-of', '2009-02-30', '--store', store);
    expect([asOf.code, asOf.stderr]).toEqual([
      2,
      expect.stringMatching(/--as-of must be a club date/),
    ]);
  });

  it('replay --projection leagues prints the league’s facts, no table', async () => {
    const printed = await cli('replay', '--projection', 'leagues', '--store', store);
    expect(printed.code).toBe(0);
    const state = JSON.parse(printed.stdout);
    expect(state.projection).toBe('leagues');
    const league = state.state.leagues['lcba-2009'];
    expect(league.clubId).toBe('lcba');
    expect(
      league.facts.filter((f: { type: string }) => f.type === 'MatchResultRecorded'),
    ).toHaveLength(5);
  });
});
