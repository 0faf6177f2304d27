/**
 * The EventStoreDB adapter against the PROTOCOL FAKE (test/support/esdb-fake): the real
 * client, speaking gRPC to an in-process server. This proves our use of the client, not
 * EventStoreDB's behaviour; esdb-real.test.ts runs the same contract against a real server.
 */
import { EventStoreDBClient, jsonEvent } from '@eventstore/db-client';
import { status } from '@grpc/grpc-js';
import { createServer, type AddressInfo } from 'node:net';
import { firstValueFrom, take, toArray } from 'rxjs';
import { StreamNotFoundError, WrongExpectedVersionError } from '../../src/store/errors';
import { EsdbEventStore } from '../../src/store/esdb/esdb-event-store';
import { StoreUnavailableError } from '../../src/store/store-unavailable-error';
import {
  startEsdbProtocolFake,
  type EsdbProtocolFake,
} from '../support/esdb-fake/esdb-protocol-fake';
import { collect, fact, facts } from '../support/events';
import { eventStoreContract } from './contract';

let fake: EsdbProtocolFake;
beforeAll(async () => {
  fake = await startEsdbProtocolFake();
});
afterAll(async () => {
  await fake.close();
});

eventStoreContract('esdb via protocol fake', {
  densePositions: false,
  atomicMany: false,
  readsPages: false,
  open: ({ upcast }) => Promise.resolve(new EsdbEventStore(fake.url, { upcast })),
});

