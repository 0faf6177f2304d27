/**
 * The event envelope: what every stored fact looks like, whatever the store.
 * Positions are global and gap-free in commit order (the embedded stores); revisions are
 * 0-based per stream.
 */
export interface EventMetadata {
  clubId?: string;
  actor?: string;
  correlationId?: string;
  causationId?: string;
  [key: string]: unknown;
}

/** What a writer hands the store. The store assigns revision, position and recordedAt. */
export interface EventToAppend<D = unknown> {
  /** Writer-chosen UUID (v7 preferred); makes appends idempotent. */
  id: string;
  type: string;
  /** Defaults to the catalogue's current version when the writer leaves it out. */
  schemaVersion?: number;
  /** Club time, ISO 8601 with offset. */
  occurredAt: string;
  data: D;
  metadata?: EventMetadata;
}

export interface RecordedEvent<D = unknown> {
  id: string;
  type: string;
  schemaVersion: number;
  streamId: string;
  revision: number;
  position: number;
  occurredAt: string;
  /**
   * When the ledger recorded the fact. For a fact imported from another ledger's export
   * (`bridge-ledger append` of an exported file), the instant that ledger recorded it, kept so
   * that "as published on" answers the same after a migration; `importedAt` then says when it
   * came into this one.
   */
  recordedAt: string;
  /** Present only on an imported fact: when this store took it in (its clock). */
  importedAt?: string;
  data: D;
  metadata: EventMetadata;
}
