import { firstValueFrom, filter, take, toArray } from 'rxjs';
import type { RecordedEvent } from '../../src/kernel/envelope';
import { WrongExpectedVersionError } from '../../src/store/errors';
import { PostgresEventStore } from '../../src/store/postgres/postgres-event-store';
import { facts } from '../support/events';
import { freshDatabase, onPostgres } from '../support/postgres';

/**
 * Nothing skipped by a reader: a catch-up reader that has passed position n never finds an
 * n − 1 committed after it (the bug of a sequence handing out positions that transactions then
 * commit out of order). 16 writers over two store instances (two connection pools, as two
 * service instances have) append 100,000 events, some of their appends refused (a stale
 * expected revision rolls back); one subscriber reads `$all` from position 0 while they write.
 */
const WRITERS = 16;
const EVENTS = 100_000;
const BATCH = 25;

onPostgres('PostgreSQL store: every committed event seen once, in order', () => {
  let a: PostgresEventStore;
  let b: PostgresEventStore;
  beforeAll(async () => {
    const url = await freshDatabase();
    a = await PostgresEventStore.open(url, { poolSize: 8 });
    b = await PostgresEventStore.open(url, { poolSize: 8 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it(`${WRITERS} writers on two instances, ${EVENTS} events: the subscriber from 0 sees each committed event exactly once, positions 1 … N in order`, async () => {
    // Subscribed before the first append, on the instance that writes half the batches.
    const seen = firstValueFrom(
      b.subscribeToAll({ fromPosition: 0 }).pipe(take(EVENTS), toArray()),
    );
    let refused = 0;
    const perWriter = EVENTS / WRITERS / BATCH;
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        const store = w % 2 === 0 ? a : b;
        const stream = `order-${w}`;
        for (let i = 0; i < perWriter; i++) {
          // Every 7th batch first tries a revision already taken: refused, rolled back.
          if (i > 0 && i % 7 === 0) {
            await store
              .appendToStream(stream, facts(BATCH), { expectedRevision: 0 })
              .then(() => Promise.reject(new Error('a stale revision was accepted')))
              .catch((e: unknown) => {
                if (!(e instanceof WrongExpectedVersionError)) throw e;
                refused++;
              });
          }
          await store.appendToStream(stream, facts(BATCH), {
            expectedRevision: i === 0 ? 'no_stream' : i * BATCH - 1,
          });
        }
      }),
    );
    const events = (await seen) as RecordedEvent[];
    expect(refused).toBeGreaterThan(0);
    expect(events).toHaveLength(EVENTS);
    // Exactly once and in $all order: positions 1, 2, … N with no gap and no repeat.
    expect(events.every((e, i) => e.position === i + 1)).toBe(true);
    expect(new Set(events.map((e) => e.id)).size).toBe(EVENTS);
    expect(await a.headPosition()).toBe(EVENTS);
    // Each stream's revisions in order, as its writer appended them.
    const byStream = new Map<string, number>();
    for (const e of events) {
      expect(e.revision).toBe((byStream.get(e.streamId) ?? -1) + 1);
      byStream.set(e.streamId, e.revision);
    }
  }, 300_000);

  it('an append through one instance reaches the other’s live subscription by notification', async () => {
    const head = await a.headPosition();
    const next = firstValueFrom(
      b.subscribeToAll({ fromPosition: head }).pipe(
        filter((e) => e.streamId === 'heard'),
        take(1),
      ),
    );
    const started = Date.now();
    await a.appendToStream('heard', facts(1));
    expect((await next).position).toBe(head + 1);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
