import { createHash } from 'node:crypto';
import type { EventToAppend } from '../kernel/envelope';
import { isInstant } from '../kernel/instant';
import type {
  AppendOptions,
  AppendResult,
  ExpectedRevision,
  StoredEventRef,
  StoredIdentity,
  StreamBatch,
} from './event-store';
import {
  inBatch,
  IdempotencyConflictError,
  InvalidEventError,
  WrongExpectedVersionError,
  type FieldIssue,
} from './errors';

/** The rules every adapter applies to an append, so that they all behave the same. */

export const STREAM_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,199}$/;
export const EVENT_TYPE_PATTERN = /^[A-Z][A-Za-z0-9]{0,99}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What a writer is told of an occurredAt or a kept recordedAt that is not an instant (`isInstant`). */
export const INSTANT_MESSAGE =
  'must be an ISO 8601 instant with a zone, e.g. 2026-03-02T19:30:00+13:00';
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
    // A day the calendar has, year 0001 on: Date.parse reads 2026-02-30 as 2 March.
    if (!isInstant(e.occurredAt))
      issues.push({ field: at('occurredAt'), message: INSTANT_MESSAGE });
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

/** A batch as an adapter's transaction writes it: validated, serialised, any kept recordedAt. */
export interface NormalisedBatch {
  streamId: string;
  batch: NormalisedEvent[];
  expected: ExpectedRevision;
  recordedAt: Array<string | undefined> | undefined;
}

/** One append (`appendToStream`) validated and serialised; InvalidEventError naming every field. */
export function normaliseAppend(
  streamId: string,
  events: readonly EventToAppend[],
  options: AppendOptions = {},
): NormalisedBatch {
  const expected = options.expectedRevision ?? 'any';
  const batch = normaliseBatch(streamId, events, expected);
  return {
    streamId,
    batch,
    expected,
    recordedAt: normaliseRecordedAt(options.recordedAt, batch.length),
  };
}

/** `appendMany`'s batches, each as `normaliseAppend`; a refusal carries its batch's index. */
export function normaliseBatches(batches: readonly StreamBatch[]): NormalisedBatch[] {
  return batches.map((b, i) => {
    try {
      return normaliseAppend(b.streamId, b.events, b);
    } catch (err) {
      throw inBatch(err, i);
    }
  });
}

/**
 * The recordedAt an import keeps (AppendOptions.recordedAt), checked: one an event, an instant
 * with a zone, kept as written. Undefined when none is given.
 */
