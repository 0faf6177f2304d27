import { StoreError } from './errors';

/**
 * A store server cannot be reached (EventStoreDB, PostgreSQL: nothing listens at the URL, the
 * connection dropped, the server refused to serve). Whether a pending append was written is unknown: retry it with
 * the same event ids and expected revision, which is safe (appends are idempotent by id).
 * The client's error is kept as the standard `cause`.
 */
export class StoreUnavailableError extends StoreError {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(
    readonly url: string,
    cause: unknown,
    /** The server as the message names it. */
    server = 'EventStoreDB',
  ) {
    super(
      `${server} at ${url} is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}
