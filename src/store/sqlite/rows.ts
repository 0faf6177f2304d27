// The SQLite store's rows as its reads and writes take them (better-sqlite3 `raw()` arrays).
import type { RecordedEvent } from '../../kernel/envelope';
import { type NormalisedEvent } from '../append-rules';
import type { ExpectedRevision, StoredRecord } from '../event-store';

/** A row as export and verify read it (keyed), with its hash. */
export type KeyedRow = Omit<StoredRecord, 'importedAt' | 'hash'> & {
  importedAt: string | null;
  hash: string | null;
};

/** A batch as the transaction writes it: validated, serialised, with any imported recordedAt. */
export interface TxBatch {
  streamId: string;
  batch: NormalisedEvent[];
  expected: ExpectedRevision;
  recordedAt: Array<string | undefined> | undefined;
}

export const COLUMNS =
  'position, id, stream_id, revision, type, schema_version, occurred_at, recorded_at, data, metadata';

/**
 * A row as the folding reads take it: an array in COLUMNS order, then imported_at. Building a
 * keyed object per row cost more than a column (better-sqlite3 `raw()`; bench/RESULTS.md), and
 * so does a wider row: the folding reads never select `hash`, only export and
 * verify do (`readStoredPage`).
 */
export type RawRow = [
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
export const POSITION = 0;
export const REVISION = 3;
export const PAGE = 1000;

/** A row as a recorded event, as stored (the store upcasts it). */
export function rowToEvent(row: RawRow): RecordedEvent {
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
