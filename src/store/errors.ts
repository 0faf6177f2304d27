import type { FieldIssue } from '../kernel/issues';
import type { ExpectedRevision } from './event-store';

/** Base class so callers (HTTP, CLI) can map every store refusal to a specific answer. */
export abstract class StoreError extends Error {
  /** A code of the table in kernel/errors.ts; one not there is answered as an internal error. */
  abstract readonly code: string;
}

export type ActualRevision = number | 'no_stream';

/** Optimistic concurrency: the stream is not where the writer thought it was. */
export class WrongExpectedVersionError extends StoreError {
  readonly code = 'WRONG_EXPECTED_VERSION';
  constructor(
    readonly streamId: string,
    readonly expectedRevision: ExpectedRevision,
    readonly actualRevision: ActualRevision,
  ) {
    super(
      `stream ${streamId}: expected revision ${String(expectedRevision)}, actual ${String(actualRevision)}`,
    );
  }

  answer() {
    const { message, streamId, expectedRevision, actualRevision } = this;
    return { message, streamId, expectedRevision, actualRevision };
  }
}

/**
 * Ids of a batch are stored already, but this is not a retry of that append: an id stored with
 * other content, some ids stored and others not, ids in another stream or order, or a retry
 * whose expected revision could not have placed the batch where it is. Names the stored event.
 */
export class IdempotencyConflictError extends StoreError {
  readonly code = 'IDEMPOTENCY_CONFLICT';
  /** The batch's field the conflict is about, e.g. `events[1].id`. */
  readonly field?: string;
  /** The stored event the batch collides with. */
  readonly stored?: { id: string; streamId: string; revision: number; position: number };
  constructor(
    readonly streamId: string,
    readonly detail: string,
    at: Pick<IdempotencyConflictError, 'field' | 'stored'> = {},
  ) {
    super(`stream ${streamId}: ${detail}`);
    this.field = at.field;
    this.stored = at.stored;
  }

  answer() {
    const { message, streamId, field, stored } = this;
    return { message, streamId, ...(field ? { field } : {}), ...(stored ? { stored } : {}) };
  }
}

export type { FieldIssue } from '../kernel/issues';

/** A batch (or a stream id) that fails validation: nothing of it is written. */
export class InvalidEventError extends StoreError {
  readonly code = 'INVALID_EVENT';
  constructor(readonly issues: FieldIssue[]) {
    super(issues.map((i) => `${i.field}: ${i.message}`).join('; '));
  }

  answer() {
    return { message: 'nothing was written', issues: this.issues };
  }
}

export class StreamNotFoundError extends StoreError {
  readonly code = 'STREAM_NOT_FOUND';
  constructor(readonly streamId: string) {
    super(`stream ${streamId} not found`);
  }

  answer() {
    return { message: this.message, streamId: this.streamId };
  }
}

/**
 * Another process holds the store's write lock (a SQLite file: the CLI beside the server, a
 * backup) for longer than an append waits. Nothing was written; retry after `retryAfterSeconds`.
 */
export class StoreBusyError extends StoreError {
  readonly code = 'STORE_BUSY';
  constructor(
    readonly url: string,
    readonly waitedMs: number,
    readonly retryAfterSeconds = 1,
  ) {
    super(
      `${url} is locked by another process (waited ${waitedMs} ms for its write lock): nothing was written; retry in ${retryAfterSeconds} s`,
    );
  }

  answer() {
    return { message: this.message, retryAfterSeconds: this.retryAfterSeconds };
  }

  headers() {
    return { 'Retry-After': String(this.retryAfterSeconds) };
  }
}

/** The store was opened read-only on purpose (an auditor's copy, `serve --read-only`). */
export class ReadOnlyLedgerError extends StoreError {
  readonly code = 'READ_ONLY_LEDGER';
  constructor(readonly url: string) {
    super(`${url} is open read-only: it serves reads, and takes no appends`);
  }

  headers() {
    return { Allow: 'GET, HEAD' };
  }
}

export type StoreFaultCode =
  'STORE_FULL' | 'STORE_IO_ERROR' | 'STORE_NOT_WRITABLE' | 'STORE_CANNOT_OPEN';

const FAULT_REASONS: Record<StoreFaultCode, string> = {
  STORE_FULL:
    'the disk, or the database file’s size limit, is full: free space, then retry the append (a retry of a stored batch is a no-op)',
  STORE_IO_ERROR:
    'the disk reported an I/O error: check it, then retry the append (a retry of a stored batch is a no-op)',
  STORE_NOT_WRITABLE:
    'the database file cannot be written (a read-only file, directory or file system, or the file was moved); reads go on',
  STORE_CANNOT_OPEN: 'the database file cannot be opened',
};

/**
 * The store's file or disk failed (SQLite's SQLITE_FULL, SQLITE_IOERR_*, SQLITE_READONLY_*,
 * SQLITE_CANTOPEN_*): `sqliteCode` is the engine's code, `reason` what it means for the caller.
 */
export class StoreFaultError extends StoreError {
  readonly reason: string;
  constructor(
    readonly code: StoreFaultCode,
    readonly url: string,
    readonly sqliteCode: string | undefined,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${url}: ${detail}`, options);
    this.reason = FAULT_REASONS[code];
  }

  answer() {
    const { message, sqliteCode, reason } = this;
    return { message, ...(sqliteCode ? { sqliteCode } : {}), reason };
  }
}

/** Whether an error says the store was busy (locked by another process): try again later. */
export const isStoreBusy = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    code === 'STORE_BUSY' ||
    (typeof code === 'string' &&
      (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')))
  );
};

/**
 * Whether an error is a fault of the store's file or disk (a StoreFaultError, or SQLite's
 * SQLITE_FULL, SQLITE_IOERR_*, SQLITE_READONLY_*, SQLITE_CANTOPEN_* as better-sqlite3 throws it).
 */
export const isStoreFault = (err: unknown): boolean => {
  if (err instanceof StoreFaultError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    ['SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_READONLY', 'SQLITE_CANTOPEN'].some((p) =>
      code.startsWith(p),
    )
  );
};

/**
 * Marks a refusal of `appendMany` with the index of the batch refused (the error itself is the
 * one appendToStream would throw), so that a writer can name the batch's lines.
 */
export function inBatch<E>(err: E, index: number): E {
  if (typeof err === 'object' && err !== null)
    Object.defineProperty(err, 'batchIndex', { value: index, enumerable: false });
  return err;
}

/** The index of the `appendMany` batch an error refused, if it says. */
export const batchIndexOf = (err: unknown): number | undefined => {
  const i = (err as { batchIndex?: unknown } | null)?.batchIndex;
  return typeof i === 'number' ? i : undefined;
};
