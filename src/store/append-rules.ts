import type { EventToAppend } from '../events/envelope';
import type { AppendResult, ExpectedRevision } from './event-store';
import {
  IdempotencyConflictError,
  InvalidEventError,
  WrongExpectedVersionError,
  type FieldIssue,
} from './errors';

/** The rules every adapter applies to an append, so that they all behave the same. */

export const STREAM_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,199}$/;
export const EVENT_TYPE_PATTERN = /^[A-Z][A-Za-z0-9]{0,99}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/** One fact is small; a bigger payload is a mistake, not a fact. */
export const MAX_EVENT_BYTES = 64 * 1024;
export const MAX_BATCH_EVENTS = 10_000;

/** An event as the store writes it: validated, defaults filled, JSON already serialised. */
export interface NormalisedEvent {
  id: string;
  type: string;
  schemaVersion: number;
  occurredAt: string;
  data: string;
  metadata: string;
}

export function validateStreamId(streamId: unknown): FieldIssue[] {
  if (typeof streamId !== 'string' || !STREAM_ID_PATTERN.test(streamId)) {
    return [
      {
        field: 'streamId',
        message:
          'must be 1-200 characters of letters, digits and _ . : @ -, starting with a letter or digit',
      },
    ];
  }
  return [];
}

export function validateExpectedRevision(expected: unknown): FieldIssue[] {
  const ok =
    expected === 'any' ||
    expected === 'no_stream' ||
    expected === 'stream_exists' ||
    (typeof expected === 'number' && Number.isSafeInteger(expected) && expected >= 0);
  return ok
    ? []
    : [
        {
          field: 'expectedRevision',
          message: "must be 'any', 'no_stream', 'stream_exists' or a revision number >= 0",
        },
      ];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Validates a whole batch and serialises it; throws InvalidEventError naming every bad field. */
export function normaliseBatch(
  streamId: string,
  events: readonly EventToAppend[],
  expectedRevision: unknown,
): NormalisedEvent[] {
  const issues = [...validateStreamId(streamId), ...validateExpectedRevision(expectedRevision)];
  if (!Array.isArray(events) || events.length === 0) {
    issues.push({ field: 'events', message: 'must be a non-empty array' });
    throw new InvalidEventError(issues);
  }
  if (events.length > MAX_BATCH_EVENTS) {
    issues.push({ field: 'events', message: `at most ${MAX_BATCH_EVENTS} events a batch` });
  }
  const seen = new Set<string>();
  const out: NormalisedEvent[] = [];
  events.forEach((raw, i) => {
    const at = (f: string) => `events[${i}].${f}`;
    if (!isPlainObject(raw)) {
      issues.push({ field: `events[${i}]`, message: 'must be an object' });
      return;
    }
    const e = raw as unknown as Record<string, unknown>;
    if (typeof e.id !== 'string' || !UUID_PATTERN.test(e.id)) {
      issues.push({ field: at('id'), message: 'must be a UUID' });
    } else if (seen.has(e.id.toLowerCase())) {
      issues.push({ field: at('id'), message: 'repeats an id of the same batch' });
    } else {
      seen.add(e.id.toLowerCase());
    }
    if (typeof e.type !== 'string' || !EVENT_TYPE_PATTERN.test(e.type)) {
      issues.push({ field: at('type'), message: 'must be a PascalCase event type name' });
    }
    const version = e.schemaVersion ?? 1;
    if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
      issues.push({ field: at('schemaVersion'), message: 'must be an integer >= 1' });
    }
    if (
      typeof e.occurredAt !== 'string' ||
      !INSTANT_PATTERN.test(e.occurredAt) ||
      Number.isNaN(Date.parse(e.occurredAt))
    ) {
      issues.push({
        field: at('occurredAt'),
        message: 'must be an ISO 8601 instant with a zone, e.g. 2026-03-02T19:30:00+13:00',
      });
    }
    if (!isPlainObject(e.data)) issues.push({ field: at('data'), message: 'must be an object' });
    if (e.metadata !== undefined && !isPlainObject(e.metadata)) {
      issues.push({ field: at('metadata'), message: 'must be an object' });
    }
    let data = '';
    let metadata = '';
    try {
      // JSON.stringify(undefined) is undefined: a missing field is already an issue above.
      data = JSON.stringify(e.data) ?? '';
      metadata = JSON.stringify(e.metadata ?? {}) ?? '';
    } catch {
      issues.push({ field: at('data'), message: 'must be serialisable as JSON' });
    }
    if (Buffer.byteLength(data) + Buffer.byteLength(metadata) > MAX_EVENT_BYTES) {
      issues.push({ field: at('data'), message: `event larger than ${MAX_EVENT_BYTES} bytes` });
    }
    out.push({
      id: String(e.id).toLowerCase(),
      type: e.type as string,
      schemaVersion: version as number,
      occurredAt: e.occurredAt as string,
      data,
      metadata,
    });
  });
  if (issues.length > 0) throw new InvalidEventError(issues);
  return out;
}

/** `current` is the revision of the stream's last event, or -1 when it has none. */
export function checkExpectedRevision(
  streamId: string,
  expected: ExpectedRevision,
  current: number,
): void {
  const actual = current < 0 ? 'no_stream' : current;
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current < 0) ||
    (expected === 'stream_exists' && current >= 0) ||
    expected === current;
  if (!ok) throw new WrongExpectedVersionError(streamId, expected, actual);
}

export interface StoredIdentity {
  id: string;
  streamId: string;
  revision: number;
  position: number;
}

/**
 * Idempotency by event id: if every id of the batch is already stored, in this stream, in the
 * same order and one after another, the append is a no-op that returns the original result.
 * If none is stored it is a new append (null). Anything in between is a conflict.
 */
export function resolveIdempotentAppend(
  streamId: string,
  batch: readonly NormalisedEvent[],
  stored: ReadonlyArray<StoredIdentity | undefined>,
): AppendResult | null {
  const found = stored.filter((s): s is StoredIdentity => s !== undefined);
  if (found.length === 0) return null;
  if (found.length !== batch.length) {
    throw new IdempotencyConflictError(
      streamId,
      `${found.length} of the batch's ${batch.length} event ids are already stored: a batch is written whole or not at all`,
    );
  }
  for (let i = 0; i < found.length; i++) {
    const s = found[i];
    if (s.streamId !== streamId) {
      throw new IdempotencyConflictError(
        streamId,
        `event ${s.id} is already stored in stream ${s.streamId}`,
      );
    }
    if (i > 0 && s.revision !== found[i - 1].revision + 1) {
      throw new IdempotencyConflictError(
        streamId,
        `event ids are stored, but not as this batch in this order`,
      );
    }
  }
  const last = found[found.length - 1];
  return { nextExpectedRevision: last.revision, position: last.position };
}
