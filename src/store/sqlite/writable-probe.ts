import type Database from 'better-sqlite3';
import { isStoreBusy } from '../errors';

/** While a write has failed, /health probes again at most this often. */
export const PROBE_AGAIN_MS = 5_000;

/** Thrown inside the probe's transaction so that it rolls back. */
const ROLLBACK = Symbol('writable probe: rolled back');

/**
 * A write that is rolled back, to learn whether appends can be written: SQLite opens a file it
 * may not write (its permissions, a read-only file system) read-only without a word. The probe
 * answers undefined when the write went through (or another writer holds the lock: writable,
 * only busy), else the engine's error.
 */
export function writableProbe(db: Database.Database): () => unknown {
  const tx = db.transaction(() => {
    db.prepare('INSERT OR REPLACE INTO ledger_meta (key, value) VALUES (?, ?)').run(
      'writable_probe',
      new Date().toISOString(),
    );
    throw ROLLBACK;
  });
  return () => {
    try {
      tx.immediate();
    } catch (err) {
      return err === ROLLBACK || isStoreBusy(err) ? undefined : err;
    }
    return undefined;
  };
}
