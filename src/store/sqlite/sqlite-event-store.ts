import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Subject, type Observable } from 'rxjs';
import type { EventToAppend, RecordedEvent } from '../../kernel/envelope';
import {
  checkExpectedRevision,
  contentHash,
  normaliseBatch,
  normaliseBatches,
  normaliseRecordedAt,
  resolveIdempotentAppend,
  validateStreamId,
  type EventContent,
  type NormalisedEvent,
  type StoredEventRef,
  type StoredIdentity,
} from '../append-rules';
import { catchUpSubscription } from '../catch-up';
import {
  inBatch,
  InvalidEventError,
  isStoreBusy,
  ReadOnlyLedgerError,
  StoreBusyError,
  StoreFaultError,
  StreamNotFoundError,
} from '../errors';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  StoredRecord,
  StoreStatus,
  StreamBatch,
  SubscribeOptions,
} from '../event-store';
import { chainHash, GENESIS_HASH } from '../seal';
import type { Upcast } from '../upcast';
import { SCHEMA_SQL, SCHEMA_VERSION } from './schema';
import { openReadOnly, storeErrorOf } from './sqlite-faults';
import { hasHash, hasImportedAt, hasSchema, migrate } from './migrate';
import { prepareStatements, type Statements } from './statements';
import { PROBE_AGAIN_MS, writableProbe } from './writable-probe';
import { repeatedIdsIn } from './repeated-ids';
import {
  PAGE,
  REVISION,
  rowsOfAll,
  rowToEvent,
  storedRecordOf,
  type StoredRow,
  type RawRow,
  type TxBatch,
} from './rows';

export interface SqliteStoreOptions {
  /** FULL by default: an acknowledged append survives a power cut. */
  synchronous?: 'FULL' | 'NORMAL';
  clock?: () => Date;
  upcast?: Upcast;
  /**
   * How long an append waits in all for another process's write lock (5000 ms by default),
   * retrying without holding up the event loop; then StoreBusyError (HTTP 503, Retry-After).
   */
  busyTimeoutMs?: number;
  /**
   * How long one attempt waits for the lock synchronously (SQLite's busy_timeout), the longest
   * a locked file can hold up the event loop at a time (25 ms by default).
   */
  lockWaitMs?: number;
  /** How often a live subscription looks for other processes' appends. */
  pollMs?: number;
  /**
   * Open the file read-only (better-sqlite3 `readonly`): it must exist and be a ledger; no
   * schema, pragma or read-model write; appends are refused (ReadOnlyLedgerError).
   */
  readOnly?: boolean;
}

/** The pause between two attempts to take a locked file's write lock: 5, 10, 20, 40, 50 … ms. */
const retryDelay = (attempt: number) => Math.min(50, 5 * 2 ** attempt);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The default store: one file, safe to share between the server and the CLI. */
export class SqliteEventStore implements EventStore {
  readonly url: string;
  readonly db: Database.Database;
  private readonly appended = new Subject<void>();
  private readonly clock: () => Date;
  private readonly upcast: Upcast;
  private readonly pollMs: number;
  private readonly stmt: Statements;
  private readonly runAppend: Database.Transaction<SqliteEventStore['appendTx']>;
  private readonly runMany: Database.Transaction<(batches: TxBatch[]) => AppendResult[]>;
  private readonly busyTimeoutMs: number;
  readonly readOnly: boolean;
  /** Read from a copy in memory: the file is in a directory where SQLite cannot keep its WAL index. */
  readonly snapshot: boolean;
  private writeFailed = false;
  /** The writability probe (writable-probe.ts) and when it last ran. */
  private readonly runProbe: () => unknown;
  private probedAt = 0;
  private lastError: StoreStatus['lastError'] = null;
  /** Whether the file has the `hash` column (schema version 3): every append writes one. */
  readonly sealed: boolean;

