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

/** The tables a file needs before it holds saved read models. */
export const PROJECTION_TABLES = [
  'projection_state',
  'projection_partitioned',
  'projection_partitions',
];

/**
 * Creates the tables a file lacks, and moves partitions saved in the earlier layout (a WITHOUT
 * ROWID table) into the rowid table, once, in one transaction: a file a service saved before
 * keeps its read models (no rebuild), and a process that opens it meanwhile sees either layout
 * whole. Returns the rows moved (0 when there was nothing to move).
 */
export function ensureProjectionTables(db: Database.Database): number {
  db.exec(PROJECTION_TABLES_SQL);
  if (!withoutRowid(db)) return 0;
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
