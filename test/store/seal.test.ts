import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { catalogue } from '../../src/contexts/catalogue';
import { readRaw } from '../../src/audit/raw-records';
import { verifyLog } from '../../src/audit/verify';
import type { EventStore } from '../../src/store/event-store';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { chainHash, GENESIS_HASH } from '../../src/store/seal';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { collect, fact, facts } from '../support/events';
import { tempDbPath } from '../support/temp';

/**
 * Tamper evidence: every stored event carries sha256 over the previous event's hash
 * (the genesis, 64 zeros, before the first) and the event as stored (src/store/seal.ts).
 * `verify` recomputes the chain and names the first event where it breaks; an edit of the
 * SQLite file behind the triggers' back is caught.
 */

// The log is checked as a store's; these facts are not in the catalogue, so only the chain's
// verdict is read here (the catalogue checks are verify's own, tested elsewhere).
const sealOf = async (store: EventStore) =>
  (await verifyLog(readRaw(store), catalogue, { densePositions: true, sealed: store.sealed })).seal;

/** Recomputes the chain from the stored fields, as the documented canonical form defines it. */
async function chainOf(store: EventStore): Promise<{ stored: string[]; computed: string[] }> {
  const rows = await collect(readRaw(store));
  let previous = GENESIS_HASH;
  const computed = rows.map((r) => (previous = chainHash(previous, r)));
  return { stored: rows.map((r) => r.hash ?? ''), computed };
}

