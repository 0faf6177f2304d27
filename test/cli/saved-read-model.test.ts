import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import type { RecordedEvent } from '../../src/kernel/envelope';
import { projections } from '../../src/contexts/projections';
import { competitions } from '../../src/contexts/pairs/projection';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import { SqliteProjectionStateStore } from '../../src/ledger/projection-state-store';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { loadSavedPartitions } from '../../src/ledger/saved-read-model';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { cli } from '../support/cli';
import { tempDir } from '../support/temp';

/** The example seasons as stored. */
async function exampleEvents(): Promise<RecordedEvent[]> {
  const store = new MemoryEventStore();
  await loadExamplesIfEmpty(store);
  const events: RecordedEvent[] = [];
  for await (const e of store.readAll()) events.push(e);
  await store.close();
  return events;
}

async function append(store: SqliteEventStore, events: readonly RecordedEvent[]) {
  for (const e of events) {
    const { id, type, schemaVersion, occurredAt, data, metadata } = e;
    await store.appendToStream(e.streamId, [
      { id, type, schemaVersion, occurredAt, data, metadata },
    ]);
  }
}

/**
 * A ledger file whose read models a server saved after `savedAt` facts, with the rest appended
 * after (a stale checkpoint when savedAt < all), and a copy of it with no read model at all:
 * the CLI can only replay there.
 */
async function ledgers(savedAt: (n: number) => number) {
  const events = await exampleEvents();
  const dir = tempDir();
  const path = join(dir, 'ledger.db');
  const store = new SqliteEventStore(path, { upcast: catalogue.upcast });
  const cut = savedAt(events.length);
  await append(store, events.slice(0, cut));
  const runner = new ProjectionRunner(store, new SqliteProjectionStateStore(store.db), projections);
  runner.start();
  await runner.caughtUp();
  runner.stop();
  await append(store, events.slice(cut));
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  await store.close();
  const bare = join(dir, 'bare.db');
  copyFileSync(path, bare);
  const copy = new SqliteEventStore(bare);
  copy.db.exec(
    'DROP TABLE projection_partitions; DROP TABLE projection_partitioned; DROP TABLE projection_state; DELETE FROM checkpoints',
  );
  await copy.close();
  return { saved: `sqlite:${path}`, replayed: `sqlite:${bare}`, path, cut, events: events.length };
}

const READS = [
  ['standings', 'dsb-2014-c1'],
  ['standings', 'dsb-2014-c2', '--format', 'json'],
  ['standings', 'club-pairs-2026', '--format', 'csv'],
  ['standings', 'club-pairs-2026', '--after-session', '2', '--format', 'json'],
  ['championship', 'dsb', '--season', '2014-2015', '--format', 'json'],
  ['c-points', 'club-pairs-2026', '--format', 'json'],
  ['c-points', 'club-pairs-2026'],
];

async function expectSameAnswers(saved: string, replayed: string) {
  for (const args of READS) {
    const fromSaved = await cli(...args, '--store', saved);
    const fromZero = await cli(...args, '--store', replayed);
    expect(fromSaved.code).toBe(0);
    expect([args.join(' '), fromSaved.stdout]).toEqual([args.join(' '), fromZero.stdout]);
    expect(fromSaved.stdout.length).toBeGreaterThan(100);
  }
}

