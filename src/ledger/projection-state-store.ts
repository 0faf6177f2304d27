import type Database from 'better-sqlite3';
import {
  ensureProjectionTables,
  PROJECTION_TABLES,
  PROJECTION_TABLES_SQL,
} from './projection-tables';

export { PROJECTION_TABLES_SQL } from './projection-tables';

/** A projection's saved state: its version, the position it has seen, and the state itself. */
export interface SavedProjection {
  version: number;
  position: number;
  state: unknown;
}

/** A partitioned projection as saved: each partition read (parsed) only when it is pulled. */
export interface SavedPartitions {
  version: number;
  position: number;
  /** Every partition, in the order the runner numbered them (`seq`): the state's own order. */
  partitions: Iterable<[key: string, value: unknown]>;
  /** The highest `seq` saved: a new partition is numbered after it. */
  lastSeq: number;
}

/** Some partitions of a saved read model, for reading: nothing is saved after them. */
export type SomePartitions = Omit<SavedPartitions, 'lastSeq'>;

/** One partition to write: `value` undefined drops it. */
export interface PartitionWrite {
  key: string;
  /** Its place in the state's order, given at its first save; a partition saved before keeps its own. */
  seq: number;
  value: unknown;
}

export interface SavePartitions {
  version: number;
  position: number;
  writes: readonly PartitionWrite[];
  /** Drop every other saved partition of the projection first (a rebuild, a new version). */
  replace: boolean;
}

/** What a store has written, for tests and benchmarks: a cost should follow the work asked. */
export interface WriteCounts {
  saves: number;
  rows: number;
  bytes: number;
}

/** Where the runner keeps each projection's state and checkpoint, written together. */
export interface ProjectionStateStore {
  /** A state saved whole (a projection without partitions, or saved before partitions). */
  load(name: string): SavedProjection | undefined;
  /** State and checkpoint in one write: nothing skipped, nothing applied twice. */
  save(name: string, saved: SavedProjection): void;
  loadPartitions(name: string): SavedPartitions | undefined;
  /** A partitioned projection's saved version and checkpoint, without its partitions. */
  checkpointOf?(name: string): { version: number; position: number } | undefined;
  /**
   * The same as `loadPartitions`, read a page of rows at a time with `between` awaited between
   * pages (a turn of the event loop), so that loading a long ledger's read model does not hold
   * the requests up. Offered by the SQLite store, whose rows of one read model can be tens of MB.
   */
  loadPartitionsInPages?(
    name: string,
    between: () => Promise<void>,
    pageSize?: number,
  ): Promise<SavedPartitions | undefined>;
  /**
   * The changed partitions, the version and the checkpoint in one transaction: a crash leaves
   * the previous save whole, so the events after its checkpoint are replayed, never skipped.
   */
  savePartitions(name: string, save: SavePartitions): void;
  /**
   * Only these partitions of a saved read model (those saved among them), in the state's order,
   * with its version and checkpoint: what one answer reads of a long ledger's read model.
   */
  loadSomePartitions?(name: string, keys: readonly string[]): SomePartitions | undefined;
  /**
   * The partitions of a saved read model that are not `cold`, and the keys of those that are,
   * left in their save: what a service puts back at its start, the rest when first named.
   */
  loadWarmPartitions?(
    name: string,
    cold: (key: string) => boolean,
  ): (SavedPartitions & { coldKeys: string[] }) | undefined;
  /** Runs the saves in `fn` as one transaction when the store can (one commit for them all). */
  transaction?<T>(fn: () => T): T;
  readonly written: WriteCounts;
}

function* parsed(rows: Iterable<[string, string]>): Iterable<[string, unknown]> {
  for (const [key, json] of rows) yield [key, JSON.parse(json) as unknown];
}

export class MemoryProjectionStateStore implements ProjectionStateStore {
  private readonly saved = new Map<string, string>();
  private readonly parts = new Map<
    string,
    { version: number; position: number; rows: Map<string, { seq: number; json: string }> }
  >();
  readonly written: WriteCounts = { saves: 0, rows: 0, bytes: 0 };

  load(name: string): SavedProjection | undefined {
    const s = this.saved.get(name);
    return s === undefined ? undefined : (JSON.parse(s) as SavedProjection);
  }

