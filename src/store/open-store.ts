import type { EventStore } from './event-store';
import { MemoryEventStore } from './memory/memory-event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';
import type { Upcast } from './upcast';

export const DEFAULT_STORE_URL = 'sqlite:./data/ledger.db';

export interface OpenStoreOptions {
  /** Leave out to read events as stored (export, verify). */
  upcast?: Upcast;
  /**
   * For commands that only read (export, verify, replay, the tables, `serve --read-only`): a
   * SQLite file is opened read-only and must exist (nothing is created or written, so an
   * auditor's read-only copy can be read); every adapter refuses appends (ReadOnlyLedgerError).
   */
  readOnly?: boolean;
}

/**
 * `memory:`, `sqlite:<path>`, `postgres://user@host/db` or `esdb://host:port?tls=false`. The
 * PostgreSQL and EventStoreDB clients are loaded only when asked for, so the embedded store
 * starts without them.
 */
export async function openStore(url: string, options: OpenStoreOptions = {}): Promise<EventStore> {
  if (url === 'memory:') return new MemoryEventStore(options);
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (!path)
      throw new StoreUrlError(url, 'sqlite: needs a file path, e.g. sqlite:./data/ledger.db');
    return new SqliteEventStore(path, { ...options, busyTimeoutMs: busyTimeoutFromEnv() });
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const { PostgresEventStore } = await import('./postgres/postgres-event-store');
    return PostgresEventStore.open(url, options);
  }
  if (url.startsWith('esdb://') || url.startsWith('esdb+discover://')) {
    const { EsdbEventStore } = await import('./esdb/esdb-event-store');
    return new EsdbEventStore(url, options);
  }
  throw new StoreUrlError(
    url,
    'use memory:, sqlite:<path>, postgres://user@host/db or esdb://host:port?tls=false',
  );
}

/**
 * LEDGER_BUSY_TIMEOUT_MS: how long an append waits for a SQLite file another process has locked
 * before it is refused as StoreBusy (5000 ms when unset), for the server and the CLI alike.
 */
function busyTimeoutFromEnv(): number | undefined {
  const raw = process.env.LEDGER_BUSY_TIMEOUT_MS;
  if (raw === undefined || raw === '') return undefined;
  const ms = Number(raw);
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new StoreUrlError(`LEDGER_BUSY_TIMEOUT_MS=${raw}`, 'give a whole number of milliseconds');
  return ms;
}

export class StoreUrlError extends Error {
  readonly code = 'STORE_URL';
  constructor(
    readonly url: string,
    hint: string,
  ) {
    super(`unknown store ${JSON.stringify(url)}: ${hint}`);
  }
}

/** Whether positions are 1, 2, 3 … (the embedded stores) rather than merely increasing. */
export const hasDensePositions = (store: EventStore) =>
  store instanceof SqliteEventStore ||
  store instanceof MemoryEventStore ||
  store.url.startsWith('postgres');
