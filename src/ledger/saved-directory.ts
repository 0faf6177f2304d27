import type Database from 'better-sqlite3';
import { nextTurn } from '../audit/replay';
import type { EventStore } from '../store/event-store';
import { readModelFileOf } from './read-model-file';

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

/** A directory's timeline: each event's position and recording instant. */
export interface Timeline {
  positions: Float64Array;
  times: Float64Array;
}

/**
 * A ledger directory as saved: its maps' entries as JSON, and its timeline's length, the
 * timeline itself read when first asked for (`timeline`). An answer as of now needs only the
 * maps; the timeline (16 bytes an event: 150 MB at ten million facts) only an answer as of an
 * instant or an earlier position, and the next save.
 */
export interface DirectorySnapshot extends DirectoryHead {
  /** Events in the timeline. */
  events: number;
  timeline(): Timeline;
  /** The maps' entries a page at a time, in the order they were saved. */
  entryPages(): Iterable<DirectoryEntry[]>;
  /** Whether the head saved is still this one: another process may save between two pages. */
  current(): boolean;
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

/**
 * Entries read at once when a saved directory is restored, the event loop turning between: a
 * page is read in about a background slice (background-slices.ts).
 */
const ENTRY_PAGE = 1_000;

const blob = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/**
 * Concatenates the saved chunks' columns, in chunk order, eight bytes a number; undefined when
 * one is missing or cut short. SQLite's buffers are copied once, byte for byte, straight into
 * the column (their offset need not be aligned for a Float64Array of their own): at ten million
 * facts a copy of each chunk first cost some 150 MB more and as much time again.
 */
function joined(
  chunks: Array<{ chunk: number; column: Buffer }>,
  size: number,
): Float64Array | undefined {
  if (chunks.some((c, i) => c.chunk !== i)) return undefined;
  if (chunks.some((c) => c.column.byteLength % 8 !== 0)) return undefined;
  if (chunks.slice(0, -1).some((c) => c.column.byteLength !== size * 8)) return undefined;
  const out = new Float64Array(chunks.reduce((n, c) => n + c.column.byteLength / 8, 0));
  const bytes = new Uint8Array(out.buffer);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c.column, at);
    at += c.column.byteLength;
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
    // The timeline's shape, from the rows' sizes: every chunk there, each full but the last, both
    // columns as long; and its last position the head's. Its contents are read when asked for.
    const shape = this.db
      .prepare(
        `SELECT count(*) AS chunks, coalesce(max(chunk), -1) AS last,
                coalesce(sum(length(positions)), 0) AS p, coalesce(sum(length(times)), 0) AS t,
                coalesce(sum(length(positions) != ? AND chunk < (SELECT max(chunk) FROM ledger_directory_timeline)), 0) AS short
           FROM ledger_directory_timeline`,
      )
      .get(this.chunk * 8) as { chunks: number; last: number; p: number; t: number; short: number };
    if (shape.last !== shape.chunks - 1 || shape.p !== shape.t || shape.p % 8 || shape.short)
      return undefined;
    const events = shape.p / 8;
    const lastChunk = this.db
      .prepare('SELECT positions FROM ledger_directory_timeline WHERE chunk = ?')
      .pluck()
      .get(shape.last) as Buffer | undefined;
    const lastColumn = lastChunk && joined([{ chunk: 0, column: lastChunk }], this.chunk);
    // A timeline that does not end at the head's position is not this save's: read $all.
    const last = lastColumn?.length ? lastColumn[lastColumn.length - 1] : 0;
    if (last !== head.position) return undefined;
    const page = this.db.prepare(
      `SELECT rowid, map, key, value FROM ledger_directory_entries WHERE rowid > ? ORDER BY rowid LIMIT ?`,
    );
    const db = this.db;
    return {
      version: head.version,
      position: head.position,
      lastId: head.last_id,
      ordered: head.ordered === 1,
      events,
      timeline: () => this.timeline(events, head.position),
      *entryPages() {
        for (let after = 0; ;) {
          const rows = page.raw().all(after, ENTRY_PAGE) as Array<[number, ...DirectoryEntry]>;
          if (rows.length > 0) {
            after = rows[rows.length - 1]![0];
            yield rows.map(([, map, key, value]) => [map, key, value] as DirectoryEntry);
          }
          if (rows.length < ENTRY_PAGE) return;
        }
      },
      current: () => {
        const now = db
          .prepare(`SELECT * FROM ledger_directory_head WHERE name = 'directory'`)
          .get() as HeadRow | undefined;
        return (
          now?.version === head.version &&
          now.position === head.position &&
          now.last_id === head.last_id
        );
      },
    };
  }

  /**
   * The saved timeline's first `events` events. Chunks are only added, or the last one made
   * longer, by a save of the same directory; one replaced meanwhile by another process's first
   * save of its own (`replace`) no longer ends at `position`, and is refused.
   */
  private timeline(events: number, position: number): Timeline {
    const rows = this.db
      .prepare(
        `SELECT chunk, positions, times FROM ledger_directory_timeline WHERE chunk <= ? ORDER BY chunk`,
      )
      .all(Math.ceil(events / this.chunk) - 1) as Array<{
      chunk: number;
      positions: Buffer;
      times: Buffer;
    }>;
    const column = (of: 'positions' | 'times') =>
      joined(
        rows.map((r) => ({ chunk: r.chunk, column: r[of] })),
        this.chunk,
      )?.subarray(0, events);
    const positions = column('positions');
    const times = column('times');
    if (
      !positions ||
      !times ||
      positions.length !== events ||
      times.length !== events ||
      (events > 0 && positions[events - 1] !== position)
    )
      throw new Error(
        'the ledger directory saved in this file was replaced while it was read: ask again',
      );
    return { positions, times };
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

/**
 * Where a store's directory is saved: in its read models' file (a SQLite ledger's own, or the
 * file given to a service of another store); nowhere without one.
 */
export function savedDirectoryOf(store: EventStore): DirectorySaves | undefined {
  const file = readModelFileOf(store);
  return file ? new SqliteDirectorySaves(file.db, file.readOnly) : undefined;
}

/**
 * A saved directory's entries, read a page at a time with the event loop turning between;
 * undefined when another process saved the directory meanwhile (the caller reads $all instead).
 * Read and restored at once, the 191,360 entries at 9.35 M facts held a restarted service's
 * requests up for about 0.8 s after it had caught up.
 */
export async function savedEntries(
  saved: DirectorySnapshot,
): Promise<DirectoryEntry[] | undefined> {
  const entries: DirectoryEntry[] = [];
  for (const page of saved.entryPages()) {
    entries.push(...page);
    await nextTurn();
  }
  return saved.current() ? entries : undefined;
}
