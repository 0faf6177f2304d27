import { StoreError } from '../errors';

/**
 * The store cannot be reached (nothing listens at the URL, the connection dropped, the
 * server refused to serve). Whether a pending append was written is unknown: retry it with
 * the same event ids and expected revision, which is safe (appends are idempotent by id).
 * The client's error is kept as the standard `cause`.
 */
export class StoreUnavailableError extends StoreError {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(
      `EventStoreDB at ${url} is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}
