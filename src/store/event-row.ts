import type { RecordedEvent } from '../kernel/envelope';
import type { StoredRecord } from './event-store';

/**
 * An event's row as the SQL stores' folding reads take it: an array in their COLUMNS order
 * (position, id, stream_id, revision, type, schema_version, occurred_at, recorded_at, data,
 * metadata, imported_at), never the hash.
 */
export type EventRow = [
  position: number,
  id: string,
  stream_id: string,
  revision: number,
  type: string,
  schema_version: number,
  occurred_at: string,
  recorded_at: string,
  data: string,
  metadata: string,
  imported_at: string | null,
];

/** A row as a recorded event, as stored (the store upcasts it). */
export function rowToEvent(row: EventRow): RecordedEvent {
  const [position, id, streamId, revision, type, schemaVersion, occurredAt, recordedAt] = row;
  const event: RecordedEvent = {
    id,
    type,
    schemaVersion,
    streamId,
    revision,
    position,
    occurredAt,
    recordedAt,
    data: JSON.parse(row[8]) as unknown,
    metadata: JSON.parse(row[9]) as RecordedEvent['metadata'],
  };
  if (row[10] !== null) event.importedAt = row[10];
  return event;
}

/** A row as stored, as export and verify read it: an EventRow, then the hash (null in a file
 * written before the seal). */
export type StoredRow = [...EventRow, hash: string | null];

/** A stored row as a record of one shape; imported_at and hash only where the row has them. */
export function storedRecordOf(r: StoredRow): StoredRecord {
  const [position, id, streamId, revision, type, schemaVersion, occurredAt, recordedAt] = r;
  const out: StoredRecord = {
    position,
    id,
    streamId,
    revision,
    type,
    schemaVersion,
    occurredAt,
    recordedAt,
    data: r[8],
    metadata: r[9],
  };
  if (r[10] !== null) out.importedAt = r[10];
  if (r[11] !== null) out.hash = r[11];
  return out;
}
