import type { Observable } from 'rxjs';
import type { EventToAppend, RecordedEvent } from '../events/envelope';

/** Shaped like EventStoreDB's: a number is the revision of the stream's last event. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
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
  /** Throws StreamNotFoundError (on first iteration) when the stream has no events. */
  readStream(streamId: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent>;
  readAll(options?: ReadAllOptions): AsyncIterable<RecordedEvent>;
  /** Catches up, then goes live, with no gap and no duplicate at the switch. */
  subscribeToAll(options?: SubscribeOptions): Observable<RecordedEvent>;
  /** Position of the last committed event, 0 when empty. */
  headPosition(): Promise<number>;
  /** The store's state (writable, the last fault); an adapter without one is always writable. */
  status?(): StoreStatus;
  close(): Promise<void>;
}
