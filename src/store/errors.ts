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

/** Some ids of a batch are already stored and others are not, or they sit elsewhere. */
export class IdempotencyConflictError extends StoreError {
  readonly code = 'IDEMPOTENCY_CONFLICT';
  constructor(
    readonly streamId: string,
    readonly detail: string,
  ) {
    super(`stream ${streamId}: ${detail}`);
  }

  answer() {
    return { message: this.message, streamId: this.streamId };
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
