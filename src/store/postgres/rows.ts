// The PostgreSQL store's rows as its reads and writes take them (`rowMode: 'array'`).
import type { EventRow } from '../event-row';
import type { NormalisedBatch } from '../append-rules';
import { chainHash } from '../seal';

/** A batch as one append transaction writes it. */
export type TxBatch = NormalisedBatch;

/**
 * A batch's rows as the INSERT … SELECT unnest(…) takes them, a column an array (COLUMNS, then
 * hash): each event at the next revision of its stream and the next position of `$all`, its
 * hash chained to the one before (src/store/seal.ts); recordedAt the store's clock, or the one
 * an import keeps (then stamped importedAt).
 */
export function sealedColumns(
  b: TxBatch,
  from: { head: number; position: number; hash: string; recordedAt: string },
): { columns: unknown[][]; position: number; revision: number } {
  const columns: unknown[][] = Array.from({ length: 12 }, () => []);
  let { position, hash: previous } = from;
  let revision = from.head;
  for (const [i, e] of b.batch.entries()) {
    revision += 1;
    position += 1;
    const kept = b.recordedAt?.[i];
    const sealed = {
      id: e.id,
      streamId: b.streamId,
      revision,
      position,
      type: e.type,
      schemaVersion: e.schemaVersion,
      occurredAt: e.occurredAt,
      recordedAt: kept ?? from.recordedAt,
      importedAt: kept === undefined ? null : from.recordedAt,
      data: e.data,
      metadata: e.metadata,
    };
    previous = chainHash(previous, sealed);
    const row = [
      position,
      e.id,
      b.streamId,
      revision,
      e.type,
      e.schemaVersion,
      e.occurredAt,
      sealed.recordedAt,
      e.data,
      e.metadata,
      sealed.importedAt,
      previous,
    ];
    row.forEach((v, c) => columns[c]!.push(v));
  }
  return { columns, position, revision };
}

export const COLUMNS =
  'position, id, stream_id, revision, type, schema_version, occurred_at, recorded_at, data, metadata, imported_at';

/** A row in COLUMNS order: what the folding reads take (never the hash). */
export type PgRow = EventRow;

export const PAGE = 1000;

/** The URL as logs and messages show it: a password never. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unreadable url)';
  }
}

export { rowToEvent } from '../event-row';
