import type { EventToAppend } from '../../kernel/envelope';

/**
 * What the service writes into the metadata of the facts a request appends: the
 * request's correlation id, unless the client gave the fact its own. These keys are the
 * request's, not the fact's: a retry from another request is the same fact
 * (REQUEST_METADATA_KEYS, src/store/append-rules.ts).
 */
export function withRequestMetadata(
  events: readonly EventToAppend[],
  request: { correlationId?: string },
): EventToAppend[] {
  return events.map((e) => {
    const metadata = { ...(e.metadata ?? {}) };
    if (request.correlationId !== undefined && metadata.correlationId === undefined)
      metadata.correlationId = request.correlationId;
    return { ...e, metadata };
  });
}
