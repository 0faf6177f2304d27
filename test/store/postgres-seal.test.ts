import { Client } from 'pg';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appendBatches } from '../../src/ledger/append-file';
import { planAppend } from '../../src/ledger/append-plan';
import { tempDir } from '../support/temp';
import { catalogue } from '../../src/contexts/catalogue';
import { readRaw } from '../../src/audit/raw-records';
import { verifyLog } from '../../src/audit/verify';
import { PostgresEventStore } from '../../src/store/postgres/postgres-event-store';
import { chainHash, GENESIS_HASH } from '../../src/store/seal';
import { openStore } from '../../src/store/open-store';
import { collect, facts } from '../support/events';
import { freshDatabase, onPostgres, sqlOn } from '../support/postgres';

/**
 * Tamper evidence on PostgreSQL: each event's hash chained to the one before, written in the
 * append's transaction (src/store/seal.ts); no UPDATE, DELETE or TRUNCATE of an event through
 * SQL; and `verify` names the first event an edit behind the triggers' back breaks.
 */
onPostgres('PostgreSQL store: the seal and immutability', () => {
  let url: string;
  let store: PostgresEventStore;
  beforeAll(async () => {
    url = await freshDatabase();
    store = await PostgresEventStore.open(url);
    await store.appendToStream('s-1', facts(3));
    await store.appendToStream('s-2', facts(2), {
      recordedAt: ['2025-01-01T00:00:00Z', undefined],
    });
    await store.appendMany([
      { streamId: 's-1', events: facts(2) },
      { streamId: 's-3', events: facts(1) },
    ]);
  });
  afterAll(() => store?.close());

  const sql = (text: string) => sqlOn(url, text);
  const verify = async () =>
    (await verifyLog(readRaw(store), catalogue, { densePositions: true, sealed: true })).seal;

  it('stores with each event sha256 over the previous hash (the genesis first) and the event as stored', async () => {
    const rows = await collect(readRaw(store));
    let previous = GENESIS_HASH;
    expect(rows.map((r) => r.hash)).toEqual(rows.map((r) => (previous = chainHash(previous, r))));
    expect(rows).toHaveLength(8);
    expect(await verify()).toMatchObject({ kept: true, breaks: 0, head: { position: 8 } });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of events, naming the rule', async () => {
    await expect(sql("UPDATE events SET type = 'Forged' WHERE position = 1")).rejects.toThrow(
      'events are immutable: no update',
    );
    await expect(sql('DELETE FROM events WHERE position = 1')).rejects.toThrow(
      'events are immutable: no delete',
    );
    await expect(sql('TRUNCATE events')).rejects.toThrow('events are immutable: no truncate');
  });

  it('an edit behind the triggers’ back (a superuser disables them): verify names the event it breaks', async () => {
    await sql(`ALTER TABLE events DISABLE TRIGGER events_refuse_change;
      UPDATE events SET data = '{"n":999}' WHERE position = 3;
      ALTER TABLE events ENABLE TRIGGER events_refuse_change;`);
    const seal = await verify();
    expect(seal.breaks).toBe(1);
    expect(seal.firstBreak).toMatchObject({ position: 3 });
  });

  it('opened by URL (--store postgres://…), read-only: reads serve, appends are refused', async () => {
    const ro = await openStore(url, { readOnly: true });
    try {
      expect(await ro.headPosition()).toBe(8);
      await expect(ro.appendToStream('s-9', facts(1))).rejects.toMatchObject({
        code: 'READ_ONLY_LEDGER',
      });
    } finally {
      await ro.close();
    }
  });

  it('bad input: a database with no ledger opened read-only is refused, saying so; nothing is created', async () => {
    const empty = await freshDatabase();
    await expect(openStore(empty, { readOnly: true })).rejects.toThrow(/holds no ledger/);
    const c = new Client({ connectionString: empty });
    await c.connect();
    const { rows } = await c.query("SELECT to_regclass('events') IS NULL AS none");
    await c.end();
    expect(rows[0].none).toBe(true);
  });

  it('a club’s decision lock excludes the same club on another instance, not another club, and dies with its holder', async () => {
    const other = await PostgresEventStore.open(url);
    try {
      const release = await store.lock('club:karori');
      // Another club's decisions go on; the ledger-wide lock waits for every club's.
      await (
        await other.lock('club:lindfield')
      )();
      let got = false;
      const waiting = other.lock('club:karori').then((r) => {
        got = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(got).toBe(false);
      // The holder dies (its connection ends, as when its process is killed): the lock is free.
      // The club's lock (the two-key form, objsubid 2) is held by the holder alone.
      await sql(
        "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND granted",
      );
      const next = await waiting;
      expect(got).toBe(true);
      await next();
      await release().catch(() => undefined);
    } finally {
      await other.close();
    }
  });

  it('a file appended (bridge-ledger append, an import) waits for a club’s decision under way on another instance, then is written', async () => {
    const other = await PostgresEventStore.open(url, { upcast: catalogue.upcast });
    const ledger = await PostgresEventStore.open(url, { upcast: catalogue.upcast });
    try {
      const file = join(tempDir(), 'club.ndjson');
      writeFileSync(
        file,
        JSON.stringify({
          streamId: 'club-filed',
          id: '0197a000-0000-7000-8000-0000000000f1',
          type: 'ClubRegistered',
          occurredAt: '2026-03-02T19:30:00+13:00',
          data: { clubId: 'filed', name: 'Filed Bridge Club', timeZone: 'Pacific/Auckland' },
        }) + '\n',
      );
      const planned = await planAppend(file, catalogue);
      const release = await other.lock('club:karori');
      let written = false;
      const appending = appendBatches(ledger, planned).then((summary) => {
        written = true;
        return summary;
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(written).toBe(false);
      await release();
      expect((await appending).events).toBe(1);
    } finally {
      await other.close();
      await ledger.close();
    }
  });

  it('bad input: nothing listening at the URL is StoreUnavailable, naming the server', async () => {
    await expect(
      openStore('postgres://ledger@127.0.0.1:1/none?connect_timeout=2'),
    ).rejects.toMatchObject({
      code: 'STORE_UNAVAILABLE',
      message: /PostgreSQL at .* is unavailable/,
    });
  });
});
