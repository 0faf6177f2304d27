import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { catalogue } from '../../src/contexts/catalogue';
import { startService } from '../../src/cli/commands/serve';
import { PostgresEventStore } from '../../src/store/postgres/postgres-event-store';
import type { ReadAllOptions } from '../../src/store/event-store';
import { attachReadModelFile, detachReadModelFile } from '../../src/ledger/read-model-file';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import {
  clubRegistered,
  competition,
  ROSTER,
  rulebookAdopted,
  TUESDAYS,
  type Proposed,
} from '../support/nz-club';
import { freshDatabase, onPostgres } from '../support/postgres';
import { tempDir } from '../support/temp';
import { cli } from '../support/cli';

const tue = competition('tue', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(0, 4), {
  VT: ['vic', 'tia'],
  TT: ['tom', 'tim'],
});
const SETUP: Proposed[] = [clubRegistered(), rulebookAdopted(), ...ROSTER, ...tue.setup];

async function append(store: PostgresEventStore, facts: readonly Proposed[]): Promise<void> {
  const byStream = new Map<string, Proposed[]>();
  for (const f of facts) byStream.set(f.streamId, [...(byStream.get(f.streamId) ?? []), f]);
  for (const [stream, batch] of byStream)
    await store.appendToStream(
      stream,
      batch.map(({ streamId: _s, ...e }) => e),
    );
}

/**
 * A service on a PostgreSQL ledger, with its read models in `file` (or in memory only), counting
 * the facts its runner reads from the ledger.
 */
async function serveOn(url: string, file?: string) {
  const store = await PostgresEventStore.open(url, { upcast: catalogue.upcast });
  let read = 0;
  const service = await startService({
    store,
    port: 0,
    host: '127.0.0.1',
    logger: false,
    rebuildWorkers: 1,
    ...(file ? { readModels: file } : {}),
    runner: {
      read: async (o: ReadAllOptions) => {
        const page = [];
        for await (const e of store.readAll(o)) page.push(e);
        read += page.length;
        return page;
      },
    },
  });
  await service.runner.caughtUp();
  const standings = async () => {
    const r = await fetch(`${service.server.url}/competitions/tue/standings`);
    return { status: r.status, body: await r.text() };
  };
  return {
    store,
    standings,
    read: () => read,
    stop: async () => {
      await service.close();
      await store.close();
    },
  };
}

