import { hash } from 'node:crypto';

/**
 * Tamper evidence (docs/architecture.md "Tamper evidence"). Every stored event
 * carries a hash chained to the previous event of `$all`:
 *
 *   hash(n) = sha256_hex( hash(n-1) + "\n" + canonical(event n) )
 *   hash(0) = GENESIS_HASH (64 zeros): the chain of a ledger's first event starts there.
 *
 * canonical(e), as UTF-8:
 *
 *   JSON.stringify([id, streamId, revision, position, type, schemaVersion, occurredAt,
 *                   recordedAt, importedAt ?? null]) + "\n" + data + "\n" + metadata
 *
 * where `data` and `metadata` are the event's JSON in its normal form, JSON.stringify of the
 * parsed value: the text the store writes, byte for byte, for every fact appended through the
 * ledger (`normaliseBatch` stores `JSON.stringify(value)`), and the same text whether it is
 * read from the SQLite column, the memory store, an export line or EventStoreDB. Every field
 * as stored, not as read: no upcast.
 */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields of an event the chain covers, data and metadata as JSON text (as stored). */
export interface SealedFields {
  id: string;
  streamId: string;
  revision: number;
  position: number;
  type: string;
  schemaVersion: number;
  occurredAt: string;
  recordedAt: string;
  importedAt?: string | null;
  data: string;
  metadata: string;
}

/** The canonical byte form of one event (see above), as a string to be hashed as UTF-8. */
export function canonicalForm(e: SealedFields, normalise = false): string {
  const head = JSON.stringify([
    e.id,
    e.streamId,
    e.revision,
    e.position,
    e.type,
    e.schemaVersion,
    e.occurredAt,
    e.recordedAt,
    e.importedAt ?? null,
  ]);
  const data = normalise ? normalJson(e.data) : e.data;
  const metadata = normalise ? normalJson(e.metadata) : e.metadata;
  return `${head}\n${data}\n${metadata}`;
}

/**
 * The hash of an event chained to the previous one's. `normalise`: data and metadata are
 * stored text that may not be in normal form (a file written before the seal, or edited
 * outside the ledger): hash their normal form. An append's text is already normal.
 */
export function chainHash(previous: string, e: SealedFields, normalise = false): string {
  // crypto.hash: one call, no Hash object (a third of createHash's cost for ~500 bytes).
  return hash('sha256', `${previous}\n${canonicalForm(e, normalise)}`, 'hex');
}

/** JSON text in normal form (JSON.stringify of its value); text that is not JSON unchanged. */
export function normalJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

export const isHash = (v: unknown): v is string =>
  typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);
