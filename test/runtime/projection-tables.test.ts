import Database from 'better-sqlite3';
import { SqliteProjectionStateStore } from '../../src/ledger/projection-state-store';
import { ensureProjectionTables } from '../../src/ledger/projection-tables';
import { tempDbPath } from '../support/temp';

/** The partitions' table as files saved before the rowid layout hold it. */
const EARLIER_LAYOUT = `
CREATE TABLE projection_partitioned (name TEXT PRIMARY KEY, version INTEGER NOT NULL);
CREATE TABLE projection_partitions (
  name TEXT NOT NULL, key TEXT NOT NULL, seq INTEGER NOT NULL, state TEXT NOT NULL,
  PRIMARY KEY (name, key)
) WITHOUT ROWID;
INSERT INTO projection_partitioned VALUES ('competitions', 17);
INSERT INTO checkpoints VALUES ('competitions', 42, '2026-12-07T10:00:00.000Z');
INSERT INTO projection_partitions VALUES
  ('competitions', 'competition:b', 2, '{"results":[2]}'),
  ('competitions', 'competition:a', 1, '{"results":[1]}'),
  ('competitions', 'competition:c', 3, '{"results":[3]}');
`;

/** The ledger's own checkpoints table (the event store's schema makes it). */
const CHECKPOINTS =
  'CREATE TABLE checkpoints (name TEXT PRIMARY KEY, position INTEGER, updated_at TEXT)';

/** A saved read model's partitions, pulled. */
const pulled = (saved: { partitions: Iterable<[string, unknown]> } | undefined) =>
  saved && [...saved.partitions];

const layoutOf = (db: Database.Database) =>
  db
    .prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'projection_partitions'",
    )
    .pluck()
    .get() as string;

function earlierFile(): string {
  const path = tempDbPath();
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec(CHECKPOINTS);
  db.exec(EARLIER_LAYOUT);
  db.close();
  return path;
}

