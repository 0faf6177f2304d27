import type { Observable } from 'rxjs';
import type { EventToAppend, RecordedEvent } from '../kernel/envelope';
import type { SealedFields } from './seal';

/** Where an event is stored, as a refusal names it. */
export interface StoredEventRef {
  id: string;
  streamId: string;
  revision: number;
  position: number;
}

/** A stored event found by the id of an event being appended, with its content's hash. */
export interface StoredIdentity extends StoredEventRef {
  /** `contentHash` (append-rules.ts) of the stored event. */
  contentHash: string;
}

/**
 * An event as stored, its JSON still text, with the hash that chains it to the previous event
 * of `$all` (src/store/seal.ts): what export and verify read. No hash from a store
 * that keeps none (EventStoreDB; a SQLite file before schema version 3 opened read-only).
 */
export interface StoredRecord extends SealedFields {
  importedAt?: string;
  hash?: string;
}

/** Shaped like EventStoreDB's: a number is the revision of the stream's last event. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
  /**
   * An import only (`bridge-ledger append` of an exported file): each event's recordedAt in the
   * ledger that first recorded it (an ISO instant; undefined for an event recorded now), kept
   * instead of the store's clock; such an event is stamped `importedAt`. Not the fact's
   * content: a retry without it is still a retry.
   */
  recordedAt?: ReadonlyArray<string | undefined>;
}

/** One stream's batch of an `appendMany`. */
export interface StreamBatch extends AppendOptions {
  streamId: string;
  events: readonly EventToAppend[];
}

export interface AppendResult {
  /** Revision of the last event now in the stream: pass it as the next expectedRevision. */
  nextExpectedRevision: number;
  /** Global position of the last event of the batch. */
  position: number;
}

export interface ReadStreamOptions {
  fromRevision?: number;
  direction?: 'forwards' | 'backwards';
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Inclusive. Positions start at 1. */
  fromPosition?: number;
  /** Inclusive. */
  toPosition?: number;
  maxCount?: number;
}

export interface SubscribeOptions {
  /**
   * A checkpoint: the subscription delivers events AFTER this position (as EventStoreDB's
   * catch-up subscriptions do). 0 or absent = from the very start.
   */
  fromPosition?: number;
}

/** What /health says of the store. */
export interface StoreStatus {
  /** Whether an append can be written now: not opened read-only, and no write fault since the last append. */
  writable: boolean;
  /** Opened read-only on purpose (an auditor's copy, `serve --read-only`). */
  readOnly: boolean;
  /** The last fault the store met (a full disk, an I/O error, a lock held too long), if any. */
  lastError: { code: string; message: string; at: string } | null;
}

/**
 * The store port. Every adapter passes the same contract suite (test/store/contract.ts).
 * There is deliberately no update or delete.
 */
export interface EventStore {
  /** A short description for logs, e.g. `sqlite:./data/ledger.db`. */
  readonly url: string;
  appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /**
   * Several streams' batches in ONE transaction, in order: all written, or (on any refusal)
   * none. Each batch is checked as appendToStream checks it (expected revision, idempotency by
   * id: a batch already stored is a no-op answering its first result); a refusal is the error
   * appendToStream would throw, carrying the batch's index (`batchIndexOf`). Offered only by
   * adapters that can keep that promise (SQLite, memory): EventStoreDB has no multi-stream
   * transaction.
   */
  appendMany?(batches: readonly StreamBatch[]): Promise<AppendResult[]>;
  /**
   * The stored events with these ids, whatever their stream (ids lower-cased): what a writer
   * checks a whole file against before it appends. Offered by the adapters with an index of
   * ids (SQLite, memory); without it, a writer reads the streams it appends to.
   */
  findByIds?(ids: readonly string[]): Promise<Map<string, StoredIdentity>>;
  /** Throws StreamNotFoundError (on first iteration) when the stream has no events. */
  readStream(streamId: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent>;
  readAll(options?: ReadAllOptions): AsyncIterable<RecordedEvent>;
  /**
   * Up to `maxCount` events of $all, as readAll gives them, in one array: a catch-up's page. An
   * async iteration costs a promise a fact, some 15 % of a SQLite ledger's read (bench/RESULTS.md);
   * offered by SQLite, which reads a page in one call. Without it a catch-up collects readAll.
   */
  readAllPage?(
    options: ReadAllOptions,
  ): readonly RecordedEvent[] | Promise<readonly RecordedEvent[]>;
  /** Catches up, then goes live, with no gap and no duplicate at the switch. */
  subscribeToAll(options?: SubscribeOptions): Observable<RecordedEvent>;
  /**
   * Up to `limit` events after this position, as stored (no upcast), each with its stored
   * hash: offered by the stores that keep the chain (SQLite, memory, PostgreSQL). Export and
   * verify read through it; the folding reads never read the hash.
   */
  readStoredPage?(afterPosition: number, limit: number): StoredRecord[] | Promise<StoredRecord[]>;
  /**
   * Up to `limit` ids stored more than once, each with its positions, found by the database
   * (its index of ids) rather than by a reader holding every id: `verify` of a long ledger asks
   * it. Offered by SQLite and PostgreSQL.
   */
  repeatedIds?(limit: number): Promise<Array<{ id: string; positions: number[] }>>;
  /**
   * Whether every event appended carries a stored hash (docs/architecture.md "Tamper
   * evidence"): SQLite from schema version 3, memory, PostgreSQL. EventStoreDB keeps none.
   */
  readonly sealed?: boolean;
  /**
   * A lock every process on this store shares, held until the returned release is called (or
   * the process dies): a decision that reads beyond its own stream (a club's counts, another
   * stream, a stored fact) is taken under it, so that two service instances never both admit
   * what only one may. `scope` a club: decisions of one club exclude each other, other clubs'
   * go on; undefined: the whole ledger, excluding every scope. Offered by the stores several
   * processes serve at once (PostgreSQL); one process's gate is exclusive by itself.
   */
  lock?(scope: string | undefined): Promise<() => Promise<void>>;
  /** Position of the last committed event, 0 when empty. */
  headPosition(): Promise<number>;
  /** The store's state (writable, the last fault); an adapter without one is always writable. */
  status?(): StoreStatus;
  close(): Promise<void>;
}
