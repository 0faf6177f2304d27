import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { StoreFaultError, type StoreFaultCode } from '../errors';

/** SQLite's result codes (extended ones start with the primary's name) → the store's faults. */
const FAULTS: Array<[prefix: string, code: StoreFaultCode]> = [
  ['SQLITE_FULL', 'STORE_FULL'],
  ['SQLITE_IOERR', 'STORE_IO_ERROR'],
  ['SQLITE_READONLY', 'STORE_NOT_WRITABLE'],
  ['SQLITE_CANTOPEN', 'STORE_CANNOT_OPEN'],
];

const sqliteCodeOf = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
};

/**
 * An error of better-sqlite3 as the store's own: a full disk, an I/O error, a file that cannot
 * be written or opened become a StoreFaultError (HTTP 507 / 503 with the code and the reason,
 * docs/architecture.md "Failure modes"); anything else is handed on unchanged. By code, not
 * instanceof: the native addon keeps the SqliteError class of the first module instance.
 */
export function storeErrorOf(err: unknown, url: string, readOnly = false): unknown {
  if (err instanceof StoreFaultError) return err;
  const sqliteCode = sqliteCodeOf(err);
  const fault = sqliteCode && FAULTS.find(([prefix]) => sqliteCode.startsWith(prefix))?.[1];
  if (!fault) return err;
  const said = err instanceof Error ? err.message : String(err);
  const hint =
    fault === 'STORE_NOT_WRITABLE' && !readOnly
      ? ' (to read a read-only copy, open it read-only: the read commands do, and serve --read-only)'
      : '';
  return new StoreFaultError(fault, url, sqliteCode, `${said}${hint}`, { cause: err });
}

/** The file header's write and read versions: 2 is WAL, 1 the rollback journal. */
const WAL_HEADER_OFFSETS = [18, 19];

/**
 * Opens a ledger file read-only: it must exist and hold the events table; nothing is created
 * or written. A WAL-mode file whose directory SQLite may not write (an auditor's copy in a
 * read-only directory, with no -wal or -shm beside it) cannot be read through SQLite's shared
 * WAL index; with no -wal file every committed event is in the file itself, so it is then read
 * from a copy in memory (`snapshot`), its header marked as a rollback-journal file.
 */
export function openReadOnly(
  path: string,
  lockWaitMs: number,
): { db: Database.Database; snapshot: boolean } {
  const url = `sqlite:${path}`;
  if (path === ':memory:' || !existsSync(path)) {
    throw new StoreFaultError(
      'STORE_CANNOT_OPEN',
      url,
      undefined,
      `no ledger at ${path} (a read-only command creates none; check --store or LEDGER_STORE)`,
    );
  }
  let db: Database.Database | undefined;
  let snapshot = false;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true, timeout: lockWaitMs });
    assertLedger(db, url);
  } catch (err) {
    db?.close();
    const code = sqliteCodeOf(err) ?? '';
    const noWalIndex =
      (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN')) &&
      !existsSync(`${path}-wal`);
    if (!noWalIndex) throw err;
    const image = readFileSync(path);
    for (const at of WAL_HEADER_OFFSETS) if (image[at] === 2) image[at] = 1;
    db = new Database(image, { readonly: true });
    assertLedger(db, url);
    snapshot = true;
  }
  return { db, snapshot };
}

function assertLedger(db: Database.Database, url: string): void {
  const events = db
    .prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'events'")
    .pluck()
    .get();
  if (events === 0) {
    db.close();
    throw new StoreFaultError(
      'STORE_CANNOT_OPEN',
      url,
      undefined,
      'not a ledger (no events table)',
    );
  }
}
