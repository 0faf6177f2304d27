import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Subject, type Observable } from 'rxjs';
import type { EventToAppend, RecordedEvent } from '../../events/envelope';
import {
  checkExpectedRevision,
  contentHash,
  normaliseBatch,
  resolveIdempotentAppend,
  validateStreamId,
  type EventContent,
  type NormalisedEvent,
  type StoredEventRef,
  type StoredIdentity,
} from '../append-rules';
import { catchUpSubscription } from '../catch-up';
import { InvalidEventError, StreamNotFoundError } from '../errors';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  SubscribeOptions,
} from '../event-store';
import type { Upcast } from '../upcast';
import { SCHEMA_SQL, SCHEMA_VERSION } from './schema';

export interface SqliteStoreOptions {
  /** FULL by default: an acknowledged append survives a power cut. */
  synchronous?: 'FULL' | 'NORMAL';
  clock?: () => Date;
  upcast?: Upcast;
  /** How long a writer waits for another process's write lock. */
  busyTimeoutMs?: number;
  /** How often a live subscription looks for other processes' appends. */
  pollMs?: number;
}

interface Row {
  position: number;
  id: string;
  stream_id: string;
  revision: number;
  type: string;
  schema_version: number;
  occurred_at: string;
  recorded_at: string;
  data: string;
  metadata: string;
}

const COLUMNS =
  'position, id, stream_id, revision, type, schema_version, occurred_at, recorded_at, data, metadata';
const PAGE = 1000;

/** The default store: one file, safe to share between the server and the CLI. */
export class SqliteEventStore implements EventStore {
  readonly url: string;
  readonly db: Database.Database;
  private readonly appended = new Subject<void>();
  private readonly clock: () => Date;
  private readonly upcast: Upcast;
  private readonly pollMs: number;
  private readonly stmt: ReturnType<SqliteEventStore['prepare']>;
  private readonly runAppend: Database.Transaction<SqliteEventStore['appendTx']>;

  constructor(
    readonly path: string,
    options: SqliteStoreOptions = {},
  ) {
    this.url = `sqlite:${path}`;
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
    this.db.exec(SCHEMA_SQL);
    this.db
      .prepare('INSERT OR IGNORE INTO ledger_meta (key, value) VALUES (?, ?)')
      .run('schema_version', String(SCHEMA_VERSION));
    this.clock = options.clock ?? (() => new Date());
    this.upcast = options.upcast ?? ((e) => e);
    this.pollMs = options.pollMs ?? 250;
    this.stmt = this.prepare();
    this.runAppend = this.db.transaction(this.appendTx);
  }

  private prepare() {
    const db = this.db;
    return {
      head: db
        .prepare('SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1')
        .pluck(),
      identity: db.prepare(
        `SELECT id, stream_id AS streamId, revision, position, type, schema_version AS schemaVersion,
                occurred_at AS occurredAt, data, metadata FROM events WHERE id = ?`,
      ),
      insert: db.prepare(
        `INSERT INTO events (id, stream_id, revision, type, schema_version, occurred_at, recorded_at, data, metadata)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      forwards: db.prepare(
        `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?`,
      ),
      backwards: db.prepare(
        `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
      ),
      all: db.prepare(
        `SELECT ${COLUMNS} FROM events WHERE position >= ? AND position <= ? ORDER BY position LIMIT ?`,
      ),
      maxPosition: db.prepare('SELECT COALESCE(MAX(position), 0) FROM events').pluck(),
    };
  }

  /**
   * BEGIN IMMEDIATE takes the write lock before the stream head is read. Ids are looked up
   * only when something fails (a revision mismatch or a duplicate id): a retried batch is
   * then recognised and answered with its original result, and the common path pays for no
   * extra queries.
   */
  private readonly appendTx = (
    streamId: string,
    batch: NormalisedEvent[],
    expected: ExpectedRevision,
  ): AppendResult => {
    const head = (this.stmt.head.get(streamId) as number | undefined) ?? -1;
    try {
      checkExpectedRevision(streamId, expected, head);
    } catch (err) {
      const again = this.findStored(streamId, batch, expected);
      if (again) return again;
      throw err;
    }
    const recordedAt = this.clock().toISOString();
    let revision = head;
    let position = 0;
    for (const e of batch) {
      revision += 1;
      const info = this.stmt.insert.run(
        e.id,
        streamId,
        revision,
        e.type,
        e.schemaVersion,
        e.occurredAt,
        recordedAt,
        e.data,
        e.metadata,
      );
      position = Number(info.lastInsertRowid);
    }
    return { nextExpectedRevision: revision, position };
  };

