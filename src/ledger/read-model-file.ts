import Database from 'better-sqlite3';
import type { EventStore } from '../store/event-store';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store';

/**
 * Where a ledger's read models and its directory are saved, so that a restart loads them and
 * reads only the facts appended since: a SQLite ledger's own file (saved in the transaction of
 * the ledger it reads), or, for a ledger kept elsewhere (PostgreSQL, EventStoreDB), a SQLite
 * file of the service's own (`serve --read-models <file>`). Read models are derived, so such a
 * file is a cache of one ledger: each service instance keeps its own, and one found to be of
 * another ledger is emptied and rebuilt (`attachReadModelFile`).
 */
export interface ReadModelFile {
  db: Database.Database;
  readOnly: boolean;
  /** Whether the ledger's facts are in this file (its head is read in the same transaction). */
  holdsLedger: boolean;
}

const attached = new WeakMap<EventStore, ReadModelFile>();

/** The file a store's read models are saved in, if any (none: kept in memory only). */
export function readModelFileOf(store: EventStore): ReadModelFile | undefined {
  if (store instanceof SqliteEventStore)
    return { db: store.db, readOnly: store.readOnly, holdsLedger: true };
  return attached.get(store);
}

/**
 * A rebuild worker's own connection to the read-models file its service attached (the binding
 * already checked there): its saves go to the file, as the service's do. Returns the close.
 */
export function joinReadModelFile(store: EventStore, path: string): () => void {
  if (store instanceof SqliteEventStore) throw new ReadModelFileError(SQLITE_ONLY);
  // A worker's save waits for the file's write lock (the service or another worker saving).
  const db = new Database(path, { timeout: 60_000, fileMustExist: true });
  attached.set(store, { db, readOnly: false, holdsLedger: false });
  return () => {
    attached.delete(store);
    db.close();
  };
}

/** The file given to a ledger kept elsewhere (`attachReadModelFile`), if any. */
export const attachedReadModelFile = (store: EventStore): ReadModelFile | undefined =>
  attached.get(store);

/** Why a read-models file cannot be used: said before anything is served (exit 2). */
export class ReadModelFileError extends Error {
  readonly code = 'BAD_READ_MODELS_FILE';
}

const SQLITE_ONLY =
  '--read-models is for a ledger kept in PostgreSQL or EventStoreDB: a SQLite ledger saves its read models in its own file';

/**
 * Refuses `--read-models` for a store URL it is not for, before the store is opened (a SQLite
 * ledger keeps its read models in its own file; a memory ledger ends with the process).
 */
export function checkReadModelsFor(storeUrl: string): void {
  if (storeUrl.startsWith('sqlite:')) throw new ReadModelFileError(SQLITE_ONLY);
  if (storeUrl === 'memory:')
    throw new ReadModelFileError(
      '--read-models is for a ledger kept in PostgreSQL or EventStoreDB: a memory: ledger ends with the service',
    );
}

/** Where the file records which ledger its read models are of (its `ledger_meta`). */
const BOUND_TO = 'read-models-of';

/** The ledger a file's read models were folded from: its first fact and a fact it had seen. */
interface Binding {
  store: string;
  first: string | null;
  mark: { position: number; id: string } | null;
}

/**
 * Opens (or creates) `path` as the read-models file of `store`, a ledger not kept in SQLite. The
 * file is a cache of that ledger: if it was last bound to another (a different first fact, or a
 * fact it had seen that the ledger does not have at that position — a database replaced or
 * restored from an older backup), every saved read model and the directory are dropped, and the
 * service rebuilds them. Facts are never changed once appended, so a ledger that still has both
 * facts has every fact the saved read models were folded from.
 */
export async function attachReadModelFile(
  store: EventStore,
  path: string,
): Promise<{ file: ReadModelFile; dropped?: string }> {
  if (store instanceof SqliteEventStore) throw new ReadModelFileError(SQLITE_ONLY);
  const { db, tables } = opened(path, () => {
    const db = new Database(path, { timeout: 10_000 });
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    return db;
  });
  if (tables.has('events')) {
    db.close();
    throw new ReadModelFileError(
      `--read-models ${path} is a SQLite ledger (it has an events table): give a file of its own`,
    );
  }
  db.exec(`CREATE TABLE IF NOT EXISTS checkpoints (
    name TEXT PRIMARY KEY, position INTEGER NOT NULL, updated_at TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS ledger_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`);
  const bound = readBinding(db);
  const now = await bindingOf(store);
  const dropped =
    (bound && (await mismatch(store, bound, now))) ?? beyondHead(db, now.mark?.position ?? 0);
  if (dropped) dropEverything(db);
  writeBinding(db, now);
  const file: ReadModelFile = { db, readOnly: false, holdsLedger: false };
  attached.set(store, file);
  return dropped ? { file, dropped } : { file };
}

/**
 * Opens `path`, a service's read-models file of `store`, read-only, for a command that answers
 * from it (`standings --read-models`): nothing in it is written. A file of another ledger (or
 * one that has read facts this ledger does not have) is not used: the reason is returned, and
 * the command answers from the ledger alone.
 */