describe('the saved partitions table', () => {
  test('a new file keeps its partitions in a rowid table found by (name, key)', () => {
    const db = new Database(':memory:');
    db.exec(CHECKPOINTS);
    const states = new SqliteProjectionStateStore(db);
    expect(layoutOf(db)).not.toMatch(/WITHOUT ROWID/i);
    states.savePartitions('competitions', {
      version: 17,
      position: 5,
      replace: false,
      writes: [
        { key: 'competition:a', seq: 1, value: { results: [1] } },
        { key: 'competition:a', seq: 1, value: { results: [1, 2] } },
      ],
    });
    // The second write of a key replaces the first (the upsert finds it by the index).
    expect(db.prepare('SELECT COUNT(*) FROM projection_partitions').pluck().get()).toBe(1);
    expect(pulled(states.loadSomePartitions('competitions', ['competition:a']))).toEqual([
      ['competition:a', { results: [1, 2] }],
    ]);
  });

  test('a file saved in the WITHOUT ROWID layout keeps its read models: moved once, whole', () => {
    const path = earlierFile();
    const db = new Database(path);
    const states = new SqliteProjectionStateStore(db);
    expect(layoutOf(db)).not.toMatch(/WITHOUT ROWID/i);
    expect(states.movedPartitions).toBe(3);
    expect(new SqliteProjectionStateStore(db).movedPartitions).toBe(0);
    const saved = states.loadPartitions('competitions')!;
    expect({ ...saved, partitions: [...saved.partitions] }).toEqual({
      version: 17,
      position: 42,
      lastSeq: 3,
      // In the order the runner numbered them, as before the move.
      partitions: [
        ['competition:a', { results: [1] }],
        ['competition:b', { results: [2] }],
        ['competition:c', { results: [3] }],
      ],
    });
    expect(
      db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name LIKE '%before%'").pluck().get(),
    ).toBe(0);
    // Opened again (another process, the next start): nothing left to move or index.
    expect(ensureProjectionTables(db)).toEqual({ moved: 0, indexed: 0 });
    db.close();
  });

  test('the move counts the rows it moved, and a second process finds them moved', () => {
    const path = earlierFile();
    const first = new Database(path);
    const second = new Database(path);
    expect(ensureProjectionTables(first)).toEqual({ moved: 3, indexed: 3 });
    expect(ensureProjectionTables(second)).toEqual({ moved: 0, indexed: 0 });
    expect(second.prepare('SELECT COUNT(*) FROM projection_partitions').pluck().get()).toBe(3);
    first.close();
    second.close();
  });

  describe('the partitions in the order the runner numbered them, by an index', () => {
    const plan = (db: Database.Database, sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('competitions') as Array<{ detail: string }>)
        .map((r) => r.detail)
        .join('; ');

    test('a new file has it: the keys in order and the last number are read from it alone', () => {
      const db = new Database(':memory:');
      db.exec(CHECKPOINTS);
      const states = new SqliteProjectionStateStore(db);
      expect(states.indexedPartitions).toBe(0);
      expect(plan(db, 'SELECT key FROM projection_partitions WHERE name = ? ORDER BY seq')).toMatch(
        /COVERING INDEX projection_partitions_by_seq/,
      );
      expect(plan(db, 'SELECT MAX(seq) FROM projection_partitions WHERE name = ?')).toMatch(
        /projection_partitions_by_seq/,
      );
      // Neither sorts nor reads a partition's row.
      expect(
        plan(db, 'SELECT key FROM projection_partitions WHERE name = ? ORDER BY seq'),
      ).not.toMatch(/TEMP B-TREE/);
    });

    test('a file saved without it is indexed once, and the service can say how many it indexed', () => {
      const path = tempDbPath();
      const before = new Database(path);
      before.exec(CHECKPOINTS);
      new SqliteProjectionStateStore(before).savePartitions('competitions', {
        version: 17,
        position: 9,
        replace: false,
        writes: [
          { key: 'competition:b', seq: 1, value: { results: [1] } },
          { key: 'competition:a', seq: 2, value: { results: [2] } },
        ],
      });
      before.exec('DROP INDEX projection_partitions_by_seq');
      before.close();
      const db = new Database(path);
      const states = new SqliteProjectionStateStore(db);
      expect(states.indexedPartitions).toBe(2);
      expect(new SqliteProjectionStateStore(db).indexedPartitions).toBe(0);
      const saved = states.loadPartitions('competitions')!;
      expect(saved.lastSeq).toBe(2);
      expect([...saved.partitions].map(([key]) => key)).toEqual(['competition:b', 'competition:a']);
      db.close();
    });

    test('a file moved from the WITHOUT ROWID layout is indexed on its new table', () => {
      const db = new Database(earlierFile());
      expect(ensureProjectionTables(db)).toEqual({ moved: 3, indexed: 3 });
      expect(
        db
          .prepare("SELECT tbl_name FROM sqlite_master WHERE name = 'projection_partitions_by_seq'")
          .pluck()
          .get(),
      ).toBe('projection_partitions');
      db.close();
    });
  });

  test('a file opened read-only is read in the layout it has, and left as it is', () => {
    const path = earlierFile();
    const db = new Database(path, { readonly: true });
    const states = new SqliteProjectionStateStore(db);
    expect(layoutOf(db)).toMatch(/WITHOUT ROWID/i);
    const saved = states.loadSomePartitions('competitions', ['competition:c']);
    expect(saved?.position).toBe(42);
    expect(pulled(saved)).toEqual([['competition:c', { results: [3] }]]);
    db.close();
  });

  test('a move that fails leaves the earlier table as it was (one transaction)', () => {
    const path = earlierFile();
    const db = new Database(path);
    // A table in the way of the move's new one: the CREATE inside the transaction fails.
    db.exec("CREATE VIEW projection_partitions_before AS SELECT 1 AS 'in the way'");
    expect(() => ensureProjectionTables(db)).toThrow(/projection_partitions_before/);
    expect(layoutOf(db)).toMatch(/WITHOUT ROWID/i);
    expect(db.prepare('SELECT COUNT(*) FROM projection_partitions').pluck().get()).toBe(3);
    db.close();
  });
});
