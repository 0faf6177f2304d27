/**
 * The examples `serve` loads into an empty store are written as one.
 * A load that fails after the first batch leaves the store empty (one transaction), so the next
 * start loads them all; on EventStoreDB (no multi-stream transaction) a store holding only some
 * example facts is completed, not left half-loaded for ever.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import { planAppend } from '../../src/ledger/append-file';
import { examplesDir, loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { StoreBusyError } from '../../src/store/errors';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { FailingStore } from './spy-stores';

const busy = () => new StoreBusyError('sqlite:ledger.db', 5000);

describe('loading the examples', () => {
  it('a store whose write fails after the first file holds nothing of them; the next start loads them all', async () => {
    const dir = examplesDir()!;
    const first = readdirSync(dir)
      .filter((f) => f.endsWith('.ndjson'))
      .sort()[0]!;
    // The store takes the first file's batches and one more, then is busy.
    const okBatches = (await planAppend(join(dir, first), catalogue)).length + 1;
    const inner = new MemoryEventStore({ upcast: catalogue.upcast });
    const store = new FailingStore(inner, { okBatches, fault: busy, transactions: true });
    const error = await loadExamplesIfEmpty(store).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreBusyError);
    expect((error as Error).message).toMatch(/nothing was written/);
    expect(await inner.headPosition()).toBe(0);
    const loaded = await loadExamplesIfEmpty(inner);
    // The NDJSON files, then each example club's result file (`<clubId>--<name>.pbn`).
    expect(loaded!.files).toEqual([
      ...readdirSync(dir)
        .filter((f) => f.endsWith('.ndjson'))
        .sort(),
      ...readdirSync(dir)
        .filter((f) => f.endsWith('.pbn'))
        .sort(),
    ]);
    expect(await inner.headPosition()).toBe(loaded!.events);
    expect(loaded!.events).toBeGreaterThan(400);
  });

  it('EventStoreDB-shaped: the error says how many were written; a store holding only some example facts is completed', async () => {
    const inner = new MemoryEventStore({ upcast: catalogue.upcast });
    const store = new FailingStore(inner, { okBatches: 1, fault: busy, transactions: false });
    const error = await loadExamplesIfEmpty(store).catch((e: unknown) => e);
    const head = await inner.headPosition();
    expect(head).toBeGreaterThan(0);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^${head} of the \\d+ example facts written, then: .*start again to load the rest`,
      ),
    );
    const loaded = await loadExamplesIfEmpty(inner);
    expect(loaded!.events).toBe((await inner.headPosition()) - head);
    expect(await loadExamplesIfEmpty(inner)).toBeUndefined();
  });

  /** A store holding one fact of its own: a club's registration. */
  const storeOfItsOwn = async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    await store.appendToStream('club-own', [
      {
        id: '01900000-0000-7000-8000-000000000001',
        type: 'ClubRegistered',
        occurredAt: '2026-01-01T00:00:00Z',
        data: { clubId: 'own', name: 'Own', timeZone: 'Pacific/Auckland' },
      },
    ]);
    return store;
  };

  it('a store holding a fact of its own is left alone', async () => {
    const inner = await storeOfItsOwn();
    expect(await loadExamplesIfEmpty(inner)).toBeUndefined();
    expect(await inner.headPosition()).toBe(1);
  });

  it('a store of other facts is told before the examples are read: even broken ones are not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'examples-'));
    writeFileSync(join(dir, 'broken.ndjson'), '{"streamId":"club-x","id":"not an id"}\n');
    const own = await storeOfItsOwn();
    expect(await loadExamplesIfEmpty(own, dir)).toBeUndefined();
    expect(await own.headPosition()).toBe(1);
    // An empty store reads them, and refuses the broken file, writing nothing.
    const empty = new MemoryEventStore({ upcast: catalogue.upcast });
    await expect(loadExamplesIfEmpty(empty, dir)).rejects.toThrow(
      /problem\(s\); nothing was appended/,
    );
    expect(await empty.headPosition()).toBe(0);
  });
});
