import Database from 'better-sqlite3';
import { SqliteProjectionStateStore } from '../../src/ledger/projection-state-store';
import { tempDbPath } from '../support/temp';

/**
 * A long ledger's read model is loaded a page of rows at a time, the event loop given a turn
 * between pages, so that /health and the requests are answered while it loads; what is loaded is
 * what one read gives: every partition, in the order the runner numbered them (seq), not the
 * order of their keys. A save by another process between pages is not half read.
 */
function storeWith(n: number) {
  const path = tempDbPath();
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec(
    'CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL, updated_at TEXT NOT NULL)',
  );
  const store = new SqliteProjectionStateStore(db);
  // Keys whose order is not the order they were numbered in: z-0, y-1, x-2 …
  store.savePartitions('model', {
    version: 3,
    position: 100,
    replace: true,
    writes: Array.from({ length: n }, (_, i) => ({
      key: `${String.fromCharCode(122 - (i % 26))}-${i}`,
      seq: i + 1,
      value: { i },
    })),
  });
  return { path, db, store };
}

describe('a read model loaded in pages', () => {
  it('gives every partition in seq order, as one read does, with a turn between pages', async () => {
    const { store } = storeWith(1000);
    const whole = store.loadPartitions('model')!;
    let turns = 0;
    const paged = (await store.loadPartitionsInPages('model', async () => void turns++, 64))!;
    expect([...paged.partitions]).toEqual([...whole.partitions]);
    expect([...store.loadPartitions('model')!.partitions].map(([, v]) => v)).toEqual(
      Array.from({ length: 1000 }, (_, i) => ({ i })),
    );
    expect({ ...paged, partitions: 0 }).toEqual({ ...whole, partitions: 0 });
    expect(turns).toBe(Math.floor(1000 / 64));
  });

  it('a save by another process between two pages: the pages are read again, and the save is in what is loaded', async () => {
    const { path, store } = storeWith(300);
    const other = new SqliteProjectionStateStore(new Database(path));
    let saved = false;
    const paged = (await store.loadPartitionsInPages(
      'model',
      async () => {
        if (saved) return;
        saved = true;
        other.savePartitions('model', {
          version: 3,
          position: 101,
          replace: false,
          writes: [{ key: 'new', seq: 301, value: { i: 300 } }],
        });
      },
      100,
    ))!;
    expect(paged.position).toBe(101);
    const values = [...paged.partitions].map(([, v]) => v);
    expect(values).toHaveLength(301);
    expect(values.at(-1)).toEqual({ i: 300 });
  });

  it('a read model never saved: none', async () => {
    const { store } = storeWith(1);
    expect(await store.loadPartitionsInPages('other', async () => undefined)).toBeUndefined();
  });
});
