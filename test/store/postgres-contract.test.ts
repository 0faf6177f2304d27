import { PostgresEventStore } from '../../src/store/postgres/postgres-event-store';
import { eventStoreContract } from './contract';
import { freshDatabase, onPostgres } from '../support/postgres';

/**
 * The store contract against a real PostgreSQL server (scripts/with-postgres.sh starts a
 * throwaway one): concurrency, idempotency by id, batches all or nothing, `$all` order,
 * subscriptions, immutability. One database for the file, as one SQLite file is for one store.
 */
onPostgres('PostgreSQL store', () => {
  let url: string;
  beforeAll(async () => {
    url = await freshDatabase();
  });

  eventStoreContract('postgres (real server)', {
    densePositions: true,
    atomicMany: true,
    readsPages: false,
    open: ({ upcast, clock }) =>
      PostgresEventStore.open(url, { ...(upcast ? { upcast } : {}), ...(clock ? { clock } : {}) }),
  });
});
