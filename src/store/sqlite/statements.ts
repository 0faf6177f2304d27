// The SQLite store's prepared statements, one set a connection.
import type Database from 'better-sqlite3';
import { hasHash, hasImportedAt } from './migrate';
import { COLUMNS } from './rows';

/** Every statement the store runs, prepared once (a read-only file has no writes prepared). */
export function prepareStatements(db: Database.Database, readOnly: boolean) {
  // A version-1 file opened read-only has no imported_at: read as NULL.
  const importedAt = hasImportedAt(db) ? 'imported_at' : 'NULL AS imported_at';
  const columns = `${COLUMNS}, ${importedAt}`;
  return {
    head: db
      .prepare('SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1')
      .pluck(),
    identity: db.prepare(
      `SELECT id, stream_id AS streamId, revision, position, type, schema_version AS schemaVersion,
              occurred_at AS occurredAt, data, metadata FROM events WHERE id = ?`,
    ),
    insert: readOnly
      ? undefined
      : db.prepare(
          `INSERT INTO events (position, id, stream_id, revision, type, schema_version, occurred_at, recorded_at, data, metadata, imported_at, hash)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ),
    // The chain's head, read inside the write transaction (another process may have
    // appended since): one step down the rowid's b-tree.
    lastHash: readOnly
      ? undefined
      : db.prepare('SELECT position, hash FROM events ORDER BY position DESC LIMIT 1').raw(),
    forwards: db
      .prepare(
        `SELECT ${columns} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?`,
      )
      .raw(),
    backwards: db
      .prepare(
        `SELECT ${columns} FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
      )
      .raw(),
    all: db
      .prepare(
        `SELECT ${columns} FROM events WHERE position >= ? AND position <= ? ORDER BY position LIMIT ?`,
      )
      .raw(),
    // Arrays (StoredRow), as the folding reads: a keyed object per row made by better-sqlite3
    // cost verify more than the rest of its read.
    stored: db
      .prepare(
        `SELECT ${columns}, ${hasHash(db) ? 'hash' : 'NULL AS hash'}
           FROM events WHERE position > ? ORDER BY position LIMIT ?`,
      )
      .raw(),
    maxPosition: db.prepare('SELECT COALESCE(MAX(position), 0) FROM events').pluck(),
  };
}

export type Statements = ReturnType<typeof prepareStatements>;
