import { firstValueFrom, take, toArray } from 'rxjs';
import type { EventStore } from '../../src/store/event-store';
import {
  batchIndexOf,
  IdempotencyConflictError,
  InvalidEventError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '../../src/store/errors';
import type { Upcast } from '../../src/store/upcast';
import { catalogue } from '../../src/contexts/catalogue';
import { collect, fact, facts } from '../support/events';

export interface ContractOptions {
  /** Embedded stores number $all 1, 2, 3 …; EventStoreDB's positions only increase. */
  densePositions: boolean;
  /**
   * Whether the adapter writes several streams' batches in one transaction (`appendMany`):
   * the embedded stores do; EventStoreDB has no multi-stream transaction and offers none.
   */
  atomicMany: boolean;
  /**
   * Whether the adapter reads a page of $all in one call (`readAllPage`): the embedded stores do;
   * PostgreSQL's readAll asks for its next page while the last is folded, and EventStoreDB
   * streams, so a catch-up collects their readAll.
   */
  readsPages: boolean;
  open(options: { upcast?: Upcast; clock?: () => Date }): Promise<EventStore>;
}

let streamSeq = 0;
const newStream = (prefix = 'contract') => `${prefix}-${Date.now()}-${++streamSeq}`;

/**
 * The one contract every adapter passes. Each guarantee of the port is proven here, once,
 * and run against memory, SQLite and EventStoreDB (the protocol fake, and a real server when
 * ESDB_URL is set).
 */
export function eventStoreContract(name: string, options: ContractOptions): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    beforeEach(async () => {
      store = await options.open({});
    });
    afterEach(async () => {
      await store.close();
    });

    describe('appending and reading a stream', () => {
      it('appends to a new stream and returns the next expected revision and the position', async () => {
        const s = newStream();
        const result = await store.appendToStream(s, facts(3), { expectedRevision: 'no_stream' });
        expect(result.nextExpectedRevision).toBe(2);
        const events = await collect(store.readStream(s));
        expect(events.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(result.position).toBe(events[2].position);
      });

      it('keeps id, type, occurredAt, data and metadata, and stamps recordedAt', async () => {
        const s = newStream();
        const e = fact('SessionScored', { session: 3, percent: '55.10' });
        await store.appendToStream(s, [e]);
        const [read] = await collect(store.readStream(s));
        expect(read).toMatchObject({
          id: e.id,
          type: 'SessionScored',
          schemaVersion: 1,
          streamId: s,
          revision: 0,
          occurredAt: e.occurredAt,
          data: e.data,
          metadata: e.metadata,
        });
        expect(Number.isNaN(Date.parse(read.recordedAt))).toBe(false);
      });

      it('keeps the recordedAt an import gives, stamps it importedAt, and a retry of it is a no-op', async () => {
        const s = newStream('imported');
        const when = ['2025-01-02T03:04:05.678Z', '2025-01-02T03:04:06.000Z'];
        const batch = facts(2);
        const first = await store.appendToStream(s, batch, { recordedAt: when });
        const read = await collect(store.readStream(s));
        expect(read.map((e) => e.recordedAt)).toEqual(when);
        for (const e of read) expect(Number.isNaN(Date.parse(e.importedAt ?? ''))).toBe(false);
        // recordedAt is not the fact's content: the same facts without it are a retry.
        await expect(store.appendToStream(s, batch)).resolves.toEqual(first);
        const bad = await store
          .appendToStream(s, facts(1), { recordedAt: ['last Tuesday'] })
          .catch((e: unknown) => e);
        expect((bad as InvalidEventError).issues.map((i) => i.field)).toEqual([
          'events[0].recordedAt',
        ]);
      });

      it('refuses an occurredAt or a kept recordedAt on a day the calendar lacks, or in year 0000', async () => {
        const s = newStream('instants');
        for (const bad of ['2026-02-30T10:00:00Z', '0000-03-02T10:00:00Z']) {
          const byRecordedAt = await store
            .appendToStream(s, facts(1), { recordedAt: [bad] })
            .catch((e: unknown) => e);
          expect((byRecordedAt as InvalidEventError).issues).toEqual([
            { field: 'events[0].recordedAt', message: expect.stringMatching(/ISO 8601 instant/) },
          ]);
          const byOccurredAt = await store
            .appendToStream(s, [{ ...facts(1)[0]!, occurredAt: bad }])
            .catch((e: unknown) => e);
          expect((byOccurredAt as InvalidEventError).issues).toEqual([
            { field: 'events[0].occurredAt', message: expect.stringMatching(/ISO 8601 instant/) },
          ]);
        }
        await expect(collect(store.readStream(s))).rejects.toBeInstanceOf(StreamNotFoundError);
      });

      it('reads forwards from a revision, backwards, and at most maxCount', async () => {
        const s = newStream();
        await store.appendToStream(s, facts(5));
        const fwd = await collect(store.readStream(s, { fromRevision: 2 }));
        expect(fwd.map((e) => e.revision)).toEqual([2, 3, 4]);
        const back = await collect(store.readStream(s, { direction: 'backwards', maxCount: 2 }));
        expect(back.map((e) => e.revision)).toEqual([4, 3]);
        const backFrom = await collect(
          store.readStream(s, { direction: 'backwards', fromRevision: 1 }),
        );
        expect(backFrom.map((e) => e.revision)).toEqual([1, 0]);
      });

      it('says a stream that has no events is not found', async () => {
        await expect(collect(store.readStream(newStream('missing')))).rejects.toBeInstanceOf(
          StreamNotFoundError,
        );
      });
    });

    describe('optimistic concurrency', () => {
      it('accepts the expected revision that matches and refuses one that does not, with the actual revision', async () => {
        const s = newStream();
        await store.appendToStream(s, facts(2), { expectedRevision: 'no_stream' });
        await store.appendToStream(s, facts(1), { expectedRevision: 1 });
        const err = await store
          .appendToStream(s, facts(1), { expectedRevision: 1 })
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(WrongExpectedVersionError);
        expect((err as WrongExpectedVersionError).actualRevision).toBe(2);
        expect((err as WrongExpectedVersionError).expectedRevision).toBe(1);
      });

      it('two writers with the same expected revision: exactly one wins', async () => {
        const s = newStream();
        await store.appendToStream(s, facts(1));
        const results = await Promise.allSettled([
          store.appendToStream(s, facts(2), { expectedRevision: 0 }),
          store.appendToStream(s, facts(2), { expectedRevision: 0 }),
        ]);
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r) => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        const reason = (lost[0] as PromiseRejectedResult).reason as WrongExpectedVersionError;
        expect(reason).toBeInstanceOf(WrongExpectedVersionError);
        expect(reason.actualRevision).toBe(2);
        expect(await collect(store.readStream(s))).toHaveLength(3);
      });

      it("'no_stream' refuses an existing stream and 'stream_exists' a missing one", async () => {
        const s = newStream();
        const missing = await store
          .appendToStream(s, facts(1), { expectedRevision: 'stream_exists' })
          .catch((e: unknown) => e);
        expect(missing).toBeInstanceOf(WrongExpectedVersionError);
        expect((missing as WrongExpectedVersionError).actualRevision).toBe('no_stream');
        await store.appendToStream(s, facts(1), { expectedRevision: 'no_stream' });
        const exists = await store
          .appendToStream(s, facts(1), { expectedRevision: 'no_stream' })
          .catch((e: unknown) => e);
        expect((exists as WrongExpectedVersionError).actualRevision).toBe(0);
        await expect(
          store.appendToStream(s, facts(1), { expectedRevision: 'stream_exists' }),
        ).resolves.toMatchObject({ nextExpectedRevision: 1 });
      });

      it("'any' appends whatever the stream's revision", async () => {
        const s = newStream();
        await store.appendToStream(s, facts(1), { expectedRevision: 'any' });
        await expect(
          store.appendToStream(s, facts(1), { expectedRevision: 'any' }),
        ).resolves.toMatchObject({ nextExpectedRevision: 1 });
      });
    });

    describe('idempotency by event id', () => {
      it('re-appending the same events is a no-op returning the original result', async () => {
        const s = newStream();
        const batch = facts(3);
        const first = await store.appendToStream(s, batch, { expectedRevision: 'no_stream' });
        const head = await store.headPosition();
        // A retry after a lost acknowledgement still carries the old expected revision.
        const again = await store.appendToStream(s, batch, { expectedRevision: 'no_stream' });
        expect(again).toEqual(first);
        expect(await store.headPosition()).toBe(head);
        expect(await collect(store.readStream(s))).toHaveLength(3);
      });

      it.each([
        ['another type', { type: 'BoardCorrected' }],
        ['other data', { data: { n: -1, session: 4 } }],
        ['other metadata', { metadata: { clubId: 'club-2', actor: 'test' } }],
        ['another occurredAt', { occurredAt: '2026-03-09T19:30:00+13:00' }],
      ])(
        'an id stored with %s is an IdempotencyConflictError naming the stored event, and writes nothing',
        async (_what, other) => {
          const s = newStream();
          const stored = facts(2);
          await store.appendToStream(s, stored, { expectedRevision: 'no_stream' });
          const [first, second] = await collect(store.readStream(s));
          const head = await store.headPosition();
          for (const expectedRevision of ['any', 'no_stream', 1] as const) {
            const err = await store
              .appendToStream(s, [stored[0], { ...stored[1], ...other }], { expectedRevision })
              .catch((e: unknown) => e);
            expect(err).toBeInstanceOf(IdempotencyConflictError);
            const conflict = err as IdempotencyConflictError;
            expect(conflict.field).toBe('events[1].id');
            expect(conflict.stored).toEqual({
              id: second.id,
              streamId: s,
              revision: 1,
              position: second.position,
            });
            expect(conflict.message).toMatch(/other content/);
          }
          expect(await store.headPosition()).toBe(head);
          expect(await collect(store.readStream(s))).toEqual([first, second]);
        },
      );

      it("a retry sent by another request (another actor, correlation id) is the same fact; the stored one keeps the first request's", async () => {
        const s = newStream();
        const batch = facts(2);
        const first = await store.appendToStream(s, batch, { expectedRevision: 'no_stream' });
        const stored = await collect(store.readStream(s));
        const head = await store.headPosition();
        const retry = batch.map((e) => ({
          ...e,
          metadata: {
            ...e.metadata,
            actor: 'key:other',
            claimedActor: 'x',
            correlationId: 'req-2',
          },
        }));
        await expect(
          store.appendToStream(s, retry, { expectedRevision: 'no_stream' }),
        ).resolves.toEqual(first);
        expect(await store.headPosition()).toBe(head);
        expect(await collect(store.readStream(s))).toEqual(stored);
      });

      it('a retry of the same content is a no-op whatever the order of its keys, after other appends', async () => {
        const s = newStream();
        const batch = [fact('SessionScored', { session: 3, percent: '55.10', by: { a: 1, b: 2 } })];
        const first = await store.appendToStream(s, batch, { expectedRevision: 'no_stream' });
        await store.appendToStream(s, facts(2), { expectedRevision: 0 });
        const head = await store.headPosition();
        const e = batch[0];
        const reordered = {
          metadata: { actor: 'test', clubId: 'club-1' },
          data: {
            by: { b: 2, a: 1 },
            percent: '55.10',
            session: 3,
            n: (e.data as { n: number }).n,
          },
          occurredAt: e.occurredAt,
          type: e.type,
          id: e.id.toUpperCase(),
        };
        await expect(
          store.appendToStream(s, [reordered], { expectedRevision: 'no_stream' }),
        ).resolves.toEqual(first);
        await expect(store.appendToStream(s, batch, { expectedRevision: 'any' })).resolves.toEqual(
          first,
        );
        expect(await store.headPosition()).toBe(head);
      });

      it('a retry of the same content with an expected revision that would not have placed it there is a conflict naming it', async () => {
        const s = newStream();
        await store.appendToStream(s, facts(2), { expectedRevision: 'no_stream' });
        const batch = facts(2);
        const first = await store.appendToStream(s, batch, { expectedRevision: 1 });
        const stored = (await collect(store.readStream(s)))[2];
        const head = await store.headPosition();
        for (const expectedRevision of [0, 3, 'no_stream'] as const) {
          const err = await store
            .appendToStream(s, batch, { expectedRevision })
            .catch((e: unknown) => e);
          expect(err).toBeInstanceOf(IdempotencyConflictError);
          expect((err as IdempotencyConflictError).stored).toMatchObject({
            id: stored.id,
            revision: 2,
            position: stored.position,
          });
          expect((err as IdempotencyConflictError).message).toMatch(/expected revision/);
        }
        // The expected revisions that would have placed it at revision 2 are a true retry.
        for (const expectedRevision of [1, 'any', 'stream_exists'] as const) {
          await expect(store.appendToStream(s, batch, { expectedRevision })).resolves.toEqual(
            first,
          );
        }
        expect(await store.headPosition()).toBe(head);
      });

      it('a batch that only partly matches stored ids is a typed error and writes nothing', async () => {
        const s = newStream();
        const batch = facts(2);
        await store.appendToStream(s, batch, { expectedRevision: 'no_stream' });
        const head = await store.headPosition();
        const err = await store
          .appendToStream(s, [batch[1], fact()], { expectedRevision: 1 })
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(IdempotencyConflictError);
        expect(await store.headPosition()).toBe(head);
      });
    });

    describe('atomic batches', () => {
      it('one invalid event writes nothing of the batch, and the error names the field', async () => {
        const s = newStream();
        const head = await store.headPosition();
        const bad = { ...fact(), occurredAt: 'last Tuesday' };
        const err = await store.appendToStream(s, [fact(), bad, fact()]).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(InvalidEventError);
        expect((err as InvalidEventError).issues).toEqual([
          expect.objectContaining({ field: 'events[1].occurredAt' }),
        ]);
        expect(await store.headPosition()).toBe(head);
        await expect(collect(store.readStream(s))).rejects.toBeInstanceOf(StreamNotFoundError);
      });

      it.each([
        ['a stream id with forbidden characters', 'club/1 pairs', [fact()], 'streamId'],
        ['an empty batch', 'ok-stream', [], 'events'],
        ['an id that is not a UUID', 'ok-stream', [{ ...fact(), id: 'x1' }], 'events[0].id'],
        ['a type that is not a name', 'ok-stream', [{ ...fact(), type: '' }], 'events[0].type'],
        ['data that is not an object', 'ok-stream', [{ ...fact(), data: 42 }], 'events[0].data'],
        ['an event without data', 'ok-stream', [{ ...fact(), data: undefined }], 'events[0].data'],
        ['the same id twice', 'ok-stream', ((e) => [e, e])(fact()), 'events[1].id'],
      ])('refuses %s', async (_what, streamId, events, field) => {
        const head = await store.headPosition();
        const err = await store
          .appendToStream(streamId as string, events as never)
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(InvalidEventError);
        expect((err as InvalidEventError).issues.map((i) => i.field)).toContain(field);
        expect(await store.headPosition()).toBe(head);
      });

      it('refuses an expected revision that is neither a number nor a keyword', async () => {
        const err = await store
          .appendToStream(newStream(), facts(1), { expectedRevision: 'latest' as never })
          .catch((e: unknown) => e);
        expect((err as InvalidEventError).issues.map((i) => i.field)).toEqual(['expectedRevision']);
      });
    });

    describe('appendMany: several streams in one transaction', () => {
      if (!options.atomicMany) {
        it('offers no appendMany: it could not write several streams all or nothing', () => {
          expect(store.appendMany).toBeUndefined();
        });
        return;
      }
      const many = (batches: Parameters<NonNullable<EventStore['appendMany']>>[0]) =>
        store.appendMany!(batches);

      it('writes every batch in order, one run of positions, each at its expected revision', async () => {
        const [a, b] = [newStream('a'), newStream('b')];
        await store.appendToStream(b, facts(1));
        const start = await store.headPosition();
        const results = await many([
          { streamId: a, events: facts(2), expectedRevision: 'no_stream' },
          { streamId: b, events: facts(1), expectedRevision: 0 },
          { streamId: a, events: facts(1), expectedRevision: 1 },
        ]);
        expect(results.map((r) => r.nextExpectedRevision)).toEqual([1, 1, 2]);
        const all = await collect(store.readAll({ fromPosition: start + 1 }));
        expect(all.map((e) => `${e.streamId === a ? 'a' : 'b'}${e.revision}`)).toEqual([
          'a0',
          'a1',
          'b1',
          'a2',
        ]);
        expect(results.map((r) => r.position)).toEqual([
          all[1].position,
          all[2].position,
          all[3].position,
        ]);
      });

      it.each([
        ['a stale expected revision', 'WRONG_EXPECTED_VERSION'],
        ['an id stored with other content', 'IDEMPOTENCY_CONFLICT'],
        ['an invalid event', 'INVALID_EVENT'],
      ])('%s in the last batch leaves nothing written, and names the batch', async (what, code) => {
        const [a, b] = [newStream('a'), newStream('b')];
        const stored = facts(1);
        await store.appendToStream(b, stored);
        const head = await store.headPosition();
        const last =
          what === 'a stale expected revision'
            ? { streamId: b, events: facts(1), expectedRevision: 'no_stream' as const }
            : what === 'an id stored with other content'
              ? { streamId: b, events: [{ ...stored[0], data: { other: true } }] }
              : { streamId: b, events: [{ ...fact(), occurredAt: 'Tuesday' }] };
        const err = await many([
          { streamId: a, events: facts(3), expectedRevision: 'no_stream' },
          { streamId: b, events: facts(1), expectedRevision: 0 },
          last,
        ]).catch((e: unknown) => e);
        expect((err as { code?: string }).code).toBe(code);
        expect(batchIndexOf(err)).toBe(2);
        expect(await store.headPosition()).toBe(head);
        await expect(collect(store.readStream(a))).rejects.toBeInstanceOf(StreamNotFoundError);
        expect(await collect(store.readStream(b))).toHaveLength(1);
      });

      it('a retry of the same batches is a no-op answering the first results', async () => {
        const [a, b] = [newStream('a'), newStream('b')];
        const batches = [
          { streamId: a, events: facts(2), expectedRevision: 'no_stream' as const },
          { streamId: b, events: facts(2), expectedRevision: 'no_stream' as const },
        ];
        const first = await many(batches);
        const head = await store.headPosition();
        await expect(many(batches)).resolves.toEqual(first);
        expect(await store.headPosition()).toBe(head);
      });

      it('keeps a recordedAt given for an import, and stamps it imported', async () => {
        const s = newStream('imported');
        const when = '2025-01-02T03:04:05.678Z';
        await many([{ streamId: s, events: facts(2), recordedAt: [when, when] }]);
        const read = await collect(store.readStream(s));
        expect(read.map((e) => e.recordedAt)).toEqual([when, when]);
        expect(read.every((e) => !Number.isNaN(Date.parse(e.importedAt ?? '')))).toBe(true);
        await store.appendToStream(s, facts(1));
        const [, , own] = await collect(store.readStream(s));
        expect(own.importedAt).toBeUndefined();
      });
    });

    describe('$all', () => {
      it('orders every event of every stream by commit, with increasing positions', async () => {
        const start = await store.headPosition();
        const a = newStream('a');
        const b = newStream('b');
        await store.appendToStream(a, facts(2));
        await store.appendToStream(b, facts(3));
        await store.appendToStream(a, facts(1));
        const all = (await collect(store.readAll({ fromPosition: start + 1 }))).filter(
          (e) => e.streamId === a || e.streamId === b,
        );
        expect(all.map((e) => `${e.streamId === a ? 'a' : 'b'}${e.revision}`)).toEqual([
          'a0',
          'a1',
          'b0',
          'b1',
          'b2',
          'a2',
        ]);
        for (let i = 1; i < all.length; i++) {
          expect(all[i].position).toBeGreaterThan(all[i - 1].position);
          if (options.densePositions) expect(all[i].position).toBe(all[i - 1].position + 1);
        }
        if (options.densePositions) expect(all[0].position).toBe(start + 1);
      });

      it('reads from a position, to a position, and at most maxCount', async () => {
        const s = newStream();
        await store.appendToStream(s, facts(6));
        const mine = (await collect(store.readAll())).filter((e) => e.streamId === s);
        const [p1, , p3, , p5] = mine.map((e) => e.position);
        const window = await collect(store.readAll({ fromPosition: p1, toPosition: p3 }));
        expect(window.map((e) => e.position)).toEqual(mine.slice(0, 3).map((e) => e.position));
        const two = await collect(store.readAll({ fromPosition: p3, maxCount: 2 }));
        expect(two.map((e) => e.revision)).toEqual([2, 3]);
        const tail = await collect(store.readAll({ fromPosition: p5 }));
        expect(tail.filter((e) => e.streamId === s).map((e) => e.revision)).toEqual([4, 5]);
      });

      it('readAllPage, where offered, gives a page as readAll gives it (upcast, bounded, counted)', async () => {
        if (!options.readsPages) {
          expect(store.readAllPage).toBeUndefined();
          return;
        }
        const s = newStream();
        await store.appendToStream(s, facts(6));
        const mine = (await collect(store.readAll())).filter((e) => e.streamId === s);
        const [p1, p2, p3, , p5] = mine.map((e) => e.position);
        for (const o of [
          { fromPosition: p1, toPosition: p3 },
          { fromPosition: p2, maxCount: 3 },
          { fromPosition: p5 },
          { fromPosition: p5, toPosition: p3 },
          { fromPosition: p1, maxCount: 0 },
        ])
          expect(await store.readAllPage!(o)).toEqual(await collect(store.readAll(o)));
      });

      it('headPosition is the position of the last committed event', async () => {
        const result = await store.appendToStream(newStream(), facts(2));
        expect(await store.headPosition()).toBe(result.position);
      });
    });

    describe('catch-up subscription', () => {
      it('catches up, then goes live, with no gap and no duplicate at the switch', async () => {
        const s = newStream('sub');
        const before = await store.headPosition();
        await store.appendToStream(s, facts(5));
        const received = firstValueFrom(
          store.subscribeToAll({ fromPosition: before }).pipe(take(12), toArray()),
        );
        // Appends racing the catch-up phase, and more after it.
        await store.appendToStream(s, facts(3));
        await new Promise((r) => setTimeout(r, 20));
        await store.appendToStream(s, facts(4));
        const events = (await received).filter((e) => e.streamId === s);
        expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      });

      it('starts after the given position, as a checkpoint', async () => {
        const s = newStream('sub');
        await store.appendToStream(s, facts(3));
        const mine = (await collect(store.readAll())).filter((e) => e.streamId === s);
        const next = await firstValueFrom(
          store.subscribeToAll({ fromPosition: mine[0].position }).pipe(take(1)),
        );
        expect(next.id).toBe(mine[1].id);
      });
    });

    describe('immutability and upcasting', () => {
      it('offers no way to update or delete an event', () => {
        const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(store));
        expect(methods.filter((m) => /update|delete|remove|truncate|tombstone/i.test(m))).toEqual(
          [],
        );
      });

      it('reads a PlayerRegistered stored at version 1 in today’s shape (upcast on read)', async () => {
        await store.close();
        store = await options.open({ upcast: catalogue.upcast });
        const s = newStream('player');
        const v1 = fact('PlayerRegistered', { playerId: 'p1', name: 'A. Player', member: false });
        await store.appendToStream(s, [{ ...v1, schemaVersion: 1 }]);
        const [read] = await collect(store.readStream(s));
        // v1 → v2 (a status), v2 → v3 (the club, from metadata.clubId, in the data).
        expect(read.schemaVersion).toBe(3);
        expect(read.data).toEqual({
          clubId: 'club-1',
          n: expect.any(Number),
          playerId: 'p1',
          name: 'A. Player',
          status: 'non-member',
        });
      });
    });
  });
}
