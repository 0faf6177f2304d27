import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { v7 } from 'uuid';
import { cli, head } from '../support/cli';
import Database from 'better-sqlite3';
import { tempDir } from '../support/temp';

const line = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    streamId: 'club-wellington-players',
    id: v7(),
    type: 'PlayerRegistered',
    occurredAt: '2026-02-02T19:30:00+13:00',
    data: {
      clubId: 'wellington',
      playerId: `p-${v7().slice(-6)}`,
      name: 'A Player',
      status: 'member',
    },
    metadata: { clubId: 'wellington', actor: 'secretary' },
    ...over,
  });

/** A club's registration: its roster's lines come after it (a club registers, then its players). */
const clubLine = (clubId: string) =>
  line({
    streamId: `club-${clubId}`,
    type: 'ClubRegistered',
    data: { clubId, name: `Club ${clubId}`, timeZone: 'Pacific/Auckland' },
    metadata: { clubId, actor: 'secretary' },
  });

/** A line of another stream: kelburn's roster. */
const otherLine = () =>
  line({
    streamId: 'club-kelburn-players',
    data: { clubId: 'kelburn', playerId: `p-${v7().slice(-6)}`, name: 'K', status: 'member' },
    metadata: { clubId: 'kelburn', actor: 'secretary' },
  });

function setup(lines: string[]) {
  const dir = tempDir();
  const file = join(dir, 'events.ndjson');
  writeFileSync(file, lines.join('\n') + '\n');
  return { dir, file, store: `sqlite:${join(dir, 'ledger.db')}` };
}

