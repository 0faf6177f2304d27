import Database from 'better-sqlite3';
import { catalogue } from '../../src/contexts/catalogue';
import { verifyStore } from '../../src/audit/verify-parallel';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { idsUniqueByIndex } from '../../src/store/sqlite/repeated-ids';
import { fact } from '../support/events';
import { tempDbPath } from '../support/temp';

/**
 * `verify` asks the store for ids stored twice (LEDGER: an event's id is unique). A ledger file
 * keeps a unique index on `id` (its schema's UNIQUE), which refuses a repeat on every write:
 * its answer is then known without a pass over the ids. A file whose table was rebuilt
 * without it, outside the ledger, has its ids counted.
 */

/** A SQLite ledger of `n` events over two streams, closed; the file's path and the ids. */
async function ledgerFile(n = 6): Promise<{ path: string; ids: string[] }> {
  const path = tempDbPath();
  const store = new SqliteEventStore(path);
  for (let i = 0; i < n; i++) await store.appendToStream(i % 2 ? 'odd' : 'even', [fact()]);
  await store.close();
  const db = new Database(path, { readonly: true });
  const ids = db.prepare('SELECT id FROM events ORDER BY position').pluck().all() as string[];
  db.close();
  return { path, ids };
}

/**
 * The events table rebuilt with `uniqueness` in place of its UNIQUE on id (rows, hashes and
 * triggers kept), then `sql` run on it: an edit of the file outside the ledger.
 */
function rebuiltTable(path: string, uniqueness: string, sql = '') {
  const db = new Database(path);
  try {
    const table = db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'events'")
      .pluck()
      .get() as string;
    const triggers = db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'")
      .pluck()
      .all() as string[];
    expect(table).toMatch(/id\s+TEXT\s+NOT NULL UNIQUE/);
    db.exec(`
      ALTER TABLE events RENAME TO events_before;
      ${table.replace(/(id\s+TEXT\s+NOT NULL) UNIQUE/, '$1')};
      INSERT INTO events SELECT * FROM events_before;
      DROP TABLE events_before;
      ${uniqueness}
      ${sql}
    `);
    for (const t of triggers) db.exec(t);
  } finally {
    db.close();
  }
}

async function verified(path: string) {
  const store = new SqliteEventStore(path, { readOnly: true });
  try {
    return await verifyStore(store, catalogue, { url: `sqlite:${path}`, workers: 1 });
  } finally {
    await store.close();
  }
}

const idProblems = (report: Awaited<ReturnType<typeof verified>>) =>
  report.problems.filter((p) => p.check === 'id');

describe('LEDGER: ids stored twice in a SQLite ledger', () => {
  it('a ledger file keeps its ids unique by an index: none repeated, known without counting them', async () => {
    const { path } = await ledgerFile();
    const db = new Database(path, { readonly: true });
    expect(idsUniqueByIndex(db)).toBe(true);
    db.close();
    const store = new SqliteEventStore(path, { readOnly: true });
    await expect(store.repeatedIds(10)).resolves.toEqual([]);
    await store.close();
    expect(idProblems(await verified(path))).toEqual([]);
  });

  it('the same index made by CREATE UNIQUE INDEX on (id) counts as the schema’s own', async () => {
    const { path } = await ledgerFile();
    rebuiltTable(path, 'CREATE UNIQUE INDEX events_id ON events (id);');
    const db = new Database(path, { readonly: true });
    expect(idsUniqueByIndex(db)).toBe(true);
    db.close();
  });

  it('a table rebuilt without the index, with one event’s id given to a later one: that id named at the later position', async () => {
    const { path, ids } = await ledgerFile();
    rebuiltTable(path, '', `UPDATE events SET id = '${ids[1]}' WHERE position = 5;`);
    const db = new Database(path, { readonly: true });
    expect(idsUniqueByIndex(db)).toBe(false);
    db.close();
    const store = new SqliteEventStore(path, { readOnly: true });
    await expect(store.repeatedIds(10)).resolves.toEqual([{ id: ids[1], positions: [2, 5] }]);
    await store.close();
    expect(idProblems(await verified(path))).toEqual([
      { position: 5, check: 'id', message: `id ${ids[1]} repeated` },
    ]);
  });

  it('a unique index over id and another column does not keep ids unique: two ids given again in the other stream are counted', async () => {
    const { path, ids } = await ledgerFile();
    rebuiltTable(
      path,
      'CREATE UNIQUE INDEX events_id_stream ON events (id, stream_id);',
      `UPDATE events SET id = '${ids[0]}' WHERE position = 4;
       UPDATE events SET id = '${ids[1]}' WHERE position = 5;`,
    );
    const db = new Database(path, { readonly: true });
    expect(idsUniqueByIndex(db)).toBe(false);
    db.close();
    expect(idProblems(await verified(path)).map((p) => p.position)).toEqual([4, 5]);
  });

  it('a partial unique index on id keeps only some ids unique: they are counted', async () => {
    const { path, ids } = await ledgerFile();
    rebuiltTable(
      path,
      'CREATE UNIQUE INDEX events_id_even ON events (id) WHERE position % 2 = 0;',
      `UPDATE events SET id = '${ids[0]}' WHERE position = 3;`,
    );
    const db = new Database(path, { readonly: true });
    expect(idsUniqueByIndex(db)).toBe(false);
    db.close();
    expect(idProblems(await verified(path)).map((p) => p.position)).toEqual([3]);
  });
});