  save(name: string, saved: SavedProjection): void {
    const json = JSON.stringify(saved);
    this.saved.set(name, json);
    this.count(1, json.length);
  }

  checkpointOf(name: string): { version: number; position: number } | undefined {
    const p = this.parts.get(name);
    return p && { version: p.version, position: p.position };
  }

  loadPartitions(name: string): SavedPartitions | undefined {
    const p = this.parts.get(name);
    if (!p) return undefined;
    const rows = [...p.rows].sort((a, b) => a[1].seq - b[1].seq);
    return {
      version: p.version,
      position: p.position,
      partitions: parsed(rows.map(([key, r]) => [key, r.json])),
      lastSeq: rows.reduce((m, [, r]) => Math.max(m, r.seq), 0),
    };
  }

  savePartitions(name: string, save: SavePartitions): void {
    // Serialised first: a value that cannot be written leaves the saved state as it was.
    const writes = save.writes.map((w) => ({
      ...w,
      json: w.value === undefined ? undefined : JSON.stringify(w.value),
    }));
    const before = this.parts.get(name);
    const rows = new Map(save.replace || !before ? [] : before.rows);
    let bytes = 0;
    for (const w of writes) {
      if (w.json === undefined) rows.delete(w.key);
      else rows.set(w.key, { seq: rows.get(w.key)?.seq ?? w.seq, json: w.json });
      bytes += w.json?.length ?? 0;
    }
    this.parts.set(name, { version: save.version, position: save.position, rows });
    if (save.replace) this.saved.delete(name);
    this.count(writes.length, bytes);
  }

  private count(rows: number, bytes: number) {
    this.written.saves += 1;
    this.written.rows += rows;
    this.written.bytes += bytes;
  }
}

/**
 * In the ledger's own SQLite file: the read model and the checkpoint row are written in one
 * transaction. A partitioned projection is rows of (projection, partition key, JSON) and its
 * version; a save writes only the partitions given. `projection_state` keeps the states saved
 * whole (and those saved before partitions, read once and then replaced by partitions).
 */
export class SqliteProjectionStateStore implements ProjectionStateStore {
  private readonly get: Database.Statement;
  private readonly put: Database.Transaction<(name: string, saved: SavedProjection) => void>;
  private readonly getVersion: Database.Statement;
  private readonly getParts: Database.Statement;
  private readonly getLastSeq: Database.Statement;
  private readonly readParts: Database.Transaction<(name: string) => SavedPartitions | undefined>;
  private readonly getPartsPage: Database.Statement;
  private readonly readSomeParts: Database.Transaction<
    (name: string, keys: readonly string[]) => SomePartitions | undefined
  >;
  private readonly readWarmParts: Database.Transaction<
    (
      name: string,
      cold: (key: string) => boolean,
    ) => (SavedPartitions & { coldKeys: string[] }) | undefined
  >;
  private readonly readHead: Database.Transaction<
    (name: string) => { version: number; position: number; lastSeq: number } | undefined
  >;
  private readonly putParts: Database.Transaction<(name: string, save: SavePartitions) => number>;
  /**
   * Writes (or drops) partitions of `name` with no version or checkpoint, inside the caller's
   * transaction: a split rebuild's share writing its own streams' partitions into the read
   * model's rows (share-state-store.ts). The bytes written.
   */
  readonly putRows: (name: string, writes: readonly PartitionWrite[]) => number;
  readonly written: WriteCounts = { saves: 0, rows: 0, bytes: 0 };
  /**
   * A file opened read-only (an auditor's copy, `serve --read-only`): the saved read model is
   * read, and nothing is ever written; the runner keeps its states in memory. Tables the file
   * lacks (never served) stand empty in the connection's TEMP schema, so that nothing is found.
   */
  readonly readOnly: boolean;
  /**
   * The partitions moved from the earlier WITHOUT ROWID layout when this store opened the file
   * (once a file: 0 after). The service says so in its log.
   */
  readonly movedPartitions: number = 0;
  /**
   * The partitions already saved when this store built the index of their order (once a file:
   * 0 after, and for a new file). The service says so in its log.
   */
  readonly indexedPartitions: number = 0;

