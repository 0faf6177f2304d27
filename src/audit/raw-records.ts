import type { EventStore, StoredRecord } from '../store/event-store';
import { chainHash, GENESIS_HASH } from '../store/seal';

/**
 * An event as stored, its JSON still text: what export writes and verify checks. `hash`: the
 * stored seal (src/store/seal.ts), absent from a store that keeps none.
 */
export type RawRecord = StoredRecord;

const PAGE = 1000;

/**
 * Reads the log as stored (no upcasting). From SQLite, memory and PostgreSQL (`readStoredPage`) the JSON
 * comes as written, with each event's stored hash, so a file damaged outside the ledger is
 * seen as it is; EventStoreDB gives parsed events back, with no hash.
 */
export async function* readRaw(
  store: EventStore,
  options: { fromPosition?: number; toPosition?: number } = {},
): AsyncGenerator<RawRecord> {
  const to = options.toPosition ?? Number.MAX_SAFE_INTEGER;
  if (store.readStoredPage) {
    let after = Math.max(0, (options.fromPosition ?? 1) - 1);
    for (;;) {
      const rows = await store.readStoredPage(after, PAGE);
      for (const r of rows) {
        if (r.position > to) return;
        yield r;
      }
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1].position;
    }
  }
  for await (const e of store.readAll({ fromPosition: options.fromPosition, toPosition: to })) {
    yield {
      id: e.id,
      type: e.type,
      schemaVersion: e.schemaVersion,
      streamId: e.streamId,
      revision: e.revision,
      position: e.position,
      occurredAt: e.occurredAt,
      recordedAt: e.recordedAt,
      ...(e.importedAt === undefined ? {} : { importedAt: e.importedAt }),
      data: JSON.stringify(e.data),
      metadata: JSON.stringify(e.metadata),
    };
  }
}

/**
 * Gives every record the hash of the chain: the stored one where the store keeps it, else
 * computed here from the previous (an export of EventStoreDB is sealed from its export on).
 * `previous`: the hash before the first record (the genesis from position 1).
 */
export async function* withChain(
  records: AsyncIterable<RawRecord>,
  previous: string = GENESIS_HASH,
): AsyncGenerator<RawRecord & { hash: string }> {
  let last = previous;
  for await (const r of records) {
    last = r.hash ?? chainHash(last, r, true);
    yield { ...r, hash: last };
  }
}

/**
 * The hash before `position` (the genesis at 1): where an export starting later takes its
 * chain from, written on its first line as `previousHash`.
 */
export async function hashBefore(store: EventStore, position: number): Promise<string> {
  if (position <= 1) return GENESIS_HASH;
  if (store.readStoredPage) {
    const [r] = await store.readStoredPage(position - 2, 1);
    if (r?.hash !== undefined) return r.hash;
  }
  let last = GENESIS_HASH;
  for await (const r of readRaw(store, { toPosition: position - 1 }))
    last = chainHash(last, r, true);
  return last;
}

/**
 * One NDJSON line of an export: the recorded envelope, JSON columns spliced in as stored, then
 * its `hash` (and, on the first line of an export that does not start at the genesis, the
 * `previousHash` it chains from).
 */
export function exportLine(r: RawRecord, previousHash?: string): string {
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
  const seal =
    (r.hash === undefined ? '' : `,"hash":${JSON.stringify(r.hash)}`) +
    (previousHash === undefined ? '' : `,"previousHash":${JSON.stringify(previousHash)}`);
  return `${head.slice(0, -1)},"data":${r.data},"metadata":${r.metadata}${seal}}`;
}
