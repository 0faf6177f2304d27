import type { Pool } from 'pg';
import { PG_SCHEMA_SQL, PG_SCHEMA_VERSION, SCHEMA_LOCK } from './schema';

/** A database whose ledger schema is newer than this release knows: not opened. */
export class NewerLedgerSchemaError extends Error {
  readonly code = 'STORE_CANNOT_OPEN';
  constructor(url: string, found: number) {
    super(
      `${url} holds a ledger of schema version ${found}; this release reads version ${PG_SCHEMA_VERSION} and older: upgrade bridge-ledger`,
    );
  }
}

/** A read-only open of a database that holds no ledger. */
export class NoLedgerError extends Error {
  readonly code = 'STORE_CANNOT_OPEN';
  constructor(url: string) {
    super(`${url} holds no ledger (no events table): open it once for writing to create one`);
  }
}

async function versionOf(pool: Pick<Pool, 'query'>): Promise<number | undefined> {
  const { rows } = await pool.query<{ exists: boolean }>(
    "SELECT to_regclass('ledger_meta') IS NOT NULL AS exists",
  );
  if (!rows[0]!.exists) return undefined;
  const v = await pool.query<{ value: string }>(
    "SELECT value FROM ledger_meta WHERE key = 'schema_version'",
  );
  return v.rows[0] ? Number(v.rows[0].value) : undefined;
}

/**
 * The schema on first open, created in one transaction under an advisory lock, so that several
 * instances starting at once create it once; a ledger of this version is opened as it is. An
 * older version would be upgraded here, in the same transaction (there is none yet).
 */
export async function openSchema(pool: Pool, readOnly: boolean, url: string): Promise<void> {
  const found = await versionOf(pool);
  if (found !== undefined && found > PG_SCHEMA_VERSION)
    throw new NewerLedgerSchemaError(url, found);
  if (found === PG_SCHEMA_VERSION) return;
  if (readOnly) throw new NoLedgerError(url);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    // Another instance may have created it while this one waited for the lock.
    if ((await versionOf(client)) === undefined) {
      await client.query(PG_SCHEMA_SQL);
      await client.query(
        "INSERT INTO ledger_meta (key, value) VALUES ('schema_version', $1) ON CONFLICT (key) DO NOTHING",
        [String(PG_SCHEMA_VERSION)],
      );
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    // The connection that ran the DDL is closed, not pooled: appends on it ran some 5 % slower
    // than on a fresh one (measured with bench/postgres/raw-pg.ts, fresh against DDL session).
    client.release(true);
  }
}