export function normaliseRecordedAt(
  recordedAt: unknown,
  count: number,
): Array<string | undefined> | undefined {
  if (recordedAt === undefined) return undefined;
  if (!Array.isArray(recordedAt) || recordedAt.length !== count) {
    throw new InvalidEventError([
      {
        field: 'recordedAt',
        message: `must give one instant (or none) for each of the ${count} events`,
      },
    ]);
  }
  const issues: FieldIssue[] = [];
  const out = recordedAt.map((v: unknown, i) => {
    if (v === undefined || v === null) return undefined;
    if (!isInstant(v)) {
      issues.push({ field: `events[${i}].recordedAt`, message: INSTANT_MESSAGE });
      return undefined;
    }
    return v;
  });
  if (issues.length) throw new InvalidEventError(issues);
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

export type { StoredEventRef, StoredIdentity } from './event-store';

/** What makes two events with one id the same fact; data and metadata as JSON text or values. */
export interface EventContent {
  type: string;
  schemaVersion: number;
  occurredAt: string;
  data: unknown;
  metadata: unknown;
}

/** JSON with every object's keys sorted, so that key order does not make content differ. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const parsedJson = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/**
 * Metadata of the request that sent a fact, not of the fact: who sent it (the key's `actor`,
 * `actorRole` and `actorScope`, the `claimedActor` and `claimedClubId` a client wrote) and the
 * request's `correlationId`. A retry comes in
 * another request, perhaps with another key: it is still the same fact, and the stored one
 * keeps the metadata of the request that wrote it.
 */
export const REQUEST_METADATA_KEYS: readonly string[] = [
  'actor',
  'actorRole',
  'actorScope',
  'claimedActor',
  'claimedClubId',
  'correlationId',
];

/**
 * sha256 of the canonical JSON of type, schema version, occurredAt, data and metadata (less the
 * request's own keys): two events with one id are the same fact (a retry) only when their
 * hashes are equal. `data` and `metadata` may be JSON text (as stored) or values (as read back).
 */
export function contentHash(e: EventContent): string {
  const metadata = { ...((parsedJson(e.metadata) as Record<string, unknown> | null) ?? {}) };
  for (const key of REQUEST_METADATA_KEYS) delete metadata[key];
  const canonical = canonicalJson({
    type: e.type,
    schemaVersion: e.schemaVersion,
    occurredAt: e.occurredAt,
    data: parsedJson(e.data),
    metadata,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** Whether a stream whose first event of the batch sits at `firstRevision` fits `expected`. */
function wouldHavePlaced(expected: ExpectedRevision, firstRevision: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return firstRevision === 0;
  if (expected === 'stream_exists') return firstRevision > 0;
  return expected === firstRevision - 1;
}

const refOf = (s: StoredIdentity): StoredEventRef => ({
  id: s.id,
  streamId: s.streamId,
  revision: s.revision,
  position: s.position,
});

const placeOf = (s: StoredEventRef) =>
  `stream ${s.streamId} at revision ${s.revision}, position ${s.position}`;

/**
 * Idempotency by event id. None of the batch's ids stored: a new append (null). Every id
 * stored, in this stream, in this order one after another, each with the same content
 * (`contentHash`), and at a place the batch's expected revision would have put it: a retry,
 * answered with the original result and writing nothing. Anything else is an
 * IdempotencyConflictError naming the stored event: an id with other content (another type,
 * data, metadata, occurredAt or schema version), ids in another stream, a batch partly stored,
 * or a retry whose expected revision could not have placed it where it is.
 */
export function resolveIdempotentAppend(
  streamId: string,
  batch: readonly NormalisedEvent[],
  stored: ReadonlyArray<StoredIdentity | undefined>,
  expected: ExpectedRevision = 'any',
): AppendResult | null {
  const found = stored.filter((s): s is StoredIdentity => s !== undefined);
  if (found.length === 0) return null;
  for (let i = 0; i < batch.length; i++) {
    const s = stored[i];
    if (s && s.contentHash !== contentHash(batch[i])) {
      throw new IdempotencyConflictError(
        streamId,
        `event ${s.id} is already stored (${placeOf(s)}) with other content: a new fact needs a new id`,
        { field: `events[${i}].id`, stored: refOf(s) },
      );
    }
  }
  for (let i = 0; i < batch.length; i++) {
    const s = stored[i];
    if (s && s.streamId !== streamId) {
      throw new IdempotencyConflictError(
        streamId,
        `event ${s.id} is already stored in stream ${s.streamId} (revision ${s.revision}, position ${s.position})`,
        { field: `events[${i}].id`, stored: refOf(s) },
      );
    }
  }
  if (found.length !== batch.length) {
    const i = stored.findIndex((s) => s !== undefined);
    throw new IdempotencyConflictError(
      streamId,
      `${found.length} of the batch's ${batch.length} event ids are already stored: a batch is written whole or not at all`,
      { field: `events[${i}].id`, stored: refOf(found[0]) },
    );
  }
  for (let i = 1; i < found.length; i++) {
    if (found[i].revision !== found[i - 1].revision + 1) {
      throw new IdempotencyConflictError(
        streamId,
        `event ids are stored, but not as this batch in this order`,
        { field: `events[${i}].id`, stored: refOf(found[i]) },
      );
    }
  }
  if (!wouldHavePlaced(expected, found[0].revision)) {
    throw new IdempotencyConflictError(
      streamId,
      `the batch is already stored (${placeOf(found[0])}), where expected revision ${String(expected)} could not have put it: a retry carries the expected revision of the first attempt`,
      { field: 'expectedRevision', stored: refOf(found[0]) },
    );
  }
  const last = found[found.length - 1];
  return { nextExpectedRevision: last.revision, position: last.position };
}
