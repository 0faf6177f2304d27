import type Database from 'better-sqlite3';

/**
 * The tables of the saved read models, in the ledger's own SQLite file (or a service's
 * read-models file). A partition's row is its whole JSON, a competition's some 8 KB. SQLite
 * suits WITHOUT ROWID tables to small rows: a large row lives in the B-tree itself, with
 * overflow pages every upsert moves about. So the partitions are an ordinary (rowid) table,
 * found by the (name, key) index: their upserts take about a third of the time, and a
 * read by key about half (`npm run bench:partition-table`, bench/RESULTS.md).
 */
export const PROJECTION_TABLES_SQL = `
CREATE TABLE IF NOT EXISTS projection_state (
  name     TEXT    PRIMARY KEY,
  version  INTEGER NOT NULL,
  state    TEXT    NOT NULL
);
CREATE TABLE IF NOT EXISTS projection_partitioned (
  name     TEXT    PRIMARY KEY,
  version  INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS projection_partitions (
  name     TEXT    NOT NULL,
  key      TEXT    NOT NULL,
  seq      INTEGER NOT NULL,
  state    TEXT    NOT NULL,
  PRIMARY KEY (name, key)
);
`;

/**
 * A read model's partitions in the order the runner numbered them, with their keys: a start
 * asks for the keys in that order and for the last number, and without this index SQLite reads
 * the first page of every partition's row to find them (at 9.35 M facts, the competitions'
 * keys in order 163–263 ms and their last number 218 ms, against 10–30 ms and under 1 ms; both
 * before the port answers). Its entries change only when a partition is added or dropped.
 */
export const PROJECTION_INDEXES_SQL = `
CREATE INDEX IF NOT EXISTS projection_partitions_by_seq ON projection_partitions (name, seq, key);
`;

/** The tables a file needs before it holds saved read models. */
export const PROJECTION_TABLES = [
  'projection_state',
  'projection_partitioned',
  'projection_partitions',
];

/**
 * What opening a file did to it, once: the partitions moved from the earlier layout, and those
 * already saved when the index of their order was built (0 for a new file).
 */
export interface TablesEnsured {
  moved: number;
  indexed: number;
}

/**
 * Creates the tables a file lacks, and moves partitions saved in the earlier layout (a WITHOUT
 * ROWID table) into the rowid table, once, in one transaction: a file a service saved before
 * keeps its read models (no rebuild), and a process that opens it meanwhile sees either layout
 * whole. Then indexes the partitions by their order, once (a file saved before the index: about
 * 3 s at 9.35 M facts). Returns the rows moved and the partitions indexed (each 0 when there
 * was nothing to do).
 */
export function ensureProjectionTables(db: Database.Database): TablesEnsured {
  db.exec(PROJECTION_TABLES_SQL);
  const moved = withoutRowid(db) ? moveToRowid(db) : 0;
  // After the move: an index made on the earlier table would go with it when it is dropped.
  const indexed = hasIndex(db) ? 0 : indexOrder(db);
  return { moved, indexed };
}

function indexOrder(db: Database.Database): number {
  return db
    .transaction(() => {
      // Checked again inside the write lock: another process may have built it meanwhile.
      if (hasIndex(db)) return 0;
      db.exec(PROJECTION_INDEXES_SQL);
      return db.prepare('SELECT count(*) FROM projection_partitions').pluck().get() as number;
    })
    .immediate();
}

function hasIndex(db: Database.Database): boolean {
  return (
    db
      .prepare(
        "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'projection_partitions_by_seq'",
      )
      .pluck()
      .get() !== undefined
  );
}

function moveToRowid(db: Database.Database): number {
  return db
    .transaction(() => {
      // Checked again inside the write lock: another process may have moved them meanwhile.
      if (!withoutRowid(db)) return 0;
      db.exec(`ALTER TABLE projection_partitions RENAME TO projection_partitions_before`);
      db.exec(PROJECTION_TABLES_SQL);
      const moved = db
        .prepare(
          `INSERT INTO projection_partitions (name, key, seq, state)
           SELECT name, key, seq, state FROM projection_partitions_before`,
        )
        .run().changes;
      db.exec('DROP TABLE projection_partitions_before');
      return moved;
    })
    .immediate();
}

function withoutRowid(db: Database.Database): boolean {
  const sql = db
    .prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'projection_partitions'",
    )
    .pluck()
    .get() as string | undefined;
  return sql !== undefined && /WITHOUT\s+ROWID/i.test(sql);
}
