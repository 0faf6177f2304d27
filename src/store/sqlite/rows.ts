import type { EventRow } from '../event-row';
// The SQLite store's rows as its reads and writes take them (better-sqlite3 `raw()` arrays).
import type { NormalisedBatch } from '../append-rules';
import type { StoredRecord } from '../event-store';

/** A row as export and verify read it (keyed), with its hash. */
export type KeyedRow = Omit<StoredRecord, 'importedAt' | 'hash'> & {
  importedAt: string | null;
  hash: string | null;
};

/** A batch as the transaction writes it: validated, serialised, with any imported recordedAt. */
export type TxBatch = NormalisedBatch;

export const COLUMNS =
  'position, id, stream_id, revision, type, schema_version, occurred_at, recorded_at, data, metadata';

/**
 * A row as the folding reads take it: an array in COLUMNS order, then imported_at. Building a
 * keyed object per row cost more than a column (better-sqlite3 `raw()`; bench/RESULTS.md), and
 * so does a wider row: the folding reads never select `hash`, only export and
 * verify do (`readStoredPage`).
 */
export type RawRow = EventRow;
export const POSITION = 0;
export const REVISION = 3;
export const PAGE = 1000;

export { rowToEvent } from '../event-row';
