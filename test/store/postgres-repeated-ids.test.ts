import { Pool } from 'pg';
import { catalogue } from '../../src/contexts/catalogue';
import { verifyStore } from '../../src/audit/verify-parallel';
import { PostgresEventStore } from '../../src/store/postgres/postgres-event-store';
import { idsUniqueByIndex } from '../../src/store/postgres/repeated-ids';
import { facts } from '../support/events';
import { freshDatabase, onPostgres, sqlOn } from '../support/postgres';

/**
 * `verify` of a PostgreSQL ledger asks the store for ids stored twice (LEDGER: an event's id is
 * unique). Its schema's UNIQUE index on `id` refuses a repeat on every write, so the answer is
 * known; a table whose index was dropped outside the ledger has its ids grouped and counted.
 */
onPostgres('PostgreSQL store: ids stored twice', () => {
  /** A ledger of six events over two streams, open; its URL and ids in order. */
  async function ledger() {
    const url = await freshDatabase();
    const store = await PostgresEventStore.open(url);
    await store.appendToStream('even', facts(3));
    await store.appendToStream('odd', facts(3));
    const { rows } = await sqlOn(url, 'SELECT id FROM events ORDER BY position');
    return { url, store, ids: rows.map((r: { id: string }) => r.id) };
  }

  /** `uniqueness` in place of the schema's UNIQUE on id, then `edit`, the triggers off. */
  const behindTheLedgersBack = (url: string, uniqueness: string, edit: string) =>
    sqlOn(
      url,
      `ALTER TABLE events DROP CONSTRAINT events_id_key;
       ${uniqueness}
       ALTER TABLE events DISABLE TRIGGER events_refuse_change;
       ${edit}
       ALTER TABLE events ENABLE TRIGGER events_refuse_change;`,
    );

  const uniqueByIndex = async (url: string) => {
    const pool = new Pool({ connectionString: url });
    try {
      return await idsUniqueByIndex(pool);
    } finally {
      await pool.end();
    }
  };

  const idProblems = async (store: PostgresEventStore, url: string) =>
    (await verifyStore(store, catalogue, { url, workers: 1 })).problems.filter(
      (p) => p.check === 'id',
    );

  it('the ledger’s own UNIQUE index on id: none repeated, and verify names none', async () => {
    const { url, store } = await ledger();
    try {
      expect(await uniqueByIndex(url)).toBe(true);
      await expect(store.repeatedIds(10)).resolves.toEqual([]);
      expect(await idProblems(store, url)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('the index dropped and one id given to a later event: that id named at the later position', async () => {
    const { url, store, ids } = await ledger();
    try {
      await behindTheLedgersBack(url, '', `UPDATE events SET id = '${ids[1]}' WHERE position = 5;`);
      expect(await uniqueByIndex(url)).toBe(false);
      await expect(store.repeatedIds(10)).resolves.toEqual([{ id: ids[1], positions: [2, 5] }]);
      expect(await idProblems(store, url)).toEqual([
        { position: 5, check: 'id', message: `id ${ids[1]} repeated` },
      ]);
    } finally {
      await store.close();
    }
  });

  it('a unique index over (id, stream_id), or a partial one on id, keeps nothing unique: the repeats are counted', async () => {
    for (const uniqueness of [
      'CREATE UNIQUE INDEX events_id_stream ON events (id, stream_id);',
      'CREATE UNIQUE INDEX events_id_early ON events (id) WHERE position < 3;',
    ]) {
      const { url, store, ids } = await ledger();
      try {
        // Position 4 is in stream odd, position 1 in even: allowed by either index.
        await behindTheLedgersBack(
          url,
          uniqueness,
          `UPDATE events SET id = '${ids[0]}' WHERE position = 4;`,
        );
        expect(await uniqueByIndex(url)).toBe(false);
        expect(await idProblems(store, url)).toEqual([
          { position: 4, check: 'id', message: `id ${ids[0]} repeated` },
        ]);
      } finally {
        await store.close();
      }
    }
  });
});
