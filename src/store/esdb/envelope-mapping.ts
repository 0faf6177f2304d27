/**
 * How our envelope sits in an EventStoreDB event. Free of any client import, so it survives a
 * change of client (see esdb-event-store.ts).
 *
 * - ESDB event id = our `id`; ESDB event type = our `type`; ESDB data = our `data` (JSON).
 * - ESDB metadata (JSON) = `{ schemaVersion, occurredAt, metadata, $correlationId?,
 *   $causationId? }`. Our own metadata is NESTED under `metadata` rather than spread beside
 *   `schemaVersion` and `occurredAt`: the envelope lets a writer put any key in its metadata,
 *   and nesting means no key can ever shadow an envelope field, so reading gives back exactly
 *   what was written. `$correlationId` / `$causationId` are copies for EventStoreDB's own tools
 *   (UI, projections), ignored when reading.
 * - `recordedAt` = ESDB `created`, except for a fact imported from another ledger's export:
 *   the server stamps `created` itself, so the kept instant is `recordedAt` in the ESDB
 *   metadata, beside `importedAt` (ESDB `created`, when this store took it in); `revision` = stream revision; `position` = the commit
 *   position of the event in $all (see docs/esdb.md).
 * - An event some other program wrote (no such metadata) reads as schema version 1, occurred
 *   when it was created, with its metadata object (if any) as ours.
 */
import type { EventMetadata, RecordedEvent } from '../../kernel/envelope';
import type { NormalisedEvent } from '../append-rules';

export interface EsdbEnvelopeMetadata {
  schemaVersion: number;
  occurredAt: string;
  metadata: EventMetadata;
  /** An imported fact only: when the ledger it came from recorded it. */
  recordedAt?: string;
  /** An imported fact only: when it was imported (the writer's clock). */
  importedAt?: string;
  $correlationId?: string;
  $causationId?: string;
}

export interface EsdbEventToWrite {
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EsdbEnvelopeMetadata;
}

/** What the adapter reads off an ESDB recorded event, already as plain JS values. */
export interface EsdbRecordFields {
  id: string;
  type: string;
  streamId: string;
  revision: number;
  position: number;
  created: Date;
  /** Parsed JSON, or raw bytes for an event that is not JSON. */
  data: unknown;
  metadata: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);

export function toEsdbEvent(
  e: NormalisedEvent,
  imported?: { recordedAt: string; importedAt: string },
): EsdbEventToWrite {
  const metadata = JSON.parse(e.metadata) as EventMetadata;
  const stored: EsdbEnvelopeMetadata = {
    schemaVersion: e.schemaVersion,
    occurredAt: e.occurredAt,
    metadata,
    ...imported,
  };
  if (typeof metadata.correlationId === 'string') stored.$correlationId = metadata.correlationId;
  if (typeof metadata.causationId === 'string') stored.$causationId = metadata.causationId;
  return {
    id: e.id,
    type: e.type,
    data: JSON.parse(e.data) as Record<string, unknown>,
    metadata: stored,
  };
}

function parseBytes(bytes: Uint8Array): unknown {
  const text = Buffer.from(bytes).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { text };
  }
}

export function fromEsdbRecord(r: EsdbRecordFields): RecordedEvent {
  const meta = r.metadata instanceof Uint8Array ? parseBytes(r.metadata) : r.metadata;
  const ours = isObject(meta) && 'occurredAt' in meta && isObject(meta.metadata);
  const schemaVersion =
    ours && typeof meta.schemaVersion === 'number' && meta.schemaVersion >= 1
      ? meta.schemaVersion
      : 1;
  const occurredAt =
    ours && typeof meta.occurredAt === 'string' ? meta.occurredAt : r.created.toISOString();
  const metadata: EventMetadata = ours
    ? (meta.metadata as EventMetadata)
    : isObject(meta)
      ? (meta as EventMetadata)
      : {};
  const imported =
    ours && typeof meta.recordedAt === 'string' && typeof meta.importedAt === 'string'
      ? { recordedAt: meta.recordedAt, importedAt: meta.importedAt }
      : undefined;
  return {
    id: r.id,
    type: r.type,
    schemaVersion,
    streamId: r.streamId,
    revision: r.revision,
    position: r.position,
    occurredAt,
    recordedAt: imported?.recordedAt ?? r.created.toISOString(),
    ...(imported ? { importedAt: imported.importedAt } : {}),
    data: r.data instanceof Uint8Array ? parseBytes(r.data) : r.data,
    metadata,
  };
}

/** System events: a `$` type ($settings, $>, $metadata …) or a `$` stream ($stats-…, $$…). */
export const isSystemEvent = (e: { type: string; streamId: string }): boolean =>
  e.type.startsWith('$') || e.streamId.startsWith('$');
