import Database from 'better-sqlite3';

/** The ids a check has seen: `add` answers whether the id is new. */
export interface SeenIds {
  add(id: string): boolean;
  close(): void;
}

/** In memory: what a check of one store's piece or a small file keeps. */
export function seenIdsInMemory(): SeenIds {
  const ids = new Set<string>();
  return {
    add(id) {
      if (ids.has(id)) return false;
      ids.add(id);
      return true;
    },
    close: () => ids.clear(),
  };
}

/** Ids written to the file in one transaction. */
const BATCH = 100_000;

/**
 * On disk, in a SQLite file of its own (an index of the ids, no journal: it is thrown away):
 * the ids of ten million facts take about a gigabyte as a Set of strings, and the audit of
 * an export holds no more than one group of clubs' read models.
 */
export function seenIdsOnDisk(file: string): SeenIds {
  const db = new Database(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.exec('CREATE TABLE ids (id TEXT PRIMARY KEY) WITHOUT ROWID');
  const put = db.prepare('INSERT OR IGNORE INTO ids (id) VALUES (?)');
  let pending = 0;
  db.exec('BEGIN');
  return {
    add(id) {
      const fresh = put.run(id).changes === 1;
      if (++pending >= BATCH) {
        db.exec('COMMIT; BEGIN');
        pending = 0;
      }
      return fresh;
    },
    close() {
      if (db.inTransaction) db.exec('COMMIT');
      db.close();
    },
  };
}
