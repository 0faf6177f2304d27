import { Client } from 'pg';

/** The throwaway server the PostgreSQL benchmarks run on (scripts/with-postgres.sh sets it). */
export const server = process.env.LEDGER_TEST_POSTGRES_URL ?? '';

/** A new, empty database on that server, and its URL. */
export async function freshDatabase(label: string): Promise<string> {
  if (!server)
    throw new Error('no server: run the benchmark by its npm script (scripts/with-postgres.sh)');
  const name = `bench_${label}_${Date.now()}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}
