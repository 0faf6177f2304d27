import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { catalogue } from '../../src/contexts/catalogue';
import { readRaw } from '../../src/audit/raw-records';
import { verifyLog } from '../../src/audit/verify';
import { collect, fact } from '../support/events';
import { tempDbPath } from '../support/temp';
import { eventStoreContract } from './contract';

eventStoreContract('sqlite', {
  densePositions: true,
  atomicMany: true,
  readsPages: true,
  open: (options) => Promise.resolve(new SqliteEventStore(tempDbPath(), options)),
});

describe('SQLite adapter', () => {
  it('runs in WAL mode with synchronous=FULL by default', async () => {
    const store = new SqliteEventStore(tempDbPath());
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
    await store.close();
  });

  it('refuses UPDATE and DELETE on stored events, even from raw SQL', async () => {
    const path = tempDbPath();
    const store = new SqliteEventStore(path);
    await store.appendToStream('s-1', [fact()]);
    await store.close();
    const db = new Database(path);
    expect(() => db.prepare("UPDATE events SET data = '{}'").run()).toThrow(/immutable: no update/);
    expect(() => db.prepare('DELETE FROM events').run()).toThrow(/immutable: no delete/);
    db.close();
  });

  it('keeps a version-1 event as it was stored while reading it upcast', async () => {
    const path = tempDbPath();
    const store = new SqliteEventStore(path, { upcast: catalogue.upcast });
    const v1 = fact('PlayerRegistered', { playerId: 'p9', name: 'B. Player', member: true });
    await store.appendToStream('club-1-players', [{ ...v1, schemaVersion: 1 }]);
    const [read] = await collect(store.readStream('club-1-players'));
    expect(read.data).toMatchObject({ status: 'member' });
    const row = store.db.prepare('SELECT schema_version, data FROM events').get() as {
      schema_version: number;
      data: string;
    };
    expect(row.schema_version).toBe(1);
    expect(JSON.parse(row.data)).toMatchObject({ member: true });
    await store.close();
  });

  it('survives several processes writing one file: conflicts are typed errors, the log stays gap-free', async () => {
    const path = tempDbPath();
    new SqliteEventStore(path).close();
    const writer = join(__dirname, '../support/sqlite-writer.js');
    const run = (id: number) =>
      promisify(execFile)(process.execPath, [writer, path, String(id), '40'], { timeout: 60_000 });
    const outputs = await Promise.all([run(1), run(2), run(3)]);
    const tallies = outputs.map((o) => JSON.parse(o.stdout) as { ok: number; conflicts: number });
    // Every writer appended with expected revisions to one shared stream: losers retried.
    expect(tallies.reduce((n, t) => n + t.ok, 0)).toBe(120);
    const store = new SqliteEventStore(path);
    const report = await verifyLog(readRaw(store), catalogue, { densePositions: true });
    expect(report.problems.filter((p) => p.check !== 'type')).toEqual([]);
    expect(report.events).toBe(120 * 2);
    await store.close();
  });
});
