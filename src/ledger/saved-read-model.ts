import type Database from 'better-sqlite3';
import type { Projection } from '../kernel/projection';
import type { EventStore } from '../store/event-store';
import { factAt, readModelFileOf } from './read-model-file';
import { SqliteProjectionStateStore } from './projection-state-store';
import { PROJECTION_TABLES as TABLES } from './projection-tables';
import { savedDirectoryKeys, type DirectoryKeys } from './directory-keys';

/** Whether the file has the saved read models' tables (a ledger a service has served). */
function hasTables(db: Database.Database): boolean {
  const present = db
    .prepare(
      `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN (${TABLES.map(() => '?').join(', ')})`,
    )
    .pluck()
    .get(...TABLES) as number;
  return present === TABLES.length;
}

/**
 * Only these partitions of the read model a server's runner last saved in this SQLite file (the
 * rest of the state left as `initial()` makes it), with its checkpoint: what one answer reads
 * of a long ledger's read model, instead of all of it. Undefined when none of the projection's
 * current version is saved by parts (a version bumped since, or never served). Read only:
 * nothing is created or written.
 */
export function loadSavedPartitions<S>(
  db: Database.Database,
  projection: Projection<S>,
  keys: readonly string[],
): { state: S; position: number } | undefined {
  const { partitions } = projection;
  if (!partitions || !hasTables(db)) return undefined;
  const saved = new SqliteProjectionStateStore(db).loadSomePartitions(projection.name, keys);
  if (!saved || saved.version !== projection.version) return undefined;
  const state = projection.initial();
  for (const [key, value] of saved.partitions) partitions.put(state, key, value);
  return { state, position: saved.position };
}

/** `loadSavedPartitions` of a store's read models' file, when it has one. */
export function savedPartitionsOf<S>(
  store: EventStore,
  projection: Projection<S>,
  keys: readonly string[],
): { state: S; position: number } | undefined {
  const file = readModelFileOf(store);
  return file ? loadSavedPartitions(file.db, projection, keys) : undefined;
}

/**
 * A read model's partitions as saved, when the saved read model and the saved ledger directory
 * have both read exactly to the ledger's head (a restart after a clean stop): then the
 * partitions `keysOf` names through the directory, read by key, are the answer's whole state,
 * with no stream to fold again. Read in one transaction of the read models' file, so no save
 * lands between the directory and the partitions (nor, in a SQLite ledger, the head: another
 * store's head is read just before). Undefined in any other case (no such file,
 * something appended since, a directory or read model of another version).
 */
export async function savedAtHeadOf<S>(
  store: EventStore,
  projection: Projection<S>,
  directoryVersion: string,
  keysOf: (directory: DirectoryKeys) => string[],
): Promise<{ state: S; position: number } | undefined> {
  const file = readModelFileOf(store);
  if (!file) return undefined;
  const { db } = file;
  // A ledger kept elsewhere: its head, and the fact there (the saved directory names it), read
  // just before the file's transaction.
  const elsewhere = file.holdsLedger ? undefined : await headOf(store);
  return db.transaction(() => {
    const head =
      elsewhere?.position ??
      (db.prepare('SELECT coalesce(max(position), 0) FROM events').pluck().get() as number);
    const directory = savedDirectoryKeys(db, directoryVersion, head, elsewhere);
    if (!directory) return undefined;
    const saved = loadSavedPartitions(db, projection, keysOf(directory));
    return saved?.position === head ? saved : undefined;
  })();
}

/** A store's head position and the id of the fact there (none in an empty ledger). */
async function headOf(store: EventStore): Promise<{ position: number; id: string | undefined }> {
  const position = await store.headPosition();
  return { position, id: (await factAt(store, position, position))?.id };
}