  constructor(
    private readonly db: Database.Database,
    clock: () => Date = () => new Date(),
  ) {
    this.readOnly = db.readonly;
    if (!this.readOnly) {
      const ensured = ensureProjectionTables(db);
      this.movedPartitions = ensured.moved;
      this.indexedPartitions = ensured.indexed;
    } else {
      const present = new Set(
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[],
      );
      for (const statement of PROJECTION_TABLES_SQL.split(';')) {
        const table = PROJECTION_TABLES.find((t) => statement.includes(`EXISTS ${t} (`));
        if (table && !present.has(table))
          db.exec(statement.replace('CREATE TABLE', 'CREATE TEMP TABLE'));
      }
      if (!present.has('checkpoints'))
        db.exec(
          'CREATE TEMP TABLE checkpoints (name TEXT PRIMARY KEY, position INTEGER, updated_at TEXT)',
        );
    }
    this.get = db.prepare(
      `SELECT s.version, c.position, s.state FROM projection_state s
       JOIN checkpoints c ON c.name = s.name WHERE s.name = ?`,
    );
    const putState = db.prepare(
      `INSERT INTO projection_state (name, version, state) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET version = excluded.version, state = excluded.state`,
    );
    const putCheckpoint = db.prepare(
      `INSERT INTO checkpoints (name, position, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at`,
    );
    this.put = db.transaction((name: string, saved: SavedProjection) => {
      const json = JSON.stringify(saved.state);
      putState.run(name, saved.version, json);
      putCheckpoint.run(name, saved.position, clock().toISOString());
      this.count(1, json.length);
    });

    this.getVersion = db.prepare(
      `SELECT p.version, c.position FROM projection_partitioned p
       JOIN checkpoints c ON c.name = p.name WHERE p.name = ?`,
    );
    this.getParts = db
      .prepare('SELECT key, state FROM projection_partitions WHERE name = ? ORDER BY seq')
      .raw();
    this.getLastSeq = db
      .prepare('SELECT COALESCE(MAX(seq), 0) FROM projection_partitions WHERE name = ?')
      .pluck();
    this.getPartsPage = db
      .prepare(
        'SELECT key, state, seq FROM projection_partitions WHERE name = ? AND key > ? ORDER BY key LIMIT ?',
      )
      .raw();
    this.readHead = db.transaction((name: string) => {
      const head = this.getVersion.get(name) as { version: number; position: number } | undefined;
      return head && { ...head, lastSeq: this.getLastSeq.get(name) as number };
    });
    // One read transaction: another process's save lands wholly before or after it.
    this.readParts = db.transaction((name: string) => {
      const head = this.getVersion.get(name) as { version: number; position: number } | undefined;
      if (!head) return undefined;
      // The rows are read at once (the connection is free again), parsed one by one when pulled.
      const rows = this.getParts.all(name) as Array<[string, string]>;
      const lastSeq = this.getLastSeq.get(name) as number;
      return { ...head, partitions: parsed(rows), lastSeq };
    });
    // The keys as one JSON array: one statement whatever their number. Found by (name, key),
    // then sorted: `+seq` keeps SQLite from walking the whole read model in the order's index
    // instead (4 of 48,000 competitions: under 1 ms against 5-18 ms).
    const getSomeParts = db
      .prepare(
        `SELECT key, state FROM projection_partitions
          WHERE name = ? AND key IN (SELECT value FROM json_each(?)) ORDER BY +seq`,
      )
      .raw();
    this.readSomeParts = db.transaction((name: string, keys: readonly string[]) => {
      const head = this.getVersion.get(name) as { version: number; position: number } | undefined;
      if (!head) return undefined;
      const rows = getSomeParts.all(name, JSON.stringify(keys)) as Array<[string, string]>;
      return { ...head, partitions: parsed(rows) };
    });
    const getKeys = db
      .prepare('SELECT key FROM projection_partitions WHERE name = ? ORDER BY seq')
      .pluck();
    // Keys, then the warm rows, in one read transaction: no save lands between them.
    this.readWarmParts = db.transaction((name: string, cold: (key: string) => boolean) => {
      const head = this.readHead(name);
      if (!head) return undefined;
      const keys = getKeys.all(name) as string[];
      const coldKeys = keys.filter(cold);
      const warm = keys.filter((key) => !cold(key));
      const rows = getSomeParts.all(name, JSON.stringify(warm)) as Array<[string, string]>;
      return { ...head, partitions: parsed(rows), coldKeys };
    });
    const dropAll = db.prepare('DELETE FROM projection_partitions WHERE name = ?');
    const dropWhole = db.prepare('DELETE FROM projection_state WHERE name = ?');
    const dropPart = db.prepare('DELETE FROM projection_partitions WHERE name = ? AND key = ?');
    const putPart = db.prepare(
      `INSERT INTO projection_partitions (name, key, seq, state) VALUES (?, ?, ?, ?)
       ON CONFLICT (name, key) DO UPDATE SET state = excluded.state`,
    );
    const putVersion = db.prepare(
      `INSERT INTO projection_partitioned (name, version) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET version = excluded.version`,
    );
    this.putRows = (name, writes) => {
      let bytes = 0;
      for (const w of writes) {
        if (w.value === undefined) {
          dropPart.run(name, w.key);
          continue;
        }
        const json = JSON.stringify(w.value);
        putPart.run(name, w.key, w.seq, json);
        bytes += json.length;
      }
      return bytes;
    };
    this.putParts = db.transaction((name: string, save: SavePartitions) => {
      if (save.replace) {
        dropAll.run(name);
        dropWhole.run(name);
      }
      const bytes = this.putRows(name, save.writes);
      putVersion.run(name, save.version);
      putCheckpoint.run(name, save.position, clock().toISOString());
      return bytes;
    });
  }

