import type { FieldIssue } from '../events/issues';
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

export type { FieldIssue } from '../events/issues';

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
