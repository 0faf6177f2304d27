// $all of a SQLite ledger less some streams, skipped by SQLite itself: a share of a split rebuild
// (src/ledger/split-rebuild.ts) reads only its own streams' facts and everyone's, and the rows
// of the other shares' streams are never parsed.
import type Database from 'better-sqlite3';
import type { RecordedEvent } from '../../kernel/envelope';
import type { ReadAllOptions } from '../event-store';
import type { Upcast } from '../upcast';
import { hasImportedAt } from './migrate';
import { COLUMNS, rowsOfAll, rowToEvent } from './rows';

/**
 * A reader of $all that leaves out the facts of `streams`, through `db` (the connection holds
 * the streams in a TEMP table of its own, one skip list a connection).
 */
export function readAllExcept(
  db: Database.Database,
  streams: Iterable<string>,
  upcast: Upcast = (e) => e,
): (options?: ReadAllOptions) => AsyncIterable<RecordedEvent> {
  db.exec(
    'CREATE TEMP TABLE IF NOT EXISTS skipped_streams (stream_id TEXT PRIMARY KEY) WITHOUT ROWID',
  );
  const put = db.prepare('INSERT OR IGNORE INTO temp.skipped_streams (stream_id) VALUES (?)');
  db.transaction(() => {
    db.exec('DELETE FROM temp.skipped_streams');
    for (const s of streams) put.run(s);
  })();
  const importedAt = hasImportedAt(db) ? 'imported_at' : 'NULL AS imported_at';
  const page = db
    .prepare(
      `SELECT ${COLUMNS}, ${importedAt} FROM events
        WHERE position >= ? AND position <= ?
          AND stream_id NOT IN (SELECT stream_id FROM temp.skipped_streams)
        ORDER BY position LIMIT ?`,
    )
    .raw();
  return async function* read(options: ReadAllOptions = {}) {
    for (const row of rowsOfAll(page, options)) yield upcast(rowToEvent(row));
  };
}

/**
 * Every stream of a SQLite ledger, in id order: one seek of the streams' index a stream (what a
 * GROUP BY walks whole: 48,000 streams of 9.35 M facts in about 0.5 s against 0.8 s, warm).
 */
export function streamIds(db: Database.Database): string[] {
  const next = db.prepare('SELECT min(stream_id) FROM events WHERE stream_id > ?').pluck();
  const ids: string[] = [];
  let id = db.prepare('SELECT min(stream_id) FROM events').pluck().get() as string | null;
  for (; id !== null; id = next.get(id) as string | null) ids.push(id);
  return ids;
}