  constructor(
    readonly path: string,
    options: SqliteStoreOptions = {},
  ) {
    this.url = `sqlite:${path}`;
    this.readOnly = options.readOnly ?? false;
    this.busyTimeoutMs = options.busyTimeoutMs ?? 5000;
    const lockWaitMs = options.lockWaitMs ?? 25;
    try {
      if (this.readOnly) {
        ({ db: this.db, snapshot: this.snapshot } = openReadOnly(path, lockWaitMs));
      } else {
        this.snapshot = false;
        if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
        // Opening waits for another process's lock as an append would, once: nothing is
        // served yet. A ledger with its schema is opened without taking the write lock.
        this.db = new Database(path, { timeout: this.busyTimeoutMs });
        this.db.pragma('journal_mode = WAL');
        this.db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
        if (!hasSchema(this.db)) {
          this.db.exec(SCHEMA_SQL);
          this.db
            .prepare('INSERT OR IGNORE INTO ledger_meta (key, value) VALUES (?, ?)')
            .run('schema_version', String(SCHEMA_VERSION));
        } else if (!hasImportedAt(this.db) || !hasHash(this.db)) {
          this.db.transaction(() => migrate(this.db)).immediate();
        }
        this.db.pragma(`busy_timeout = ${lockWaitMs}`);
      }
    } catch (err) {
      (this as { db?: Database.Database }).db?.close();
      if (isStoreBusy(err)) throw new StoreBusyError(this.url, this.busyTimeoutMs);
      throw storeErrorOf(err, this.url, this.readOnly);
    }
    this.sealed = hasHash(this.db);
    this.clock = options.clock ?? (() => new Date());
    this.upcast = options.upcast ?? ((e) => e);
    this.pollMs = options.pollMs ?? 250;
    this.stmt = prepareStatements(this.db, this.readOnly);
    this.runAppend = this.db.transaction(this.appendTx);
    this.runProbe = writableProbe(this.db);
    if (!this.readOnly) this.probeWritable();
    this.runMany = this.db.transaction((batches: TxBatch[]) =>
      batches.map((b, i) => {
        try {
          // A savepoint each: a duplicate id rolls back only this batch's inserts, to be
          // answered as a retry (or refused) like appendToStream's.
          return this.appendOnce(b.streamId, b.batch, b.expected, b.recordedAt, true);
        } catch (err) {
          throw inBatch(err, i);
        }
      }),
    );
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
    imported?: Array<string | undefined>,
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
    const last = this.stmt.lastHash!.get() as [number, string | null] | undefined;
    let position = last?.[0] ?? 0;
    let previous = last?.[1] ?? GENESIS_HASH;
    let revision = head;
    for (const [i, e] of batch.entries()) {
      revision += 1;
      position += 1;
      const kept = imported?.[i];
      // A literal of fixed shape, not a spread of `e`: a spread cost more than the hash.
      const sealed = {
        id: e.id,
        streamId,
        revision,
        position,
        type: e.type,
        schemaVersion: e.schemaVersion,
        occurredAt: e.occurredAt,
        recordedAt: kept ?? recordedAt,
        importedAt: kept === undefined ? null : recordedAt,
        data: e.data,
        metadata: e.metadata,
      };
      previous = chainHash(previous, sealed);
      this.stmt.insert!.run(
        position,
        e.id,
        streamId,
        revision,
        e.type,
        e.schemaVersion,
        e.occurredAt,
        sealed.recordedAt,
        e.data,
        e.metadata,
        sealed.importedAt,
        previous,
      );
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

  /**
   * One BEGIN IMMEDIATE transaction. When another process holds the write lock, an attempt
   * waits at most `lockWaitMs` synchronously, then the append yields (setTimeout) and tries
   * again, up to `busyTimeoutMs` in all: the event loop keeps serving reads meanwhile. Still
   * locked after that: StoreBusyError, nothing written. A full disk or an I/O error is a
   * StoreFaultError, remembered for status() until an append succeeds again.
   */
  async appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (this.readOnly) throw new ReadOnlyLedgerError(this.url);
    const expected = options.expectedRevision ?? 'any';
    const batch = normaliseBatch(streamId, events, expected);
    const recordedAt = normaliseRecordedAt(options.recordedAt, batch.length);
    return this.write(() => this.appendOnce(streamId, batch, expected, recordedAt, false));
  }

  /**
   * Several streams' batches in one BEGIN IMMEDIATE transaction (each batch a savepoint within
   * it): all written in order, or none. A refusal is appendToStream's error, marked with its
   * batch's index (`batchIndexOf`); a lock, a full disk or an I/O error is met as by
   * appendToStream, and writes nothing either.
   */
  async appendMany(batches: readonly StreamBatch[]): Promise<AppendResult[]> {
    if (this.readOnly) throw new ReadOnlyLedgerError(this.url);
    const tx = normaliseBatches(batches);
    if (tx.length === 0) return [];
    return this.write(() => this.runMany.immediate(tx));
  }

  /** The stored events with these ids, in any stream, with their content's hash. */
  findByIds(ids: readonly string[]): Promise<Map<string, StoredIdentity>> {
    const found = new Map<string, StoredIdentity>();
    try {
      for (const id of ids) {
        const row = this.stmt.identity.get(id.toLowerCase()) as
          (StoredEventRef & EventContent) | undefined;
        if (row) found.set(row.id, { ...refOf(row), contentHash: contentHash(row) });
      }
    } catch (err) {
      return Promise.reject(this.failed(err) as Error);
    }
    return Promise.resolve(found);
  }

  /**
   * Runs one write transaction. When another process holds the write lock, an attempt waits at
   * most `lockWaitMs` synchronously, then yields (setTimeout) and tries again, up to
   * `busyTimeoutMs` in all.
   */
  private async write<T>(once: () => T): Promise<T> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        const result = once();
        this.writeFailed = false;
        this.appended.next();
        return result;
      } catch (err) {
        const waited = Date.now() - started;
        if (isStoreBusy(err) && waited < this.busyTimeoutMs) {
          await sleep(Math.min(retryDelay(attempt), this.busyTimeoutMs - waited));
          continue;
        }
        throw this.failed(err, { write: true, waited });
      }
    }
  }

  /** One batch's transaction: BEGIN IMMEDIATE, or a savepoint inside appendMany's (`nested`). */
  private appendOnce(
    streamId: string,
    batch: NormalisedEvent[],
    expected: ExpectedRevision,
    recordedAt: Array<string | undefined> | undefined,
    nested: boolean,
  ): AppendResult {
    try {
      const run = nested ? this.runAppend : this.runAppend.immediate;
      return run(streamId, batch, expected, recordedAt);
    } catch (err) {
      // The transaction rolled back; a duplicate id means a retry or a conflict.
      if (!isDuplicateId(err)) throw err;
      const again = this.findStored(streamId, batch, expected);
      if (!again) throw err;
      return again;
    }
  }

  /** Whether an append could be written now: probed at open, and while a write has failed. */
  probeWritable(): boolean {
    if (this.readOnly) return false;
    this.probedAt = Date.now();
    const err = this.runProbe();
    if (err === undefined) this.writeFailed = false;
    else this.failed(err, { write: true });
    return err === undefined;
  }

  /** The store's state for /health: whether appends can be written, and the last fault. */
  status(): StoreStatus {
    if (this.writeFailed && Date.now() - this.probedAt >= PROBE_AGAIN_MS) this.probeWritable();
    return {
      writable: !this.readOnly && !this.writeFailed,
      readOnly: this.readOnly,
      lastError: this.lastError,
    };
  }

  /** An error of the engine as the store's own (kept for status()); others unchanged. */
  private failed(err: unknown, at: { write?: boolean; waited?: number } = {}): unknown {
    const mapped = isStoreBusy(err)
      ? new StoreBusyError(this.url, at.waited ?? 0)
      : storeErrorOf(err, this.url, this.readOnly);
    if (mapped instanceof StoreFaultError || mapped instanceof StoreBusyError) {
      if (mapped instanceof StoreFaultError && at.write) this.writeFailed = true;
      this.lastError = {
        code: mapped.code,
        message: mapped.message,
        at: new Date().toISOString(),
      };
    }
    return mapped;
  }

  async *readStream(streamId: string, options: ReadStreamOptions = {}) {
    const issues = validateStreamId(streamId);
    if (issues.length) throw new InvalidEventError(issues);
    try {
      // Not `yield*`: delegating to a sync generator would add an await per event.
      for (const e of this.readStreamRows(streamId, options)) yield e;
    } catch (err) {
      throw this.failed(err);
    }
  }

  private *readStreamRows(streamId: string, options: ReadStreamOptions) {
    const backwards = options.direction === 'backwards';
    let next = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    let left = options.maxCount ?? Infinity;
    let first = true;
    while (left > 0) {
      const stmt = backwards ? this.stmt.backwards : this.stmt.forwards;
      const rows = stmt.all(streamId, next, Math.min(PAGE, left)) as RawRow[];
      if (first && rows.length === 0 && this.stmt.head.get(streamId) === undefined) {
        throw new StreamNotFoundError(streamId);
      }
      first = false;
      for (const row of rows) yield this.upcast(rowToEvent(row));
      left -= rows.length;
      if (rows.length < PAGE) return;
      next = rows[rows.length - 1][REVISION] + (backwards ? -1 : 1);
    }
  }

  async *readAll(options: ReadAllOptions = {}) {
    try {
      // Not `yield*`: delegating to a sync generator would add an await per event.
      for (const e of this.readAllRows(options)) yield e;
    } catch (err) {
      throw this.failed(err);
    }
  }

  readAllPage(options: ReadAllOptions = {}): RecordedEvent[] {
    try {
      const out: RecordedEvent[] = [];
      for (const row of rowsOfAll(this.stmt.all, options)) out.push(this.upcast(rowToEvent(row)));
      return out;
    } catch (err) {
      throw this.failed(err);
    }
  }

  private *readAllRows(options: ReadAllOptions) {
    for (const row of rowsOfAll(this.stmt.all, options)) yield this.upcast(rowToEvent(row));
  }

  /**
   * Pages of rows as stored with their hash, for callers (export, verify) that want the stored
   * shape as stored. The only read of the `hash` column.
   */
  readStoredPage(afterPosition: number, limit: number): StoredRecord[] {
    try {
      return (this.stmt.stored.all(afterPosition, limit) as StoredRow[]).map(storedRecordOf);
    } catch (err) {
      throw this.failed(err);
    }
  }

  async repeatedIds(limit: number): Promise<Array<{ id: string; positions: number[] }>> {
    try {
      return repeatedIdsIn(this.db, limit);
    } catch (err) {
      throw this.failed(err);
    }
  }

  subscribeToAll(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    return catchUpSubscription({
      fromPosition: options.fromPosition ?? 0,
      appended: this.appended,
      pollMs: this.pollMs,
      readPage: async (after, limit) => {
        try {
          const rows = this.stmt.all.all(after + 1, Number.MAX_SAFE_INTEGER, limit) as RawRow[];
          return rows.map((r) => this.upcast(rowToEvent(r)));
        } catch (err) {
          throw this.failed(err);
        }
      },
    });
  }

  async headPosition(): Promise<number> {
    try {
      return this.stmt.maxPosition.get() as number;
    } catch (err) {
      throw this.failed(err);
    }
  }

  close(): Promise<void> {
    this.appended.complete();
    if (this.db.open) this.db.close();
    return Promise.resolve();
  }
}

const refOf = (s: StoredEventRef): StoredEventRef => ({
  id: s.id,
  streamId: s.streamId,
  revision: s.revision,
  position: s.position,
});

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