/** A port on 127.0.0.1 where nothing listens (bound, then released). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('EsdbEventStore (against the protocol fake, not a real EventStoreDB)', () => {
  let store: EsdbEventStore;
  let seq = 0;
  const stream = (p = 'esdb') => `${p}-${Date.now()}-${++seq}`;
  beforeEach(() => {
    store = new EsdbEventStore(fake.url);
  });
  afterEach(async () => {
    await store.close();
  });

  it('stores the envelope in the ESDB event: id, type, JSON data, and metadata with schemaVersion and occurredAt', async () => {
    const s = stream();
    const e = fact('SessionScored', { session: 1 }, { schemaVersion: 3 });
    e.metadata = { ...e.metadata, correlationId: 'c-1', occurredAt: 'a key of the writer' };
    await store.appendToStream(s, [e]);
    const stored = fake.events.find((x) => x.id === e.id)!;
    expect(stored).toMatchObject({
      stream: s,
      type: 'SessionScored',
      contentType: 'application/json',
    });
    expect(JSON.parse(Buffer.from(stored.data).toString())).toEqual(e.data);
    expect(JSON.parse(Buffer.from(stored.customMetadata).toString())).toEqual({
      schemaVersion: 3,
      occurredAt: e.occurredAt,
      metadata: e.metadata,
      $correlationId: 'c-1',
    });
    const [read] = await collect(store.readStream(s));
    expect(read.metadata).toEqual(e.metadata);
    expect(read.occurredAt).toBe(e.occurredAt);
    expect(read.schemaVersion).toBe(3);
  });

  it('maps the client WrongExpectedVersionError to ours, with the actual revision', async () => {
    const s = stream();
    await store.appendToStream(s, facts(3));
    const err = await store
      .appendToStream(s, facts(1), { expectedRevision: 0 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WrongExpectedVersionError);
    expect(err).toMatchObject({ streamId: s, expectedRevision: 0, actualRevision: 2 });
  });

  it('maps the client StreamNotFoundError to ours', async () => {
    const err = await collect(store.readStream(stream('missing'))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StreamNotFoundError);
  });

  it('positions are commit positions: increasing, not dense', async () => {
    const s = stream();
    await store.appendToStream(s, facts(3));
    const positions = (await collect(store.readStream(s))).map((e) => e.position);
    expect(positions[1] - positions[0]).toBeGreaterThan(1);
    expect(positions[2]).toBeGreaterThan(positions[1]);
  });

  it('reads $all from a position that is not a record (the server refuses it; we locate one)', async () => {
    const s = stream();
    await store.appendToStream(s, facts(3));
    const mine = (await collect(store.readAll())).filter((e) => e.streamId === s);
    const between = await collect(store.readAll({ fromPosition: mine[0].position + 1 }));
    expect(between.filter((e) => e.streamId === s).map((e) => e.revision)).toEqual([1, 2]);
    const sub = await firstValueFrom(
      store.subscribeToAll({ fromPosition: mine[1].position - 1 }).pipe(take(2), toArray()),
    );
    expect(sub.map((e) => e.revision)).toEqual([1, 2]);
  });

  describe('system events', () => {
    let raw: EventStoreDBClient;
    beforeAll(() => {
      raw = EventStoreDBClient.connectionString(fake.url);
    });
    afterAll(async () => {
      await raw.dispose();
    });

    it('are never read from $all, counted by headPosition, or delivered to subscribers', async () => {
      const s = stream();
      const before = await store.headPosition();
      await store.appendToStream(s, facts(1));
      const head = await store.headPosition();
      await raw.appendToStream(
        '$stats-127.0.0.1:2113',
        jsonEvent({ type: '$statsCollected', data: {} }),
      );
      await raw.appendToStream('ledger-ish', jsonEvent({ type: '$metadata', data: {} }));
      await store.appendToStream(s, facts(1));
      const all = await collect(store.readAll({ fromPosition: head }));
      expect(all.map((e) => e.streamId)).toEqual([s, s]);
      expect(fake.events.some((e) => e.stream === '$settings')).toBe(true);
      const live = firstValueFrom(
        store.subscribeToAll({ fromPosition: before }).pipe(take(3), toArray()),
      );
      await raw.appendToStream('$stats-x', jsonEvent({ type: '$statsCollected', data: {} }));
      await store.appendToStream(s, facts(1));
      expect((await live).map((e) => `${e.streamId}:${e.revision}`)).toEqual([
        `${s}:0`,
        `${s}:1`,
        `${s}:2`,
      ]);
      expect(await store.headPosition()).toBe(
        (await collect(store.readStream(s))).at(-1)!.position,
      );
    });
  });

  it('unsubscribing stops the subscription on the server', async () => {
    const sub = store.subscribeToAll().subscribe();
    await new Promise((r) => setTimeout(r, 50));
    sub.unsubscribe();
    await new Promise((r) => setTimeout(r, 50));
    const received: unknown[] = [];
    const again = store
      .subscribeToAll({ fromPosition: await store.headPosition() })
      .subscribe((e) => received.push(e));
    again.unsubscribe();
    await store.appendToStream(stream(), facts(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(received).toEqual([]);
  });

  it('a server error that is not about the data passes through unchanged', async () => {
    fake.failNext('append', status.PERMISSION_DENIED);
    const err = await store.appendToStream(stream(), facts(1)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(StoreUnavailableError);
  });

  it('a server that becomes unavailable mid-read is a StoreUnavailableError', async () => {
    fake.failNext('read', status.UNAVAILABLE);
    const err = await collect(store.readAll()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
  });
});

describe('EsdbEventStore with nothing listening', () => {
  let store: EsdbEventStore;
  let url: string;
  beforeAll(async () => {
    url = `esdb://127.0.0.1:${await deadPort()}?tls=false`;
  });
  beforeEach(() => {
    store = new EsdbEventStore(url);
  });
  afterEach(async () => {
    await store.close();
  });

  it('append rejects with StoreUnavailableError naming the URL (the client gives a plain "14 UNAVAILABLE")', async () => {
    const err = await store.appendToStream('club-1', facts(1)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
    expect((err as StoreUnavailableError).code).toBe('STORE_UNAVAILABLE');
    expect((err as Error).message).toContain(url);
  });

  it('reads, headPosition and subscriptions reject with StoreUnavailableError too', async () => {
    await expect(collect(store.readStream('club-1'))).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(collect(store.readAll())).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.headPosition()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(firstValueFrom(store.subscribeToAll({ fromPosition: 5 }))).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await expect(firstValueFrom(store.subscribeToAll())).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
  });

  it('validation still comes first: an invalid batch is refused without touching the network', async () => {
    const err = await store
      .appendToStream('club-1', [{ ...fact(), id: 'x' }])
      .catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(StoreUnavailableError);
    expect((err as Error).constructor.name).toBe('InvalidEventError');
  });
});

describe('EsdbEventStore when the server does not offer BatchAppend (client falls back to Append; protocol fake)', () => {
  let oldServer: EsdbProtocolFake;
  let store: EsdbEventStore;
  beforeAll(async () => {
    oldServer = await startEsdbProtocolFake({ batchAppend: false });
  });
  afterAll(async () => {
    await store.close();
    await oldServer.close();
  });

  it('appends, refuses a wrong expected revision with the actual one, and retries idempotently', async () => {
    store = new EsdbEventStore(oldServer.url);
    const batch = facts(2);
    const first = await store.appendToStream('club-1', batch, { expectedRevision: 'no_stream' });
    expect(first.nextExpectedRevision).toBe(1);
    await expect(
      store.appendToStream('club-1', batch, { expectedRevision: 'no_stream' }),
    ).resolves.toEqual(first);
    const err = await store
      .appendToStream('club-1', facts(1), { expectedRevision: 'no_stream' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WrongExpectedVersionError);
    expect((err as WrongExpectedVersionError).actualRevision).toBe(1);
    const missing = await store
      .appendToStream('club-2', facts(1), { expectedRevision: 'stream_exists' })
      .catch((e: unknown) => e);
    expect((missing as WrongExpectedVersionError).actualRevision).toBe('no_stream');
    expect(await store.headPosition()).toBe(first.position);
  });
});

describe('EsdbEventStore.close (protocol fake)', () => {
  it('completes open subscriptions', async () => {
    const store = new EsdbEventStore(fake.url);
    const done = new Promise<string>((resolve, reject) =>
      store.subscribeToAll().subscribe({ complete: () => resolve('completed'), error: reject }),
    );
    await new Promise((r) => setTimeout(r, 50));
    await store.close();
    await expect(done).resolves.toBe('completed');
  });
});
