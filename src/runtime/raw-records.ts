import type { EventStore } from '../store/event-store';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store';

/** An event as stored, its JSON still text: what export writes and verify checks. */
export interface RawRecord {
  position: number;
  id: string;
  streamId: string;
  revision: number;
  type: string;
  schemaVersion: number;
  occurredAt: string;
  recordedAt: string;
  /** An imported fact only: when this store took it in (recordedAt is the ledger's it came from). */
  importedAt?: string;
  data: string;
  metadata: string;
}

/**
 * Reads the log as stored (no upcasting). From SQLite the JSON columns come as written, so a
 * file damaged outside the ledger is seen as it is; other stores give parsed events back.
 */
export async function* readRaw(
  store: EventStore,
  options: { fromPosition?: number; toPosition?: number } = {},
): AsyncGenerator<RawRecord> {
  const to = options.toPosition ?? Number.MAX_SAFE_INTEGER;
  if (store instanceof SqliteEventStore) {
    let after = Math.max(0, (options.fromPosition ?? 1) - 1);
    for (;;) {
      const rows = store.readRawPage(after, 1000);
      for (const r of rows) {
        if (r.position > to) return;
        yield {
          position: r.position,
          id: r.id,
          streamId: r.stream_id,
          revision: r.revision,
          type: r.type,
          schemaVersion: r.schema_version,
          occurredAt: r.occurred_at,
          recordedAt: r.recorded_at,
          ...(r.imported_at === null ? {} : { importedAt: r.imported_at }),
          data: r.data,
          metadata: r.metadata,
        };
      }
      if (rows.length < 1000) return;
      after = rows[rows.length - 1].position;
    }
  }
  for await (const e of store.readAll({ fromPosition: options.fromPosition, toPosition: to })) {
    yield { ...e, data: JSON.stringify(e.data), metadata: JSON.stringify(e.metadata) };
  }
}

/** One NDJSON line of an export: the recorded envelope, JSON columns spliced in as stored. */
export function exportLine(r: RawRecord): string {
  const head = JSON.stringify({
    id: r.id,
    type: r.type,
    schemaVersion: r.schemaVersion,
    streamId: r.streamId,
    revision: r.revision,
    position: r.position,
    occurredAt: r.occurredAt,
    recordedAt: r.recordedAt,
    ...(r.importedAt === undefined ? {} : { importedAt: r.importedAt }),
  });
  return `${head.slice(0, -1)},"data":${r.data},"metadata":${r.metadata}}`;
}
