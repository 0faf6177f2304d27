import type { EventRow } from '../event-row';
// The SQLite store's rows as its reads and writes take them (better-sqlite3 `raw()` arrays).
import type { NormalisedBatch } from '../append-rules';
import type { StoredRecord } from '../event-store';

/** A row keyed by column, with its hash: as a migration reads it. */
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

/**
 * $all's rows from `page` (a statement of position from, position to, limit, in position
 * order), a page at a time: what `options` asks, however the statement filters.
 */
export function* rowsOfAll(
  page: { all(from: number, to: number, limit: number): unknown[] },
  options: { fromPosition?: number; toPosition?: number; maxCount?: number },
): Generator<RawRow> {
  let next = Math.max(1, options.fromPosition ?? 1);
  const to = options.toPosition ?? Number.MAX_SAFE_INTEGER;
  let left = options.maxCount ?? Infinity;
  while (left > 0) {
    const limit = Math.min(PAGE, left);
    const rows = page.all(next, to, limit) as RawRow[];
    yield* rows;
    left -= rows.length;
    if (rows.length < limit) return;
    next = rows[rows.length - 1]![POSITION] + 1;
  }
}

export { rowToEvent, storedRecordOf, type StoredRow } from '../event-row';