onPostgres('a PostgreSQL ledger’s read models saved in a file of the service’s own', () => {
  let url: string;
  let file: string;

  beforeAll(async () => {
    url = await freshDatabase();
    file = join(tempDir(), 'read-models.db');
    const store = await PostgresEventStore.open(url, { upcast: catalogue.upcast });
    await append(store, [...SETUP, tue.result(1, 'TT'), tue.result(1, 'VT')]);
    await store.close();
  });

  it('a restart reads none of the facts its saved read models have seen, and publishes the same standings', async () => {
    const first = await serveOn(url, file);
    const before = await first.standings();
    expect(first.read()).toBeGreaterThanOrEqual(SETUP.length + 2);
    await first.stop();

    const again = await serveOn(url, file);
    // The runner reads from its checkpoint: the fact there (skipped) and nothing else.
    expect(again.read()).toBeLessThanOrEqual(1);
    expect(await again.standings()).toEqual(before);
    await again.stop();
  });

  it('facts appended while it was stopped are read, and only they', async () => {
    const store = await PostgresEventStore.open(url, { upcast: catalogue.upcast });
    await append(store, [tue.result(2, 'TT'), tue.result(2, 'VT')]);
    await store.close();
    const again = await serveOn(url, file);
    expect(again.read()).toBeLessThanOrEqual(3);
    const fromFile = await again.standings();
    await again.stop();
    // The same bytes as a service that folds the whole ledger in memory.
    const whole = await serveOn(url);
    expect(whole.read()).toBeGreaterThan(SETUP.length);
    expect(fromFile).toEqual(await whole.standings());
    expect(fromFile.status).toBe(200);
    await whole.stop();
  });

  it('the file given to another ledger is emptied and its read models rebuilt from that ledger', async () => {
    const other = await freshDatabase();
    const otherTue = competition(
      'tue',
      'three-four-session-pairs',
      'tuesday',
      TUESDAYS.slice(4, 8),
      {
        XY: ['tia', 'tom'],
      },
    );
    const store = await PostgresEventStore.open(other, { upcast: catalogue.upcast });
    await append(store, [
      clubRegistered(),
      rulebookAdopted(),
      ...ROSTER,
      ...otherTue.setup,
      otherTue.result(1, 'XY'),
    ]);
    const { dropped } = await attachReadModelFile(store, file);
    expect(dropped).toMatch(/another ledger/);
    await detachReadModelFile(store);
    await store.close();

    const served = await serveOn(other, file);
    const { status, body } = await served.standings();
    expect({ status, body }).toEqual({ status: 200, body: expect.stringContaining('"XY"') });
    expect(body).not.toContain('"TT"');
    await served.stop();
  });

  it('a ledger restored from an older copy (without facts the file had read): emptied and rebuilt', async () => {
    const a = await freshDatabase();
    const b = await freshDatabase();
    const own = join(tempDir(), 'read-models.db');
    const early = [...SETUP, tue.result(1, 'TT')];
    const later = [tue.result(2, 'TT'), tue.result(3, 'TT')];
    const storeA = await PostgresEventStore.open(a, { upcast: catalogue.upcast });
    await append(storeA, [...early, ...later]);
    await storeA.close();
    const onA = await serveOn(a, own);
    await onA.stop();

    // B holds the same first facts (the same ids), not the later ones.
    const storeB = await PostgresEventStore.open(b, { upcast: catalogue.upcast });
    await append(storeB, early);
    const { dropped } = await attachReadModelFile(storeB, own);
    expect(dropped).toMatch(/does not have fact .* at position \d+/);
    await detachReadModelFile(storeB);
    await storeB.close();

    const onB = await serveOn(b, own);
    const whole = await serveOn(b);
    expect(await onB.standings()).toEqual(await whole.standings());
    await onB.stop();
    await whole.stop();
  });
});

describe('--read-models refused where it cannot be used', () => {
  it('with a SQLite ledger, which keeps its read models in its own file: refused, naming why', async () => {
    const store = new SqliteEventStore(join(tempDir(), 'ledger.db'));
    await expect(attachReadModelFile(store, join(tempDir(), 'rm.db'))).rejects.toThrow(
      /--read-models is for a ledger kept in PostgreSQL or EventStoreDB/,
    );
    await store.close();
  });

  it('a file that is a SQLite ledger: refused, and the ledger left as it was', async () => {
    const path = join(tempDir(), 'ledger.db');
    const ledger = new SqliteEventStore(path);
    await ledger.appendToStream('club-karori', [clubRegistered()]);
    await ledger.close();
    const store = new MemoryEventStore();
    await expect(attachReadModelFile(store, path)).rejects.toThrow(
      /is a SQLite ledger \(it has an events table\): give a file of its own/,
    );
    const db = new Database(path, { readonly: true });
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).not.toContain('projection_partitions');
    db.close();
  });

  it('a file that is not a SQLite database: refused naming it, and left as it was', async () => {
    const path = join(tempDir(), 'notes.txt');
    const text = 'not a database\n'.repeat(100);
    writeFileSync(path, text);
    await expect(attachReadModelFile(new MemoryEventStore(), path)).rejects.toThrow(
      `--read-models ${path}: file is not a database`,
    );
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it.each([['serve', '--port', '0', '--no-examples'], ['standings', 'tue'], ['rebuild']])(
    'the CLI: `%s --store sqlite:… --read-models …` exits 2 with the reason, before the ledger is opened',
    async (command, ...more) => {
      const dir = tempDir();
      const r = await cli(
        command,
        ...more,
        '--store',
        `sqlite:${join(dir, 'ledger.db')}`,
        '--read-models',
        join(dir, 'rm.db'),
      );
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/--read-models is for a ledger kept in PostgreSQL or EventStoreDB/);
      // No ledger created, no file written.
      expect(existsSync(join(dir, 'ledger.db'))).toBe(false);
      expect(existsSync(join(dir, 'rm.db'))).toBe(false);
    },
  );
});