describe('bridge-ledger CLI', () => {
  it('append writes every line of a good file', async () => {
    const { file, store } = setup([
      line({
        streamId: 'club-wellington',
        type: 'ClubRegistered',
        data: { clubId: 'wellington', name: 'Club', timeZone: 'Pacific/Auckland' },
      }),
      line(),
      line(),
    ]);
    const r = await cli('append', file, '--store', store);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/appended 3 new events; 0 already stored; head position 3/);
    expect(await head(store)).toBe(3);
  });

  it('append reports each bad line with its number and writes nothing of the file', async () => {
    const { file, store } = setup([
      line(),
      '{"streamId": "club-x", "id": ',
      line({ type: 'PlayerPromoted' }),
      line({ data: { playerId: 'p1', status: 'member' } }),
      line({ occurredAt: 'Tuesday' }),
    ]);
    const r = await cli('append', file, '--store', store);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 2: not JSON/);
    expect(r.stderr).toMatch(/line 3: type: unknown event type "PlayerPromoted"/);
    expect(r.stderr).toMatch(/line 4: data\.name: /);
    expect(r.stderr).toMatch(/line 5: occurredAt: must be an ISO 8601 instant/);
    expect(r.stderr).toMatch(/nothing was appended/);
    expect(await head(store)).toBe(0);
  });

  it('LEDGER append refuses a roster fact off its roster stream and a second ClubRegistered, naming each line; nothing is written', async () => {
    const club = (over: Record<string, unknown> = {}) =>
      line({
        streamId: 'club-wellington',
        type: 'ClubRegistered',
        data: { clubId: 'wellington', name: 'Club', timeZone: 'Pacific/Auckland' },
        ...over,
      });
    const offRoster = setup([club(), line({ streamId: 'club-wellington' })]);
    const r = await cli('append', offRoster.file, '--store', offRoster.store);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /line 2: streamId: LEDGER: events\[1\]: PlayerRegistered of club wellington belongs in stream club-wellington-players, not club-wellington/,
    );
    expect(await head(offRoster.store)).toBe(0);
    const twice = setup([club(), line(), club()]);
    const again = await cli('append', twice.file, '--store', twice.store);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /line 3: data\.clubId: LEDGER: club wellington is registered already/,
    );
    expect(await head(twice.store)).toBe(0);
  });

  it('append refuses a fact the rules forbid, naming its line and rule, and writes nothing', async () => {
    const C = 'cp-2026';
    const fact = (type: string, data: Record<string, unknown>) =>
      line({ streamId: `competition-${C}`, type, data: { competitionId: C, ...data } });
    // Wellington and its players first: a competition is of a registered club, a pair names
    // players of its roster.
    const { file, store } = setup([
      line({
        streamId: 'club-wellington',
        type: 'ClubRegistered',
        data: { clubId: 'wellington', name: 'Club', timeZone: 'Pacific/Auckland' },
      }),
      ...['ann', 'bob', 'cat', 'dan'].map((playerId) =>
        line({
          data: { clubId: 'wellington', playerId, name: playerId, status: 'member' },
        }),
      ),
      fact('CompetitionCreated', {
        clubId: 'wellington',
        name: 'Club Pairs',
        season: '2026',
        kind: 'pairs-series',
        format: 'club-pairs',
        sessions: [{ session: 1, date: '2026-02-03', startTime: '19:30' }],
      }),
      fact('PairEntered', { pairId: 'p1', players: ['ann', 'bob'] }),
      fact('PairEntered', { pairId: 'p2', players: ['cat', 'dan'] }),
      fact('SessionResultRecorded', {
        session: 1,
        pairId: 'p1',
        players: ['ann', 'bob'],
        percentage: 55.5,
        boardsPlayed: 24,
        source: 'imported',
      }),
      fact('SubstitutePlayed', {
        session: 1,
        pairId: 'p2',
        absentPlayerId: 'dan',
        substituteId: 'bob',
      }),
    ]);
    const r = await cli('append', file, '--store', store);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 10: data\.substituteId: NZ-7: bob already plays for pair p1/);
    expect(await head(store)).toBe(0);
  });

  it('append refuses a line whose id is stored with other content, naming the line, and writes nothing', async () => {
    const first = line();
    const { dir, file, store } = setup([clubLine('wellington'), first]);
    expect((await cli('append', file, '--store', store)).code).toBe(0);
    const changed = JSON.parse(first) as { data: Record<string, unknown> };
    const again = join(dir, 'changed.ndjson');
    writeFileSync(
      again,
      [line(), JSON.stringify({ ...changed, data: { ...changed.data, name: 'B Player' } })].join(
        '\n',
      ) + '\n',
    );
    const r = await cli('append', again, '--store', store);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/line 2: id: .*already stored .*other content/);
    expect(r.stderr).toMatch(/revision 0, position 2/);
    expect(await head(store)).toBe(2);
  });

  it('export writes the log as stored; appending the export again adds nothing', async () => {
    const { dir, file, store } = setup([
      clubLine('wellington'),
      clubLine('kelburn'),
      line(),
      line(),
      otherLine(),
    ]);
    await cli('append', file, '--store', store);
    const exported = await cli('export', '--store', store);
    expect(exported.code).toBe(0);
    const lines = exported.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.position)).toEqual([1, 2, 3, 4, 5]);
    expect(lines[4]).toMatchObject({
      streamId: 'club-kelburn-players',
      revision: 0,
      schemaVersion: 3,
    });
    const again = join(dir, 'export.ndjson');
    writeFileSync(again, exported.stdout);
    const r = await cli('append', again, '--store', store);
    expect(r.code).toBe(0);
    expect(await head(store)).toBe(5);
    const partial = await cli('export', '--store', store, '--to-position', '2');
    expect(partial.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('export then append into an empty store reproduces the same log, recordedAt kept and marked imported', async () => {
    const { dir, file, store } = setup([
      clubLine('wellington'),
      clubLine('kelburn'),
      line(),
      line(),
      otherLine(),
    ]);
    await cli('append', file, '--store', store);
    const first = (await cli('export', '--store', store)).stdout;
    const copy = `sqlite:${join(dir, 'copy.db')}`;
    const exportFile = join(dir, 'export.ndjson');
    writeFileSync(exportFile, first);
    expect((await cli('append', exportFile, '--store', copy)).code).toBe(0);
    const copied = (await cli('export', '--store', copy)).stdout;
    expect(copied.match(/"importedAt":"[^"]+"/g)).toHaveLength(5);
    // Each store keeps its own chain, and importedAt is part of what the copy stores,
    // so the copy's hashes are its own; the rest of every line is the same.
    const unsealed = (text: string) => text.replace(/,"hash":"[0-9a-f]{64}"/g, '');
    expect(unsealed(copied.replace(/,"importedAt":"[^"]+"/g, ''))).toBe(unsealed(first));
  });

  it('verify passes a sound log and fails one damaged outside the ledger', async () => {
    const { dir, file, store } = setup([clubLine('wellington'), line(), line(), line()]);
    await cli('append', file, '--store', store);
    const ok = await cli('verify', '--store', store);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^OK: 4 events in 2 streams, last position 4/m);
    // Someone drops the triggers and edits the file by hand.
    const db = new Database(join(dir, 'ledger.db'));
    db.exec('DROP TRIGGER events_refuse_update; DROP TRIGGER events_refuse_delete;');
    db.exec('DELETE FROM events WHERE position = 3');
    db.exec(`INSERT INTO events (position, id, stream_id, revision, type, schema_version, occurred_at, recorded_at, data, metadata)
             VALUES (9, '${v7()}', 'club-wellington-players', 7, 'Mystery', 1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', '{}', '{}')`);
    db.close();
    const bad = await cli('verify', '--store', store, '--json');
    expect(bad.code).toBe(1);
    const report = JSON.parse(bad.stdout) as { ok: boolean; problems: Array<{ check: string }> };
    expect(report.ok).toBe(false);
    // The chain breaks at the event after the deleted one, and at the inserted one.
    expect(report.problems.map((p) => p.check).sort()).toEqual([
      'chain',
      'chain',
      'position',
      'position',
      'revision',
      'revision',
      'type',
    ]);
  });

  it('replay rebuilds a projection from a file with no store, to a position', async () => {
    const { dir, file, store } = setup([clubLine('wellington'), line(), line(), line()]);
    await cli('append', file, '--store', store);
    const exportFile = join(dir, 'export.ndjson');
    writeFileSync(exportFile, (await cli('export', '--store', store)).stdout);
    const r = await cli('replay', exportFile, '--projection', 'ledger-stats', '--to-position', '2');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ position: 2, state: { events: 2 } });
    const fromStore = await cli('replay', '--projection', 'club-roster', '--store', store);
    const roster = JSON.parse(fromStore.stdout) as {
      state: { clubs: Record<string, { players: object }> };
    };
    expect(Object.keys(roster.state.clubs.wellington.players)).toHaveLength(3);
  });

  it('refuses bad arguments with exit code 2', async () => {
    expect((await cli('export', '--to-position', 'ten')).code).toBe(2);
    expect((await cli('frobnicate')).code).toBe(2);
    expect((await cli('replay', '--projection', 'nope')).code).toBe(2);
    expect((await cli('verify', '--store', 'mysql://x')).code).toBe(2); // the command line was wrong: kernel/errors.ts STORE_URL
  });
});