  private findStored(
    streamId: string,
    batch: NormalisedEvent[],
    expected: ExpectedRevision,
  ): AppendResult | null {
    const stored = batch.map((e): StoredIdentity | undefined => {
      const row = this.stmt.identity.get(e.id) as (StoredEventRef & EventContent) | undefined;
      return row && { ...row, contentHash: contentHash(row) };
    });
    return resolveIdempotentAppend(streamId, batch, stored, expected);
  }

  appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    try {
      const expected = options.expectedRevision ?? 'any';
      const batch = normaliseBatch(streamId, events, expected);
      let result: AppendResult;
      try {
        result = this.runAppend.immediate(streamId, batch, expected);
      } catch (err) {
        // The transaction rolled back; a duplicate id means a retry or a conflict.
        if (!isDuplicateId(err)) throw err;
        const again = this.findStored(streamId, batch, expected);
        if (!again) throw err;
        return Promise.resolve(again);
      }
      this.appended.next();
      return Promise.resolve(result);
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  async *readStream(streamId: string, options: ReadStreamOptions = {}) {
    const issues = validateStreamId(streamId);
    if (issues.length) throw new InvalidEventError(issues);
    const backwards = options.direction === 'backwards';
    let next = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    let left = options.maxCount ?? Infinity;
    let first = true;
    while (left > 0) {
      const stmt = backwards ? this.stmt.backwards : this.stmt.forwards;
      const rows = stmt.all(streamId, next, Math.min(PAGE, left)) as Row[];
      if (first && rows.length === 0 && this.stmt.head.get(streamId) === undefined) {
        throw new StreamNotFoundError(streamId);
      }
      first = false;
      for (const row of rows) yield this.toEvent(row);
      left -= rows.length;
      if (rows.length < PAGE) return;
      next = rows[rows.length - 1].revision + (backwards ? -1 : 1);
    }
  }

  async *readAll(options: ReadAllOptions = {}) {
    let next = Math.max(1, options.fromPosition ?? 1);
    const to = options.toPosition ?? Number.MAX_SAFE_INTEGER;
    let left = options.maxCount ?? Infinity;
    while (left > 0) {
      const rows = this.stmt.all.all(next, to, Math.min(PAGE, left)) as Row[];
      for (const row of rows) yield this.toEvent(row);
      left -= rows.length;
      if (rows.length < PAGE) return;
      next = rows[rows.length - 1].position + 1;
    }
  }

  /** Pages of raw rows, for callers (export, verify) that want the stored shape as stored. */
  readRawPage(afterPosition: number, limit: number): Row[] {
    return this.stmt.all.all(afterPosition + 1, Number.MAX_SAFE_INTEGER, limit) as Row[];
  }

  subscribeToAll(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    return catchUpSubscription({
      fromPosition: options.fromPosition ?? 0,
      appended: this.appended,
      pollMs: this.pollMs,
      readPage: (after, limit) =>
        Promise.resolve(
          (this.stmt.all.all(after + 1, Number.MAX_SAFE_INTEGER, limit) as Row[]).map((r) =>
            this.toEvent(r),
          ),
        ),
    });
  }

  headPosition(): Promise<number> {
    return Promise.resolve(this.stmt.maxPosition.get() as number);
  }

  close(): Promise<void> {
    this.appended.complete();
    if (this.db.open) this.db.close();
    return Promise.resolve();
  }

  private toEvent(row: Row): RecordedEvent {
    return this.upcast({
      id: row.id,
      type: row.type,
      schemaVersion: row.schema_version,
      streamId: row.stream_id,
      revision: row.revision,
      position: row.position,
      occurredAt: row.occurred_at,
      recordedAt: row.recorded_at,
      data: JSON.parse(row.data) as unknown,
      metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
    });
  }
}

function isDuplicateId(err: unknown): boolean {
  // By code, not instanceof: the native addon keeps the SqliteError class of the first
  // module instance that loaded it (Jest loads a fresh one per test file).
  const e = err as { code?: unknown; message?: unknown };
  return (
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    typeof e.message === 'string' &&
    e.message.includes('events.id')
  );
}