  load(name: string): SavedProjection | undefined {
    const row = this.get.get(name) as
      { version: number; position: number; state: string } | undefined;
    return row && { version: row.version, position: row.position, state: JSON.parse(row.state) };
  }

  save(name: string, saved: SavedProjection): void {
    if (this.readOnly) return;
    this.put.immediate(name, saved);
  }

  loadPartitions(name: string): SavedPartitions | undefined {
    return this.readParts.deferred(name);
  }

  loadSomePartitions(name: string, keys: readonly string[]): SomePartitions | undefined {
    return this.readSomeParts.deferred(name, keys);
  }

  loadWarmPartitions(
    name: string,
    cold: (key: string) => boolean,
  ): (SavedPartitions & { coldKeys: string[] }) | undefined {
    return this.readWarmParts.deferred(name, cold);
  }

  checkpointOf(name: string): { version: number; position: number } | undefined {
    return this.getVersion.get(name) as { version: number; position: number } | undefined;
  }

  /**
   * Pages in the primary key's order (no sort of the whole read model), then put in the order
   * the runner numbered them (`seq`). The connection is free between pages, so another process's
   * save may land meanwhile: the head (version, checkpoint, last seq) is read before and after,
   * and the pages read again when it moved.
   */
  async loadPartitionsInPages(
    name: string,
    between: () => Promise<void>,
    pageSize = 200,
  ): Promise<SavedPartitions | undefined> {
    for (;;) {
      const head = this.readHead.deferred(name);
      if (!head) return undefined;
      const rows: Array<[key: string, json: string, seq: number]> = [];
      for (let after = ''; ; await between()) {
        const page = this.getPartsPage.all(name, after, pageSize) as typeof rows;
        rows.push(...page);
        if (page.length < pageSize) break;
        after = page[page.length - 1]![0];
      }
      const now = this.readHead.deferred(name);
      if (
        now?.version === head.version &&
        now.position === head.position &&
        now.lastSeq === head.lastSeq
      ) {
        rows.sort((a, b) => a[2] - b[2]);
        return { ...head, partitions: parsed(rows.map(([key, json]) => [key, json])) };
      }
    }
  }

  savePartitions(name: string, save: SavePartitions): void {
    if (this.readOnly) return;
    const bytes = this.putParts.immediate(name, save);
    this.count(save.writes.length, bytes);
  }

  /** The saves inside become savepoints of one transaction: one commit (one sync) for all. */
  transaction<T>(fn: () => T): T {
    if (this.readOnly) return fn();
    return this.db.transaction(fn).immediate();
  }

  private count(rows: number, bytes: number) {
    this.written.saves += 1;
    this.written.rows += rows;
    this.written.bytes += bytes;
  }
}
