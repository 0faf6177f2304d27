import type Database from 'better-sqlite3';
import type { EventStore } from '../store/event-store';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store';

/** The events of one saved piece of the timeline: a save rewrites only the pieces it changed. */
export const TIMELINE_CHUNK = 1024;

/** A saved directory's head: which code saved it and the last event it had read. */
export interface DirectoryHead {
  version: string;
  position: number;
  /** The id of the event at `position` ('' for an empty ledger). */
  lastId: string;
  ordered: boolean;
}

/** One entry of one of the directory's maps, its value as JSON. */
export type DirectoryEntry = [map: string, key: string, json: string];

/** A ledger directory as saved: its timeline as two columns, its maps' entries as JSON. */
export interface DirectorySnapshot extends DirectoryHead {
  positions: Float64Array;
  times: Float64Array;
  entries: DirectoryEntry[];
}

/**
 * What a save writes: the head; the timeline from chunk `firstChunk` on (the chunk the last save
 * left partial and the new ones), and the entries changed since the last save. So a save costs
 * what was read since the last one, not the size of the ledger. `replace`: everything saved
 * before is dropped first (the first save of a directory read from the start).
 */
export interface DirectorySave extends DirectoryHead {
  firstChunk: number;
  positions: Float64Array;
  times: Float64Array;
  entries: DirectoryEntry[];
  replace: boolean;
}

/** Where a directory is saved: read at its first catch-up, written as it grows. */
export interface DirectorySaves {
  load(): DirectorySnapshot | undefined;
  writable(): boolean;
  save(save: DirectorySave): void;
  /** The events of one saved piece of the timeline (TIMELINE_CHUNK). */
  readonly chunk: number;
  /** Bytes of timeline and entries written so far (a cost should follow the work asked). */
  readonly written: { saves: number; bytes: number };
}

const TABLES_SQL = `
CREATE TABLE IF NOT EXISTS ledger_directory_head (
  name     TEXT    PRIMARY KEY,
  version  TEXT    NOT NULL,
  position INTEGER NOT NULL,
  last_id  TEXT    NOT NULL,
  ordered  INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS ledger_directory_timeline (
  chunk     INTEGER PRIMARY KEY,
  positions BLOB    NOT NULL,
  times     BLOB    NOT NULL
);
CREATE TABLE IF NOT EXISTS ledger_directory_entries (
  map   TEXT NOT NULL,
  key   TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (map, key)
);
-- The directory as a release before chunked saves wrote it whole: read by none now.
DROP TABLE IF EXISTS ledger_directory;
`;

interface HeadRow {
  version: string;
  position: number;
  last_id: string;
  ordered: number;
}

/** Eight bytes a number, copied out of SQLite's buffer (whose offset need not be aligned). */
const column = (b: Buffer) => new Float64Array(new Uint8Array(b).buffer);
const blob = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** Concatenates the saved chunks' columns, in chunk order; undefined when one is missing. */
function joined(
  chunks: Array<{ chunk: number; column: Buffer }>,
  size: number,
): Float64Array | undefined {
  const parts = chunks.map((c) => column(c.column));
  if (chunks.some((c, i) => c.chunk !== i)) return undefined;
  if (parts.slice(0, -1).some((p) => p.length !== size)) return undefined;
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The directory saved in a SQLite ledger's file, beside the read models the server saves: a
 * process opened read-only (the CLI) reads it, one that may write keeps it. Not a fact: a cache
 * of what a pass over $all would find, checked against the ledger before it is used.
 */
export class SqliteDirectorySaves implements DirectorySaves {
  readonly written = { saves: 0, bytes: 0 };

  constructor(
    private readonly db: Database.Database,
    private readonly readOnly: boolean,
    readonly chunk = TIMELINE_CHUNK,
  ) {}

  load(): DirectorySnapshot | undefined {
    const present = this.db
      .prepare(
        `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN
           ('ledger_directory_head', 'ledger_directory_timeline', 'ledger_directory_entries')`,
      )
      .pluck()
      .get() as number;
    if (present !== 3) return undefined;
    const head = this.db
      .prepare(`SELECT * FROM ledger_directory_head WHERE name = 'directory'`)
      .get() as HeadRow | undefined;
    if (!head) return undefined;
    const rows = this.db
      .prepare(`SELECT chunk, positions, times FROM ledger_directory_timeline ORDER BY chunk`)
      .all() as Array<{ chunk: number; positions: Buffer; times: Buffer }>;
    const positions = joined(
      rows.map((r) => ({ chunk: r.chunk, column: r.positions })),
      this.chunk,
    );
    const times = joined(
      rows.map((r) => ({ chunk: r.chunk, column: r.times })),
      this.chunk,
    );
    // A timeline that does not end at the head's position is not this save's: read $all.
    const last = positions?.length ? positions[positions.length - 1] : 0;
    if (!positions || !times || times.length !== positions.length || last !== head.position)
      return undefined;
    const entries = this.db
      .prepare(`SELECT map, key, value FROM ledger_directory_entries ORDER BY rowid`)
      .raw()
      .all() as DirectoryEntry[];
    return {
      version: head.version,
      position: head.position,
      lastId: head.last_id,
      ordered: head.ordered === 1,
      positions,
      times,
      entries,
    };
  }

  writable(): boolean {
    return !this.readOnly;
  }

  /** One transaction: a save cut short leaves the last one whole. */
  save(s: DirectorySave): void {
    this.db.exec(TABLES_SQL);
    let bytes = 0;
    this.db.transaction(() => {
      if (s.replace) {
        this.db.exec('DELETE FROM ledger_directory_timeline; DELETE FROM ledger_directory_entries');
      }
      const chunk = this.db.prepare(
        `INSERT OR REPLACE INTO ledger_directory_timeline (chunk, positions, times) VALUES (?, ?, ?)`,
      );
      for (let from = 0; from < s.positions.length; from += this.chunk) {
        const to = Math.min(from + this.chunk, s.positions.length);
        const positions = blob(s.positions.subarray(from, to));
        chunk.run(s.firstChunk + from / this.chunk, positions, blob(s.times.subarray(from, to)));
        bytes += 2 * positions.byteLength;
      }
      const entry = this.db.prepare(
        `INSERT INTO ledger_directory_entries (map, key, value) VALUES (?, ?, ?)
         ON CONFLICT (map, key) DO UPDATE SET value = excluded.value`,
      );
      for (const [map, key, json] of s.entries) {
        entry.run(map, key, json);
        bytes += map.length + key.length + json.length;
      }
      this.db
        .prepare(
          `INSERT OR REPLACE INTO ledger_directory_head (name, version, position, last_id, ordered)
           VALUES ('directory', ?, ?, ?, ?)`,
        )
        .run(s.version, s.position, s.lastId, s.ordered ? 1 : 0);
    })();
    this.written.saves += 1;
    this.written.bytes += bytes;
  }
}

/** Where a store's directory is saved: in a SQLite ledger's file; nowhere for the others. */
export function savedDirectoryOf(store: EventStore): DirectorySaves | undefined {
  return store instanceof SqliteEventStore
    ? new SqliteDirectorySaves(store.db, store.readOnly)
    : undefined;
}
