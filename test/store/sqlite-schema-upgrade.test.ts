import Database from 'better-sqlite3';
import { v7 as uuidv7 } from 'uuid';
import { SCHEMA_SQL } from '../../src/store/sqlite/schema';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { collect } from '../support/events';
import { tempDbPath } from '../support/temp';

/**
 * A ledger file written before schema version 2 (no `imported_at` column) is read as it is when
 * opened read-only, and upgraded in place, keeping every fact, when opened for writing.
 */
function versionOneFile(): { path: string; ids: string[] } {
  const path = tempDbPath();
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec(SCHEMA_SQL.replace(/\s*imported_at\s+TEXT,/, ''));
  db.prepare("INSERT INTO ledger_meta (key, value) VALUES ('schema_version', '1')").run();
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
      names: expect.arrayContaining(['imported_at']),
      version: '2',
    });
  });
});
