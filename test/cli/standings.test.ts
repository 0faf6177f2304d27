import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { cli } from '../support/cli';
import { tempDir } from '../support/temp';

/** A ledger file with the example seasons, as `npm start` leaves it. */
async function exampleLedger() {
  const dir = tempDir();
  const path = join(dir, 'ledger.db');
  const store = new SqliteEventStore(path, { upcast: catalogue.upcast });
  const loaded = await loadExamplesIfEmpty(store);
  const again = await loadExamplesIfEmpty(store);
  await store.close();
  return { dir, store: `sqlite:${path}`, loaded, again };
}

describe('bridge-ledger standings, championship and replay --competition', () => {
  it('loads the examples into an empty store only, once', async () => {
    const { loaded, again } = await exampleLedger();
    expect(loaded!.files).toEqual([
      'dsb-groenlo-2014-2015.ndjson',
      'nz-club-pairs-2026.ndjson',
      'uk-lcba-league-2009-10.ndjson',
      'uk-pinner-bc-2018.ndjson',
      'wellington-and-lochem-teams.ndjson',
      'karori--tuesday-pairs-2026-03-03.pbn',
    ]);
    expect(loaded!.events).toBeGreaterThan(400);
    expect(again).toBeUndefined();
  });

  it('prints a table, JSON with each row explained, or CSV', async () => {
    const { store } = await exampleLedger();
    const table = await cli('standings', 'club-pairs-2026', '--store', store);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(
      /Club Pairs 2026 \(Tuesday\) \(club-pairs-2026\), final; rulebook nz-club/,
    );
    // Each pair by its players' names (the example roster's), beside its id.
    expect(table.stdout).toMatch(/^place\s+pair\s+names\s+total/m);
    expect(table.stdout).toMatch(/^\d+\s+nz-p1\s+\S.* & \S/m);
    const json = JSON.parse(
      (await cli('standings', 'club-pairs-2026', '--store', store, '--format', 'json')).stdout,
    );
    expect(json.rows[0].explain.length).toBeGreaterThan(0);
    const csv = (await cli('standings', 'dsb-2014-c1', '--store', store, '--format', 'csv')).stdout
      .trim()
      .split('\n');
    expect(csv[0]).toBe('group,rank,pair,names,percentage,played,next');
    expect(csv).toHaveLength(19);
  });

  it('gives the standing as of a past position, and after a session', async () => {
    const { store } = await exampleLedger();
    const json = JSON.parse(
      (
        await cli(
          'standings',
          'dsb-2014-c1',
          '--store',
          store,
          '--format',
          'json',
          '--at-position',
          '150',
        )
      ).stdout,
    );
    expect(json).toMatchObject({ position: 150, final: false });
    const after2 = JSON.parse(
      (
        await cli(
          'standings',
          'dsb-2014-c1',
          '--store',
          store,
          '--format',
          'json',
          '--after-session',
          '2',
        )
      ).stdout,
    );
    expect(after2.afterSession).toBe(2);
  });

  it('DSB-11 ranks the club championship of a season, each pair by its players’ names', async () => {
    const { store } = await exampleLedger();
    const r = await cli('championship', 'dsb', '--season', '2014-2015', '--store', store);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Club championship dsb 2014-2015: dsb-2014-c1, dsb-2014-c2/);
    expect(r.stdout).toMatch(/^rank\s+pair\s+names\s+points/m);
    expect(r.stdout).toMatch(/^1\s+dsb-p1\s+Anke Voorbeeld & Bram Voorbeeld\s+190\s/m);
  });

  it('replays an exported file with no store to the same standings', async () => {
    const { dir, store } = await exampleLedger();
    const file = join(dir, 'export.ndjson');
    writeFileSync(file, (await cli('export', '--store', store)).stdout);
    const fromFile = await cli('replay', file, '--competition', 'dsb-2014-c2', '--format', 'json');
    const fromStore = await cli('standings', 'dsb-2014-c2', '--store', store, '--format', 'json');
    expect(fromFile.code).toBe(0);
    expect(JSON.parse(fromFile.stdout)).toEqual(JSON.parse(fromStore.stdout));
  });

  it('refuses an unknown competition, and both --projection and --competition', async () => {
    const { store } = await exampleLedger();
    const unknown = await cli('standings', 'nope', '--store', store);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no competition nope/);
    expect(
      (await cli('replay', 'x.ndjson', '--projection', 'ledger-stats', '--competition', 'c')).code,
    ).toBe(2);
    expect((await cli('standings', 'c', '--format', 'xml')).code).toBe(2);
  });
});