describe('the canonical form, as docs/architecture.md "Tamper evidence" writes it', () => {
  const event = {
    id: '0197a000-0000-7000-8000-000000000001',
    streamId: 'club-karori',
    revision: 0,
    position: 1,
    type: 'ClubRegistered',
    schemaVersion: 1,
    occurredAt: '2026-01-06T09:00:00+13:00',
    recordedAt: '2026-01-06T00:00:00.000Z',
    data: '{"clubId":"karori"}',
    metadata: '{}',
  };

  it('hash = sha256 hex of the previous hash, a newline, the JSON array of the envelope fields (importedAt null when absent), data and metadata, newline-separated', () => {
    const bytes =
      GENESIS_HASH +
      '\n' +
      '["0197a000-0000-7000-8000-000000000001","club-karori",0,1,"ClubRegistered",1,"2026-01-06T09:00:00+13:00","2026-01-06T00:00:00.000Z",null]' +
      '\n{"clubId":"karori"}\n{}';
    expect(GENESIS_HASH).toBe('0'.repeat(64));
    expect(chainHash(GENESIS_HASH, event)).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('data and metadata count in their JSON normal form: whitespace does not change the hash, a value does', () => {
    const spaced = { ...event, data: '{ "clubId" : "karori" }' };
    expect(chainHash(GENESIS_HASH, spaced, true)).toBe(chainHash(GENESIS_HASH, event));
    const other = { ...event, data: '{"clubId":"kelburn"}' };
    expect(chainHash(GENESIS_HASH, other, true)).not.toBe(chainHash(GENESIS_HASH, event));
  });

  it('every envelope field is covered, importedAt included', () => {
    const base = chainHash(GENESIS_HASH, event);
    for (const changed of [
      { revision: 1 },
      { position: 2 },
      { streamId: 'club-other' },
      { type: 'RulebookAdopted' },
      { schemaVersion: 2 },
      { occurredAt: '2026-01-06T09:00:01+13:00' },
      { recordedAt: '2026-01-06T00:00:00.001Z' },
      { importedAt: '2026-02-01T00:00:00.000Z' },
      { metadata: '{"actor":"x"}' },
    ])
      expect(chainHash(GENESIS_HASH, { ...event, ...changed })).not.toBe(base);
    expect(chainHash('f'.repeat(64), event)).not.toBe(base);
  });
});

describe.each([
  ['memory', () => new MemoryEventStore()],
  ['SQLite', () => new SqliteEventStore(tempDbPath())],
])('the %s store chains every appended event to the one before it', (_name, open) => {
  it('stores, with each event, sha256 over the previous hash (the genesis first) and the event as stored', async () => {
    const store = open();
    try {
      await store.appendToStream('s-1', facts(3));
      await store.appendToStream('s-2', facts(2), {
        recordedAt: ['2025-01-01T00:00:00Z', undefined],
      });
      await store.appendMany!([
        { streamId: 's-1', events: facts(2) },
        { streamId: 's-3', events: facts(1) },
      ]);
      const { stored, computed } = await chainOf(store);
      expect(stored).toHaveLength(8);
      expect(stored).toEqual(computed);
      expect(new Set(stored).size).toBe(8);
      expect(store.sealed).toBe(true);
      expect(await sealOf(store)).toMatchObject({
        kept: true,
        breaks: 0,
        head: { position: 8, hash: stored[7] },
      });
    } finally {
      await store.close();
    }
  });

  it('a refused batch writes no hash: the next append chains from the last stored event', async () => {
    const store = open();
    try {
      await store.appendToStream('s-1', facts(2));
      await expect(
        store.appendToStream('s-1', facts(1), { expectedRevision: 7 }),
      ).rejects.toThrow();
      await expect(
        store.appendMany!([
          { streamId: 's-2', events: facts(1) },
          { streamId: 's-1', events: facts(1), expectedRevision: 'no_stream' },
        ]),
      ).rejects.toThrow();
      await store.appendToStream('s-1', [fact()]);
      const { stored, computed } = await chainOf(store);
      expect(stored).toHaveLength(3);
      expect(stored).toEqual(computed);
    } finally {
      await store.close();
    }
  });

  it('the folding reads give events without the hash (it is no part of the fact)', async () => {
    const store = open();
    try {
      await store.appendToStream('s-1', facts(1));
      const [e] = await collect(store.readAll());
      expect('hash' in e).toBe(false);
      const [s] = await collect(store.readStream('s-1'));
      expect('hash' in s).toBe(false);
    } finally {
      await store.close();
    }
  });
});

describe('SQLite keeps one chain across processes writing one file', () => {
  it('two stores on one file appending in turn: each re-reads the head hash inside its write transaction', async () => {
    const path = tempDbPath();
    const a = new SqliteEventStore(path);
    const b = new SqliteEventStore(path);
    try {
      for (let i = 0; i < 5; i++) {
        await a.appendToStream('a', [fact()]);
        await b.appendToStream('b', facts(2));
      }
      const { stored, computed } = await chainOf(a);
      expect(stored).toHaveLength(15);
      expect(stored).toEqual(computed);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('the folding reads (forwards, backwards, all) never select the hash column; export and verify do', () => {
    const store = new SqliteEventStore(tempDbPath());
    try {
      const stmt = (store as unknown as { stmt: Record<string, { source: string } | undefined> })
        .stmt;
      for (const read of ['forwards', 'backwards', 'all'])
        expect(stmt[read]!.source).not.toMatch(/\bhash\b/);
      expect(stmt.stored!.source).toMatch(/\bhash\b/);
    } finally {
      void store.close();
    }
  });
});

/** A sealed SQLite ledger of `n` events over two streams, closed; the file's path. */
async function sealedFile(n = 6): Promise<{ path: string; hashes: string[]; ids: string[] }> {
  const path = tempDbPath();
  const store = new SqliteEventStore(path);
  for (let i = 0; i < n; i++) await store.appendToStream(i % 2 ? 'odd' : 'even', [fact()]);
  const rows = await collect(readRaw(store));
  await store.close();
  return { path, hashes: rows.map((r) => r.hash!), ids: rows.map((r) => r.id) };
}

/** Runs SQL on the file with better-sqlite3 directly, the triggers dropped and put back. */
function behindTheTriggersBack(path: string, sql: string) {
  const db = new Database(path);
  try {
    const triggers = db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'")
      .pluck()
      .all() as string[];
    expect(triggers).toHaveLength(2);
    db.exec('DROP TRIGGER events_refuse_update; DROP TRIGGER events_refuse_delete;');
    db.exec(sql);
    for (const t of triggers) db.exec(t);
  } finally {
    db.close();
  }
}

async function verifyFile(path: string) {
  const store = new SqliteEventStore(path, { readOnly: true });
  try {
    return await verifyLog(readRaw(store), catalogue, {
      densePositions: true,
      sealed: store.sealed,
    });
  } finally {
    await store.close();
  }
}

describe('verify catches an edit of the SQLite file behind the triggers’ back', () => {
  it('the chain of an untouched file holds, and verify gives its head hash to write down', async () => {
    const { path, hashes } = await sealedFile();
    const { seal } = await verifyFile(path);
    expect(seal).toEqual({ kept: true, head: { position: 6, hash: hashes[5] }, breaks: 0 });
  });

  it('an event’s JSON rewritten with the same value in another layout (spaces): still its stored hash, the chain holds (the normal form is hashed when the text as stored does not match)', async () => {
    const { path, hashes } = await sealedFile();
    behindTheTriggersBack(
      path,
      `UPDATE events SET data = replace(data, ':', ' : ') WHERE position = 3`,
    );
    const db = new Database(path, { readonly: true });
    const text = db.prepare('SELECT data FROM events WHERE position = 3').pluck().get() as string;
    db.close();
    expect(text).toContain(' : ');
    const report = await verifyFile(path);
    expect(report.problems.filter((p) => p.check === 'chain')).toEqual([]);
    expect(report.seal).toEqual({ kept: true, head: { position: 6, hash: hashes[5] }, breaks: 0 });
  });

  it('an UPDATE of one event’s data (triggers dropped, then recreated): the first break is that event, with its position, id, expected and stored hash', async () => {
    const { path, hashes, ids } = await sealedFile();
    behindTheTriggersBack(
      path,
      `UPDATE events SET data = json_set(data, '$.n', 999) WHERE position = 3`,
    );
    const report = await verifyFile(path);
    expect(report.ok).toBe(false);
    expect(report.seal.firstBreak).toEqual({
      position: 3,
      id: ids[2],
      expected: expect.stringMatching(/^[0-9a-f]{64}$/),
      stored: hashes[2],
    });
    expect(report.seal.firstBreak!.expected).not.toBe(hashes[2]);
    // Checked from each stored hash on, only the edited event breaks.
    expect(report.seal.breaks).toBe(1);
    expect(report.problems.filter((p) => p.check === 'chain').map((p) => p.position)).toEqual([3]);
  });

  it('an edit that rewrites the edited event’s hash too breaks the chain at the next event', async () => {
    const { path, ids } = await sealedFile();
    const store = new SqliteEventStore(path, { readOnly: true });
    const rows = await collect(readRaw(store));
    await store.close();
    const edited = { ...rows[2], data: JSON.stringify({ ...JSON.parse(rows[2].data), n: 999 }) };
    const forged = chainHash(rows[1].hash!, edited);
    behindTheTriggersBack(
      path,
      `UPDATE events SET data = '${edited.data}', hash = '${forged}' WHERE position = 3`,
    );
    const { seal } = await verifyFile(path);
    expect(seal.firstBreak).toMatchObject({ position: 4, id: ids[3] });
  });

  it('a deleted row (a gap): the break is named at the event after it, as is the gap', async () => {
    const { path, ids } = await sealedFile();
    behindTheTriggersBack(path, 'DELETE FROM events WHERE position = 4');
    const report = await verifyFile(path);
    expect(report.seal.firstBreak).toMatchObject({ position: 5, id: ids[4] });
    expect(report.problems.map((p) => p.check)).toEqual(
      expect.arrayContaining(['chain', 'position']),
    );
  });

  it('a re-ordered chain (two events’ rows swapped, hashes and all): the break is at the first moved', async () => {
    const { path, ids } = await sealedFile();
    behindTheTriggersBack(
      path,
      `UPDATE events SET position = -2 WHERE position = 2;
       UPDATE events SET position = 2 WHERE position = 4;
       UPDATE events SET position = 4 WHERE position = -2;`,
    );
    const { seal } = await verifyFile(path);
    expect(seal.firstBreak).toMatchObject({ position: 2, id: ids[3] });
  });

  it('a hash set to NULL is a break (no hash stored)', async () => {
    const { path, ids } = await sealedFile();
    behindTheTriggersBack(path, 'UPDATE events SET hash = NULL WHERE position = 6');
    const { seal } = await verifyFile(path);
    expect(seal.firstBreak).toMatchObject({ position: 6, id: ids[5], stored: null });
  });

  it('the limit: a rewrite of the whole chain from an event on verifies, and only the head hash written down before tells', async () => {
    const { path, hashes } = await sealedFile();
    const store = new SqliteEventStore(path, { readOnly: true });
    const rows = await collect(readRaw(store));
    await store.close();
    let previous = rows[1].hash!;
    const sql = rows.slice(2).map((r, i) => {
      const data = i === 0 ? JSON.stringify({ ...JSON.parse(r.data), n: 999 }) : r.data;
      previous = chainHash(previous, { ...r, data });
      return `UPDATE events SET data = '${data}', hash = '${previous}' WHERE position = ${r.position};`;
    });
    behindTheTriggersBack(path, sql.join('\n'));
    const { seal } = await verifyFile(path);
    expect(seal.breaks).toBe(0);
    expect(seal.head.hash).not.toBe(hashes[5]);
  });
});
