import { Subject, type Observable } from 'rxjs';
import type { EventToAppend, RecordedEvent } from '../../kernel/envelope';
import {
  checkExpectedRevision,
  contentHash,
  normaliseBatch,
  normaliseRecordedAt,
  resolveIdempotentAppend,
  validateStreamId,
  type StoredIdentity,
} from '../append-rules';
import { catchUpSubscription } from '../catch-up';
import { inBatch, InvalidEventError, ReadOnlyLedgerError, StreamNotFoundError } from '../errors';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ReadAllOptions,
  ReadStreamOptions,
  StoredRecord,
  StoreStatus,
  StreamBatch,
  SubscribeOptions,
} from '../event-store';
import { chainHash, GENESIS_HASH } from '../seal';
import type { Upcast } from '../upcast';

interface StoredRow {
  id: string;
  type: string;
  schemaVersion: number;
  streamId: string;
  revision: number;
  position: number;
  occurredAt: string;
  recordedAt: string;
  data: string;
  metadata: string;
  importedAt?: string;
  /** The chain's hash (src/store/seal.ts), as SQLite stores it. */
  hash: string;
}

export interface MemoryStoreOptions {
  clock?: () => Date;
  upcast?: Upcast;
  /** Refuse appends (ReadOnlyLedgerError), as a read-only file would. */
  readOnly?: boolean;
}

/** For tests and what-if replays. Keeps JSON strings so nobody can mutate a stored fact. */
export class MemoryEventStore implements EventStore {
  readonly url = 'memory:';
  /** Every event carries its chained hash, as in SQLite. */
  readonly sealed = true;
  private readonly rows: StoredRow[] = [];
  private readonly byId = new Map<string, StoredRow>();
  private readonly streams = new Map<string, StoredRow[]>();
  private readonly appended = new Subject<void>();
  private readonly clock: () => Date;
  private readonly upcast: Upcast;

  private readonly readOnly: boolean;

  constructor(options: MemoryStoreOptions = {}) {
    this.clock = options.clock ?? (() => new Date());
    this.upcast = options.upcast ?? ((e) => e);
    this.readOnly = options.readOnly ?? false;
  }

  status(): StoreStatus {
    return { writable: !this.readOnly, readOnly: this.readOnly, lastError: null };
  }

  appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    try {
      if (this.readOnly) throw new ReadOnlyLedgerError(this.url);
      const [result] = this.commit([this.planned({ streamId, events, ...options })]);
      return Promise.resolve(result);
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  /** Several streams' batches, all written in order or (on a refusal in any) none. */
  appendMany(batches: readonly StreamBatch[]): Promise<AppendResult[]> {
    try {
      if (this.readOnly) throw new ReadOnlyLedgerError(this.url);
      const planned = batches.map((b, i) => {
        try {
          return this.planned(b);
        } catch (err) {
          throw inBatch(err, i);
        }
      });
      return Promise.resolve(this.commit(planned, true));
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  findByIds(ids: readonly string[]): Promise<Map<string, StoredIdentity>> {
    const found = new Map<string, StoredIdentity>();
    for (const id of ids) {
      const row = this.byId.get(id.toLowerCase());
      if (row) found.set(row.id, { ...row, contentHash: contentHash(row) });
    }
    return Promise.resolve(found);
  }

  private planned(b: StreamBatch) {
    const expected = b.expectedRevision ?? 'any';
    const batch = normaliseBatch(b.streamId, b.events, expected);
    const recordedAt = normaliseRecordedAt(b.recordedAt, batch.length);
    return { streamId: b.streamId, batch, expected, recordedAt };
  }

  /**
   * Checks each batch against the store as the batches before it leave it, then writes them
   * all; a refusal of any writes none (`indexed`: marked with its batch's index).
   */
  private commit(planned: Array<ReturnType<MemoryEventStore['planned']>>, indexed = false) {
    const now = this.clock().toISOString();
    const pending: StoredRow[] = [];
    const pendingById = new Map<string, StoredRow>();
    const heads = new Map<string, number>();
    const headOf = (s: string) => heads.get(s) ?? (this.streams.get(s)?.length ?? 0) - 1;
    const results = planned.map(({ streamId, batch, expected, recordedAt }, i) => {
      try {
        const stored: Array<StoredIdentity | undefined> = batch.map((e) => {
          const row = this.byId.get(e.id) ?? pendingById.get(e.id);
          return row && { ...row, contentHash: contentHash(row) };
        });
        const again = resolveIdempotentAppend(streamId, batch, stored, expected);
        if (again) return again;
        let revision = headOf(streamId);
        checkExpectedRevision(streamId, expected, revision);
        for (const [j, e] of batch.entries()) {
          const kept = recordedAt?.[j];
          const previous =
            pending[pending.length - 1]?.hash ?? this.rows[this.rows.length - 1]?.hash;
          const row: StoredRow = {
            id: e.id,
            type: e.type,
            schemaVersion: e.schemaVersion,
            streamId,
            revision: ++revision,
            position: this.rows.length + pending.length + 1,
            occurredAt: e.occurredAt,
            recordedAt: kept ?? now,
            data: e.data,
            metadata: e.metadata,
            ...(kept === undefined ? {} : { importedAt: now }),
            hash: '',
          };
          row.hash = chainHash(previous ?? GENESIS_HASH, row);
          pending.push(row);
          pendingById.set(row.id, row);
        }
        heads.set(streamId, revision);
        const last = pending[pending.length - 1];
        return { nextExpectedRevision: last.revision, position: last.position };
      } catch (err) {
        throw indexed ? inBatch(err, i) : err;
      }
    });
    for (const row of pending) {
      const stream = this.streams.get(row.streamId) ?? [];
      stream.push(row);
      this.streams.set(row.streamId, stream);
      this.rows.push(row);
      this.byId.set(row.id, row);
    }
    if (pending.length) this.appended.next();
    return results;
  }

  async *readStream(streamId: string, options: ReadStreamOptions = {}) {
    const issues = validateStreamId(streamId);
    if (issues.length) throw new InvalidEventError(issues);
    const stream = this.streams.get(streamId);
    if (!stream) throw new StreamNotFoundError(streamId);
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? stream.length - 1 : 0);
    const rows = backwards
      ? stream.slice(0, Math.min(from, stream.length - 1) + 1).reverse()
      : stream.slice(from);
    for (const row of rows.slice(0, options.maxCount ?? Infinity)) yield this.toEvent(row);
  }

  async *readAll(options: ReadAllOptions = {}) {
    yield* this.readAllPage(options);
  }

  readAllPage(options: ReadAllOptions = {}): RecordedEvent[] {
    const from = Math.max(1, options.fromPosition ?? 1);
    const to = Math.min(
      this.rows.length,
      options.toPosition ?? Infinity,
      from - 1 + (options.maxCount ?? Infinity),
    );
    return this.rows.slice(from - 1, Math.max(from - 1, to)).map((r) => this.toEvent(r));
  }

  subscribeToAll(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    return catchUpSubscription({
      fromPosition: options.fromPosition ?? 0,
      appended: this.appended,
      pollMs: 60_000,
      readPage: (after, limit) =>
        Promise.resolve(this.rows.slice(after, after + limit).map((r) => this.toEvent(r))),
    });
  }

  /** Up to `limit` events after this position as stored, with their hashes (export, verify). */
  readStoredPage(afterPosition: number, limit: number): StoredRecord[] {
    return this.rows
      .slice(Math.max(0, afterPosition), afterPosition + limit)
      .map((r) => ({ ...r }));
  }

  headPosition(): Promise<number> {
    return Promise.resolve(this.rows.length);
  }

  close(): Promise<void> {
    this.appended.complete();
    return Promise.resolve();
  }

  private toEvent({ hash: _hash, ...row }: StoredRow): RecordedEvent {
    return this.upcast({
      ...row,
      data: JSON.parse(row.data) as unknown,
      metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
    });
  }
}
