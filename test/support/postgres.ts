import { Client } from 'pg';

/**
 * The PostgreSQL server the tests may use: `LEDGER_TEST_POSTGRES_URL`, set by
 * scripts/with-postgres.sh (which `.ci/run` runs the tests under). Without it, a test file
 * that needs the server reports its tests skipped, with the reason in their name.
 */
export const POSTGRES_URL = process.env.LEDGER_TEST_POSTGRES_URL ?? '';

/** The tests run on the server, or are skipped by name: never passed without it. */
export function onPostgres(name: string, tests: () => void): void {
  if (POSTGRES_URL) describe(name, tests);
  else
    describe.skip(
      `${name} — skipped: LEDGER_TEST_POSTGRES_URL is not set (run scripts/with-postgres.sh npm test)`,
      tests,
    );
}

let databases = 0;

/** A new, empty database on the test server, and its URL: one ledger per test file (or test). */
export async function freshDatabase(): Promise<string> {
  const name = `ledger_${process.pid}_${Date.now()}_${++databases}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `text` run on the database at `url` by a connection of its own, as an operator would. */
export async function sqlOn(url: string, text: string) {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}
