import type Database from 'better-sqlite3';
import type { EventStore } from '../store/event-store';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store';

/** A ledger directory as saved: its timeline as two columns, the rest as JSON. */
export interface DirectorySnapshot {
  version: string;
  position: number;
  /** The id of the event at `position` ('' for an empty ledger). */
  lastId: string;
  ordered: boolean;
  positions: Float64Array;
  times: Float64Array;
  maps: string;
}

/** Where a directory is saved: read at its first catch-up, written as it grows. */
export interface DirectorySaves {
  load(): DirectorySnapshot | undefined;
  writable(): boolean;
  save(snapshot: DirectorySnapshot): void;
}

const TABLE_SQL = `CREATE TABLE IF NOT EXISTS ledger_directory (
  name      TEXT    PRIMARY KEY,
  version   TEXT    NOT NULL,
  position  INTEGER NOT NULL,
  last_id   TEXT    NOT NULL,
  ordered   INTEGER NOT NULL,
  positions BLOB    NOT NULL,
  times     BLOB    NOT NULL,
  maps      TEXT    NOT NULL
)`;

interface Row {
  version: string;
  position: number;
  last_id: string;
  ordered: number;
  positions: Buffer;
  times: Buffer;
  maps: string;
}

/** Eight bytes a number, copied out of SQLite's buffer (whose offset need not be aligned). */
const column = (b: Buffer) => new Float64Array(new Uint8Array(b).buffer);
const blob = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/**
 * The directory saved in a SQLite ledger's file, beside the read models the server saves: a
 * process opened read-only (the CLI) reads it, one that may write keeps it. Not a fact: a cache
 * of what a pass over $all would find, checked against the ledger before it is used.
 */
export class SqliteDirectorySaves implements DirectorySaves {
  constructor(
    private readonly db: Database.Database,
    private readonly readOnly: boolean,
  ) {}

  load(): DirectorySnapshot | undefined {
    const present = this.db
      .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'ledger_directory'`)
      .pluck()
      .get();
    if (!present) return undefined;
    const row = this.db.prepare(`SELECT * FROM ledger_directory WHERE name = 'directory'`).get() as
      Row | undefined;
    if (!row) return undefined;
    return {
      version: row.version,
      position: row.position,
      lastId: row.last_id,
      ordered: row.ordered === 1,
      positions: column(row.positions),
      times: column(row.times),
      maps: row.maps,
    };
  }

  writable(): boolean {
    return !this.readOnly;
  }

  save(s: DirectorySnapshot): void {
    this.db.exec(TABLE_SQL);
    this.db
      .prepare(
        `INSERT OR REPLACE INTO ledger_directory
         (name, version, position, last_id, ordered, positions, times, maps)
         VALUES ('directory', ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        s.version,
        s.position,
        s.lastId,
        s.ordered ? 1 : 0,
        blob(s.positions),
        blob(s.times),
        s.maps,
      );
  }
}

/** Where a store's directory is saved: in a SQLite ledger's file; nowhere for the others. */
export function savedDirectoryOf(store: EventStore): DirectorySaves | undefined {
  return store instanceof SqliteEventStore
    ? new SqliteDirectorySaves(store.db, store.readOnly)
    : undefined;
}
