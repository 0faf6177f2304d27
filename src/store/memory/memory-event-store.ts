import { Subject, type Observable } from 'rxjs';
import type { EventToAppend, RecordedEvent } from '../../events/envelope';
import {
  checkExpectedRevision,
  contentHash,
  normaliseBatch,
  resolveIdempotentAppend,
  validateStreamId,
  type StoredIdentity,
} from '../append-rules';
import { catchUpSubscription } from '../catch-up';
import { InvalidEventError, ReadOnlyLedgerError, StreamNotFoundError } from '../errors';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ReadAllOptions,
  ReadStreamOptions,
  StoreStatus,
  SubscribeOptions,
} from '../event-store';
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
      const expected = options.expectedRevision ?? 'any';
      const batch = normaliseBatch(streamId, events, expected);
      const stored: Array<StoredIdentity | undefined> = batch.map((e) => {
        const row = this.byId.get(e.id);
        return row && { ...row, contentHash: contentHash(row) };
      });
      const again = resolveIdempotentAppend(streamId, batch, stored, expected);
      if (again) return Promise.resolve(again);
      const stream = this.streams.get(streamId) ?? [];
      checkExpectedRevision(streamId, expected, stream.length - 1);
      const recordedAt = this.clock().toISOString();
      for (const e of batch) {
        const row: StoredRow = {
          ...e,
          streamId,
          revision: stream.length,
          position: this.rows.length + 1,
          recordedAt,
        };
        stream.push(row);
        this.rows.push(row);
        this.byId.set(row.id, row);
      }
      this.streams.set(streamId, stream);
      this.appended.next();
      const last = stream[stream.length - 1];
      return Promise.resolve({ nextExpectedRevision: last.revision, position: last.position });
    } catch (err) {
      return Promise.reject(err as Error);
    }
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
    const from = Math.max(1, options.fromPosition ?? 1);
    const to = Math.min(this.rows.length, options.toPosition ?? Infinity);
    let left = options.maxCount ?? Infinity;
    for (let p = from; p <= to && left > 0; p++, left--) yield this.toEvent(this.rows[p - 1]);
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

  headPosition(): Promise<number> {
    return Promise.resolve(this.rows.length);
  }

  close(): Promise<void> {
    this.appended.complete();
    return Promise.resolve();
  }

  private toEvent(row: StoredRow): RecordedEvent {
    return this.upcast({
      ...row,
      data: JSON.parse(row.data) as unknown,
      metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
    });
  }
}
