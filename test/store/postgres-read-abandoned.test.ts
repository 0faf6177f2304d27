import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '../../src/store/postgres/postgres-event-store';
import { PAGE } from '../../src/store/postgres/rows';
import { freshDatabase, onPostgres } from '../support/postgres';

/**
 * A service stopped while a reader is part way through `$all` (the ledger directory read in the
 * background after a start): the store closes under the reader, and the page the reader had
 * asked for ahead fails. The reader, abandoned, never takes that page: its failure must not
 * reach the process as an unhandled rejection, which stops Node with an error on the way out.
 */
onPostgres('a PostgreSQL read of $all abandoned when the store closes', () => {
  it('the page asked for ahead fails quietly: no unhandled rejection', async () => {
    const url = await freshDatabase();
    const store = await PostgresEventStore.open(url);
    const facts = 3 * PAGE + 1;
    for (let i = 0; i < facts; i += 500)
      await store.appendToStream(
        'club-karori',
        Array.from({ length: Math.min(500, facts - i) }, (_, j) => ({
          id: randomUUID(),
          type: 'Noted',
          occurredAt: '2026-03-02T19:30:00+13:00',
          data: { n: i + j },
        })),
      );
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const reader = store.readAll()[Symbol.asyncIterator]();
      // Into the second page: the third is asked for ahead, while the store is open.
      for (let n = 0; n < PAGE + 1; n++) await reader.next();
      // The third page in (a reader folding the second gives it the time), then the store closed.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await store.close();
      // On to the third page: the fourth is asked for ahead of a store closed.
      let last = 0;
      while (last < 2 * PAGE + 1) {
        const { value, done } = await reader.next();
        if (done) break;
        last = value.position;
      }
      expect(last).toBe(2 * PAGE + 1);
      // The reader is dropped here, as a stopped service drops it (no return()).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