describe('the CLI reads now from the saved read model when it is current', () => {
  afterEach(() => jest.restoreAllMocks());

  it('a read of one competition loads its club’s partitions of the saved read model, not the others’', async () => {
    const l = await ledgers((n) => n);
    const some = jest.spyOn(SqliteProjectionStateStore.prototype, 'loadSomePartitions');
    const all = jest.spyOn(SqliteProjectionStateStore.prototype, 'loadPartitions');
    const read = await cli('standings', 'dsb-2014-c1', '--store', l.saved, '--format', 'json');
    expect(read.code).toBe(0);
    expect(all).not.toHaveBeenCalled();
    expect(some).toHaveBeenCalledTimes(1);
    const [name, keys] = some.mock.calls[0]!;
    expect(name).toBe('competitions');
    expect(keys).toEqual(
      expect.arrayContaining(['position', 'competition:dsb-2014-c1', 'rulebooks:dsb']),
    );
    // Every partition asked is the DSB club's: none of the NZ club's or Pinner's.
    expect(keys.filter((k) => /club-pairs|pinner|nz-club/.test(k))).toEqual([]);
    const view = JSON.parse(read.stdout) as { competitionId: string };
    expect(view.competitionId).toBe('dsb-2014-c1');
  });

  it('with facts after the checkpoint: only those are folded, and every answer is the full replay’s, byte for byte', async () => {
    const l = await ledgers((n) => Math.floor(n / 2));
    expect(l.cut).toBeLessThan(l.events);
    const store = new SqliteEventStore(l.path, { upcast: catalogue.upcast });
    const saved = loadSavedPartitions(store.db, competitions, [
      'position',
      'competition:dsb-2014-c1',
    ]);
    await store.close();
    expect(saved?.position).toBe(l.cut);
    expect(Object.keys(saved!.state.competitions)).toEqual(['dsb-2014-c1']);
    await expectSameAnswers(l.saved, l.replayed);
  });

  it('with the checkpoint at the head: nothing to fold, the same answers', async () => {
    const l = await ledgers((n) => n);
    await expectSameAnswers(l.saved, l.replayed);
  });

  it('a read model of another version is not read: the CLI replays the club’s streams', async () => {
    const l = await ledgers((n) => n - 40);
    const store = new SqliteEventStore(l.path, { upcast: catalogue.upcast });
    store.db
      .prepare("UPDATE projection_partitioned SET version = ? WHERE name = 'competitions'")
      .run(competitions.version - 1);
    // Were it read, this stale name would show in the tables.
    store.db
      .prepare(
        "UPDATE projection_partitions SET state = json_set(state, '$.competition.name', 'STALE') WHERE name = 'competitions' AND key = 'competition:dsb-2014-c1'",
      )
      .run();
    expect(
      loadSavedPartitions(store.db, competitions, ['competition:dsb-2014-c1']),
    ).toBeUndefined();
    await store.close();
    await expectSameAnswers(l.saved, l.replayed);
    expect((await cli('standings', 'dsb-2014-c1', '--store', l.saved)).stdout).not.toContain(
      'STALE',
    );
  });

  it('the saved read model is what the CLI reads (a tampered partition shows), and as of a position it replays', async () => {
    const l = await ledgers((n) => n);
    const store = new SqliteEventStore(l.path);
    store.db
      .prepare(
        "UPDATE projection_partitions SET state = json_set(state, '$.competition.name', 'FROM THE SAVED MODEL') WHERE name = 'competitions' AND key = 'competition:dsb-2014-c1'",
      )
      .run();
    await store.close();
    const now = await cli('standings', 'dsb-2014-c1', '--store', l.saved);
    expect(now.stdout).toContain('FROM THE SAVED MODEL');
    const asOf = await cli('standings', 'dsb-2014-c1', '--store', l.saved, '--at-position', '9999');
    expect(asOf.stdout).not.toContain('FROM THE SAVED MODEL');
  });

  it('a ledger no server has served (no read model tables) is replayed (the club’s streams), and nothing is created in it', async () => {
    const l = await ledgers((n) => n);
    const store = new SqliteEventStore(l.replayed.slice('sqlite:'.length), {
      upcast: catalogue.upcast,
    });
    expect(loadSavedPartitions(store.db, competitions, ['position'])).toBeUndefined();
    const tables = store.db
      .prepare("SELECT name FROM sqlite_master WHERE name LIKE 'projection%'")
      .pluck()
      .all();
    expect(tables).toEqual([]);
    await store.close();
  });
});
