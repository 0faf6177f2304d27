// The ids a SQLite ledger stores more than once, as `verify` asks (src/audit/verify-parallel.ts).
import type Database from 'better-sqlite3';

/**
 * Whether the events table keeps a unique index on its `id` column alone: the UNIQUE of the
 * ledger's own schema (src/store/sqlite/schema.ts) or any unique index on (id). SQLite then
 * refuses a repeated id on every write, and a query for repeats would read that same index:
 * its answer is known without reading it. A table rebuilt without it (an edit of the file
 * outside the ledger) has none, and its ids are counted.
 */
export function idsUniqueByIndex(db: Database.Database): boolean {
  const indexes = db.prepare('PRAGMA index_list(events)').all() as Array<{
    name: string;
    unique: number;
    partial: number;
  }>;
  return indexes.some((index) => {
    if (index.unique !== 1 || index.partial !== 0) return false;
    const columns = db.prepare('SELECT name FROM pragma_index_info(?)').pluck().all(index.name);
    return columns.length === 1 && columns[0] === 'id';
  });
}

/**
 * Up to `limit` ids stored more than once, each with its positions in order, the first repeat
 * first. A table whose ids are unique by an index has none (above); any other is grouped by
 * id, a pass over the table that no reader of the log has to hold the ids for.
 */
export function repeatedIdsIn(
  db: Database.Database,
  limit: number,
): Array<{ id: string; positions: number[] }> {
  if (idsUniqueByIndex(db)) return [];
  const rows = db
    .prepare(
      `SELECT id, group_concat(position) AS positions
         FROM (SELECT id, position FROM events ORDER BY position)
        GROUP BY id HAVING count(*) > 1 ORDER BY min(position) LIMIT ?`,
    )
    .all(limit) as Array<{ id: string; positions: string }>;
  return rows.map((r) => ({ id: r.id, positions: r.positions.split(',').map(Number) }));
}