export async function readFromReadModelFile(
  store: EventStore,
  path: string,
): Promise<{ unused?: string }> {
  if (store instanceof SqliteEventStore) throw new ReadModelFileError(SQLITE_ONLY);
  const { db, tables } = opened(
    path,
    () => new Database(path, { readonly: true, fileMustExist: true }),
  );
  if (tables.has('events')) {
    db.close();
    throw new ReadModelFileError(
      `--read-models ${path} is a SQLite ledger (it has an events table): give the service's read-models file`,
    );
  }
  const bound = tables.has('ledger_meta') ? readBinding(db) : undefined;
  const now = await bindingOf(store);
  const unused = !bound
    ? 'no service has saved read models of a ledger in it'
    : ((await mismatch(store, bound, now)) ?? beyondHead(db, now.mark?.position ?? 0));
  if (unused) {
    db.close();
    return { unused };
  }
  attached.set(store, { db, readOnly: true, holdsLedger: false });
  return {};
}

/**
 * Records the ledger's head as a fact the file has seen (at a clean stop): the next start checks
 * that the ledger still has it. Then closes the file (one opened to read from: closed only).
 */
export async function detachReadModelFile(store: EventStore): Promise<void> {
  const file = attached.get(store);
  if (!file) return;
  attached.delete(store);
  try {
    if (!file.readOnly) writeBinding(file.db, await bindingOf(store));
  } finally {
    file.db.close();
  }
}

async function bindingOf(store: EventStore): Promise<Binding> {
  const head = await store.headPosition();
  return {
    store: withoutPassword(store.url),
    first: (await factAt(store, 1, head))?.id ?? null,
    mark: head > 0 ? { position: head, id: (await factAt(store, head, head))!.id } : null,
  };
}

/** The fact at or after `position` (positions can have gaps), none past `head`. */
export async function factAt(store: EventStore, position: number, head: number) {
  if (head === 0) return undefined;
  for await (const e of store.readAll({ fromPosition: position, toPosition: head, maxCount: 1 }))
    return e;
  return undefined;
}

async function mismatch(
  store: EventStore,
  bound: Binding,
  now: Binding,
): Promise<string | undefined> {
  if (bound.first !== now.first)
    return `they were of another ledger (${bound.store}: its first fact is not this one's)`;
  if (!bound.mark) return undefined;
  const head = now.mark?.position ?? 0;
  const seen = await factAt(store, bound.mark.position, head);
  if (seen?.position !== bound.mark.position || seen.id !== bound.mark.id)
    return `the ledger does not have fact ${bound.mark.id} at position ${bound.mark.position}, which they had read (a database replaced or restored from an older copy)`;
  return undefined;
}

/** A saved read model or directory past the ledger's head (saved after the last mark, then a
 * crash, and the ledger restored from an older copy): of facts this ledger does not have. */
function beyondHead(db: Database.Database, head: number): string | undefined {
  const tables = tablesOf(db);
  if (!tables.has('checkpoints')) return undefined;
  const saved = [
    db.prepare('SELECT max(position) FROM checkpoints').pluck().get() as number | null,
  ];
  if (tables.has('ledger_directory_head'))
    saved.push(
      db.prepare('SELECT max(position) FROM ledger_directory_head').pluck().get() as number | null,
    );
  const furthest = Math.max(0, ...saved.map((p) => p ?? 0));
  return furthest > head
    ? `they had read to position ${furthest}, past the ledger's head (${head})`
    : undefined;
}

/**
 * The file opened and its tables listed: a file that cannot be opened, or is not a SQLite
 * database (SQLite says so at its first read), is refused naming it.
 */
function opened(
  path: string,
  open: () => Database.Database,
): { db: Database.Database; tables: Set<string> } {
  let db: Database.Database | undefined;
  try {
    db = open();
    return { db, tables: tablesOf(db) };
  } catch (e) {
    db?.close();
    throw new ReadModelFileError(`--read-models ${path}: ${(e as Error).message}`);
  }
}

const tablesOf = (db: Database.Database) =>
  new Set(
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[],
  );

function readBinding(db: Database.Database): Binding | undefined {
  const json = db.prepare('SELECT value FROM ledger_meta WHERE key = ?').pluck().get(BOUND_TO) as
    string | undefined;
  return json === undefined ? undefined : (JSON.parse(json) as Binding);
}

function writeBinding(db: Database.Database, binding: Binding): void {
  db.prepare(
    'INSERT INTO ledger_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(BOUND_TO, JSON.stringify(binding));
}

/** Every saved read model, checkpoint and the directory: what the file holds, but its binding. */
function dropEverything(db: Database.Database): void {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'ledger_meta'")
    .pluck()
    .all() as string[];
  db.transaction(() => {
    for (const t of tables) db.prepare(`DELETE FROM "${t.replace(/"/g, '""')}"`).run();
    db.prepare('DELETE FROM ledger_meta WHERE key != ?').run(BOUND_TO);
  })();
}

function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
