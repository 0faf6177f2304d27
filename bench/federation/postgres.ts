import { Client } from 'pg';
import { PostgresEventStore } from '../../src/store/postgres/postgres-event-store';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { readRaw } from '../../src/audit/raw-records';
import { ImportBatches } from '../../src/audit/import-batches';
import { server } from '../postgres/database';

/**
 * The federation on PostgreSQL (`bench:federation -- --store postgres`, under a throwaway
 * cluster): the generated SQLite ledger copied into a database of its own once, each run's
 * ledger a copy of it (CREATE DATABASE … TEMPLATE: the server copies the files), and the raw
 * read as node-postgres gives the rows.
 */

const urlOf = (name: string) => {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin<T>(run: (c: Client) => Promise<T>): Promise<T> {
  if (!server)
    throw new Error('no server: run the benchmark under scripts/with-postgres.sh (its npm script)');
  const c = new Client({ connectionString: server });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/** Facts appended in one transaction, as an import writes them. */
const COPY_BATCH = 10_000;

/**
 * A new database holding the SQLite ledger's facts, each with its recordedAt, in its order (an
 * import through the adapter's appendMany: the PostgreSQL store numbers and seals them); its URL.
 */
export async function copyIntoPostgres(sqlitePath: string, name: string): Promise<string> {
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = urlOf(name);
  const from = new SqliteEventStore(sqlitePath, { readOnly: true });
  const to = await PostgresEventStore.open(url);
  try {
    const copy = new ImportBatches(to, COPY_BATCH, (r) =>
      r.revision === 0 ? 'no_stream' : r.revision - 1,
    );
    for await (const r of readRaw(from)) await copy.add(r);
    await copy.flush();
  } finally {
    await from.close();
    await to.close();
  }
  // The planner's statistics of the new table, as a database in service has them.
  const c = new Client({ connectionString: url });
  await c.connect();
  await c.query('VACUUM ANALYZE events').finally(() => c.end());
  return url;
}

/** A fresh copy of database `source` under `name` (dropped first if it is there); its URL. */
export async function copyOfDatabase(source: string, name: string): Promise<string> {
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name}`);
    await c.query(`CREATE DATABASE ${name} TEMPLATE ${source}`);
  });
  return urlOf(name);
}

/** Every row's data and metadata read in position order, pages of 5,000, and parsed. */
export async function rawReadPostgres(url: string): Promise<number> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const t = process.hrtime.bigint();
    let after = 0;
    let n = 0;
    for (;;) {
      const { rows } = await c.query<{ position: string; data: string; metadata: string }>({
        text: 'SELECT position, data, metadata FROM events WHERE position > $1 ORDER BY position LIMIT 5000',
        values: [after],
        rowMode: 'array',
      } as never);
      for (const row of rows as unknown as Array<[string, string, string]>) {
        JSON.parse(row[1]);
        JSON.parse(row[2]);
      }
      n += rows.length;
      if (rows.length < 5000) break;
      after = Number((rows as unknown as Array<[string]>)[rows.length - 1]![0]);
    }
    if (n === 0) throw new Error('no facts read');
    return Number(process.hrtime.bigint() - t) / 1e6;
  } finally {
    await c.end();
  }
}
