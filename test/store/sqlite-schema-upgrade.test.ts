import Database from 'better-sqlite3';
import { v7 as uuidv7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import { readRaw } from '../../src/audit/raw-records';
import { verifyLog } from '../../src/audit/verify';
import { chainHash, GENESIS_HASH } from '../../src/store/seal';
import { SCHEMA_SQL } from '../../src/store/sqlite/schema';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { collect } from '../support/events';
import { tempDbPath } from '../support/temp';

/**
 * A ledger file written before schema version 2 (no `imported_at` column) is read as it is when
 * opened read-only, and upgraded in place, keeping every fact, when opened for writing.
 */
function versionOneFile(version: 1 | 2 = 1): { path: string; ids: string[] } {
  const path = tempDbPath();
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  let sql = SCHEMA_SQL.replace(/\s*hash\s+TEXT,/, '');
  if (version === 1) sql = sql.replace(/\s*imported_at\s+TEXT,/, '');
  db.exec(sql);
  db.prepare("INSERT INTO ledger_meta (key, value) VALUES ('schema_version', ?)").run(
    String(version),
  );
  const ids = [uuidv7(), uuidv7()];
  const insert = db.prepare(
    `INSERT INTO events (id, stream_id, revision, type, schema_version, occurred_at, recorded_at, data, metadata)
     VALUES (?, 'club-karori', ?, 'ClubRegistered', 1, '2026-01-06T09:00:00+13:00', ?, ?, '{}')`,
  );
  ids.forEach((id, i) =>
    insert.run(
      id,
      i,
      `2026-01-0${6 + i}T00:00:00.000Z`,
      JSON.stringify({ clubId: 'karori', name: `Karori ${i}`, timeZone: 'Pacific/Auckland' }),
    ),
  );
  db.close();
  return { path, ids };
}

const columnsOf = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    const names = (db.pragma('table_info(events)') as { name: string }[]).map((c) => c.name);
    const version = db.prepare("SELECT value FROM ledger_meta WHERE key = 'schema_version'").get();
    return { names, version: (version as { value: string }).value };
  } finally {
    db.close();
  }
};

describe('SQLite: a version-1 ledger file (before imported_at)', () => {
  it('opened read-only, is read as it is and left unchanged', async () => {
    const { path, ids } = versionOneFile();
    const store = new SqliteEventStore(path, { readOnly: true });
    try {
      const events = await collect(store.readAll());
      expect(events.map((e) => [e.id, e.recordedAt, 'importedAt' in e])).toEqual([
        [ids[0], '2026-01-06T00:00:00.000Z', false],
        [ids[1], '2026-01-07T00:00:00.000Z', false],
      ]);
    } finally {
      await store.close();
    }
    expect(columnsOf(path)).toEqual({
      names: expect.not.arrayContaining(['imported_at']),
      version: '1',
    });
  });

  it('opened for writing, gains the column, keeps every fact and takes appends', async () => {
    const { path, ids } = versionOneFile();
    const store = new SqliteEventStore(path);
    try {
      const next = await store.appendToStream(
        'club-karori',
        [
          {
            id: uuidv7(),
            type: 'RulebookAdopted',
            occurredAt: '2026-01-08T09:00:00+13:00',
            data: {},
            metadata: {},
          },
        ],
        { expectedRevision: 1 },
      );
      expect(next).toMatchObject({ nextExpectedRevision: 2, position: 3 });
      const events = await collect(store.readAll());
      expect(events.map((e) => e.id).slice(0, 2)).toEqual(ids);
      expect(events.some((e) => 'importedAt' in e)).toBe(false);
    } finally {
      await store.close();
    }
    expect(columnsOf(path)).toEqual({
      names: expect.arrayContaining(['imported_at', 'hash']),
      version: '3',
    });
  });
});

/** Each event's stored hash and the chain recomputed from the genesis over the stored fields. */
async function chainOfFile(path: string) {
  const store = new SqliteEventStore(path, { readOnly: true });
  try {
    const rows = await collect(readRaw(store));
    let previous = GENESIS_HASH;
    return {
      stored: rows.map((r) => r.hash),
      computed: rows.map((r) => (previous = chainHash(previous, r))),
    };
  } finally {
    await store.close();
  }
}

describe('a version-1 or -2 ledger file (before the hash column) and the tamper seal', () => {
  it.each([1, 2] as const)(
    'version %i opened for writing gets the hash column, its existing events’ hashes computed once from the genesis, and appends chain on from them',
    async (version) => {
      const { path } = versionOneFile(version);
      const store = new SqliteEventStore(path);
      expect(store.sealed).toBe(true);
      await store.appendToStream('club-karori', [
        {
          id: uuidv7(),
          type: 'RulebookAdopted',
          occurredAt: '2026-01-08T09:00:00+13:00',
          data: {},
        },
      ]);
      await store.close();
      const { stored, computed } = await chainOfFile(path);
      expect(stored).toHaveLength(3);
      expect(stored).toEqual(computed);
      expect(columnsOf(path)).toEqual({
        names: expect.arrayContaining(['imported_at', 'hash']),
        version: '3',
      });
    },
  );

  it('the migration puts the UPDATE and DELETE triggers back: the file refuses both afterwards', async () => {
    const { path } = versionOneFile(2);
    await new SqliteEventStore(path).close();
    const db = new Database(path);
    try {
      const triggers = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
        .pluck()
        .all();
      expect(triggers).toEqual(['events_refuse_delete', 'events_refuse_update']);
      expect(() => db.prepare("UPDATE events SET data = '{}' WHERE position = 1").run()).toThrow(
        /immutable: no update/,
      );
      expect(() => db.prepare('UPDATE events SET hash = NULL WHERE position = 1').run()).toThrow(
        /immutable: no update/,
      );
      expect(() => db.prepare('DELETE FROM events WHERE position = 1').run()).toThrow(
        /immutable: no delete/,
      );
    } finally {
      db.close();
    }
  });

  it('opened read-only, a version-2 file is read unsealed: verify computes the chain and its head, and fails nothing for it', async () => {
    const { path } = versionOneFile(2);
    const store = new SqliteEventStore(path, { readOnly: true });
    try {
      expect(store.sealed).toBe(false);
      const rows = await collect(readRaw(store));
      expect(rows.every((r) => r.hash === undefined)).toBe(true);
      const report = await verifyLog(readRaw(store), catalogue, {
        densePositions: true,
        sealed: store.sealed,
      });
      expect(report.problems.filter((p) => p.check === 'chain')).toEqual([]);
      expect(report.seal).toMatchObject({ kept: false, breaks: 0, head: { position: 2 } });
    } finally {
      await store.close();
    }
    expect(columnsOf(path).version).toBe('2');
  });
});
