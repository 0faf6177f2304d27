import { catalogue } from '../../src/contexts/catalogue';
import { startService, type RunningService } from '../../src/cli/commands/serve';
import { PostgresEventStore } from '../../src/store/postgres/postgres-event-store';
import type { Proposed } from './nz-club';
import { freshDatabase } from './postgres';

/**
 * Two service instances on one new PostgreSQL ledger, as a federation runs them behind a load
 * balancer: each with its own store connection and read models. Call in a describe: it starts
 * them before the tests and stops them after.
 */
export function twoInstances() {
  let stores: PostgresEventStore[] = [];
  let services: RunningService[] = [];
  beforeAll(async () => {
    const url = await freshDatabase();
    stores = [
      await PostgresEventStore.open(url, { upcast: catalogue.upcast }),
      await PostgresEventStore.open(url, { upcast: catalogue.upcast }),
    ];
    services = await Promise.all(
      stores.map((store) => startService({ store, port: 0, host: '127.0.0.1', logger: false })),
    );
    await Promise.all(services.map((s) => s.runner.caughtUp()));
  });
  afterAll(async () => {
    for (const s of services) await s.close();
    for (const s of stores) await s.close();
  });

  const base = (i: number) => services[i]!.server.url;
  /** POSTs facts of one stream as one batch through instance `i`, at any revision unless given. */
  const post = (i: number, facts: Proposed[], expectedRevision: unknown = 'any', token?: string) =>
    fetch(`${base(i)}/streams/${facts[0]!.streamId}/events`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({
        expectedRevision,
        events: facts.map(({ streamId: _s, ...e }) => e),
      }),
    });
  /** The same, expecting 201. */
  const ok = async (res: Promise<Response>) => {
    const r = await res;
    if (r.status !== 201) throw new Error(`${r.status}: ${await r.text()}`);
  };
  return { store: (i: number) => stores[i]!, base, post, ok };
}
