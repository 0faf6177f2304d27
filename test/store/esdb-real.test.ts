/**
 * The store contract against a REAL EventStoreDB, when ESDB_URL is set:
 *   docker compose up eventstore
 *   ESDB_URL=esdb://localhost:2113?tls=false npm test
 * This is where the guesses of the protocol fake (test/support/esdb-fake) are checked: append
 * positions, positions on stream reads, refusal of positions that are not a record's, system
 * events. Without ESDB_URL every one of these tests is reported skipped, by name: not a pass.
 */
import { firstValueFrom, take, toArray } from 'rxjs';
import { EsdbEventStore } from '../../src/store/esdb/esdb-event-store';
import { collect, facts } from '../support/events';
import { eventStoreContract } from './contract';

const url = process.env.ESDB_URL ?? '';
const at = url || '$ESDB_URL';

/** The tests run on a server, or are skipped with the reason in their name. */
function onRealServer(tests: () => void): void {
  if (url) tests();
  else describe.skip('EventStoreDB real-server contract — skipped: ESDB_URL is not set', tests);
}

onRealServer(() => {
  eventStoreContract(`esdb (real server at ${at})`, {
    densePositions: false,
    atomicMany: false,
    readsPages: false,
    open: ({ upcast }) => Promise.resolve(new EsdbEventStore(url, { upcast })),
  });

  describe(`EsdbEventStore on a real server (${at})`, () => {
    let store: EsdbEventStore;
    beforeEach(() => {
      store = new EsdbEventStore(url);
    });
    afterEach(async () => {
      await store.close();
    });

    it('reads and subscribes from a position that is not a record, and skips system events', async () => {
      const s = `esdb-real-${Date.now()}`;
      const result = await store.appendToStream(s, facts(3));
      const mine = await collect(store.readStream(s));
      expect(result.position).toBe(mine[2].position);
      const from = await collect(store.readAll({ fromPosition: mine[0].position + 1 }));
      expect(from.filter((e) => e.streamId === s).map((e) => e.revision)).toEqual([1, 2]);
      expect(from.some((e) => e.type.startsWith('$') || e.streamId.startsWith('$'))).toBe(false);
      const sub = await firstValueFrom(
        store.subscribeToAll({ fromPosition: mine[1].position - 1 }).pipe(take(2), toArray()),
      );
      expect(sub.map((e) => e.id)).toEqual([mine[1].id, mine[2].id]);
    });
  });
});
