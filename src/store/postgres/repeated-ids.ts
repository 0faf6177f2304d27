// The ids a PostgreSQL ledger stores more than once, as `verify` asks (src/audit/verify-parallel.ts).
import type { Pool } from 'pg';

/**
 * Whether the events table keeps a valid unique index on its `id` column alone (the UNIQUE of
 * the ledger's schema, src/store/postgres/schema.ts): PostgreSQL then refuses a repeated id on
 * every write, and the answer to a query for repeats is known. An index that is partial, on an
 * expression or over more columns keeps nothing unique on its own.
 */
export async function idsUniqueByIndex(pool: Pool): Promise<boolean> {
  const { rows } = await pool.query<{ held: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM pg_index i
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
        WHERE i.indrelid = 'events'::regclass AND i.indisunique AND i.indisvalid
          AND i.indnkeyatts = 1 AND i.indpred IS NULL AND i.indexprs IS NULL
          AND a.attname = 'id'
     ) AS held`,
  );
  return rows[0]!.held;
}

/**
 * Up to `limit` ids stored more than once, each with its positions in order, the first repeat
 * first: none when the ids are unique by an index (above), else found by grouping the table.
 */
export async function repeatedIdsIn(
  pool: Pool,
  limit: number,
): Promise<Array<{ id: string; positions: number[] }>> {
  if (await idsUniqueByIndex(pool)) return [];
  const { rows } = await pool.query<{ id: string; positions: Array<string | number> }>(
    `SELECT id, array_agg(position ORDER BY position) AS positions FROM events
      GROUP BY id HAVING count(*) > 1 ORDER BY min(position) LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ id: r.id, positions: r.positions.map(Number) }));
}
