/**
 * The ledger's SQLite schema. Position is the INTEGER PRIMARY KEY (the rowid): with no delete
 * ever allowed and no AUTOINCREMENT, SQLite gives max+1 to each insert and a rolled-back
 * transaction consumes nothing, so positions are gap-free in commit order.
 */
export const SCHEMA_VERSION = 3;

/**
 * Version 2 adds `imported_at`: set only on a fact imported from another ledger's export, whose
 * `recorded_at` is then the instant that ledger recorded it. A version-1 file gets the column
 * (NULL for every fact it holds) when it is next opened for writing; opened read-only, it is
 * read as NULL.
 */
export const MIGRATE_TO_2_SQL = `ALTER TABLE events ADD COLUMN imported_at TEXT`;

/**
 * Version 3 adds `hash` (tamper evidence, src/store/seal.ts): sha256 over the
 * previous event's hash and this event as stored, written in the same INSERT. A version-1 or -2
 * file opened for writing gets the column and its existing events' hashes once, in the
 * migration's transaction (the update trigger is dropped and recreated inside it); opened
 * read-only, it is read with no hash (unsealed). Nullable only because ALTER TABLE cannot add a
 * NOT NULL column to rows that exist: the store never writes a NULL.
 */
export const MIGRATE_TO_3_SQL = `ALTER TABLE events ADD COLUMN hash TEXT`;

export const REFUSE_UPDATE_TRIGGER_SQL = `CREATE TRIGGER IF NOT EXISTS events_refuse_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are immutable: no update'); END;`;

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS events (
  position       INTEGER PRIMARY KEY,
  id             TEXT    NOT NULL UNIQUE,
  stream_id      TEXT    NOT NULL,
  revision       INTEGER NOT NULL CHECK (revision >= 0),
  type           TEXT    NOT NULL,
  schema_version INTEGER NOT NULL,
  occurred_at    TEXT    NOT NULL,
  recorded_at    TEXT    NOT NULL,
  data           TEXT    NOT NULL CHECK (json_valid(data)),
  metadata       TEXT    NOT NULL CHECK (json_valid(metadata)),
  imported_at    TEXT,
  hash           TEXT,
  UNIQUE (stream_id, revision)
);
${REFUSE_UPDATE_TRIGGER_SQL}
CREATE TRIGGER IF NOT EXISTS events_refuse_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are immutable: no delete'); END;
CREATE TABLE IF NOT EXISTS checkpoints (
  name       TEXT    PRIMARY KEY,
  position   INTEGER NOT NULL,
  updated_at TEXT    NOT NULL
);
CREATE TABLE IF NOT EXISTS ledger_meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;
