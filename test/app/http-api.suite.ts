import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { EventStore } from '../../src/store/event-store';
import { clubRegistered, ledgerApp, OCCURRED_AT, playerRegistered, ROSTER_STREAM } from './support';

type Server = ReturnType<NestExpressApplication['getHttpServer']>;

/** The HTTP API's rules, run against each store adapter. */
export function httpApiSuite(name: string, open: () => Promise<EventStore>) {
  describe(`HTTP API on ${name}`, () => {
    let store: EventStore;
    let app: NestExpressApplication;
    let server: Server;

    beforeEach(async () => {
      store = await open();
      app = await ledgerApp(store);
      server = app.getHttpServer();
    });

    afterEach(async () => {
      await app.close();
      await store.close();
    });

    const post = (streamId: string, body: unknown) =>
      request(server)
        .post(`/streams/${streamId}/events`)
        .send(body as object);

    /** Sends a refused request and proves that the store did not move. */
    async function refused(send: () => request.Test, status: number) {
      const before = await store.headPosition();
      const res = await send().expect('Content-Type', /json/);
      expect(res.status).toBe(status);
      expect(await store.headPosition()).toBe(before);
      return res.body as { error: string; issues?: Array<{ field: string; message: string }> };
    }

    /** Club 1 registers: its roster's facts are of a registered club (the roster decider). */
    const registerClub = () =>
      post('club-1', { expectedRevision: 'no_stream', events: [clubRegistered()] }).expect(201);

    const fields = (body: { issues?: Array<{ field: string }> }) =>
      (body.issues ?? []).map((i) => i.field);

    describe('GET /health', () => {
      it('answers 200 with the store url and the head position', async () => {
        const empty = await request(server).get('/health').expect(200);
        expect(empty.body).toMatchObject({
          status: 'ok',
          caughtUp: true,
          store: store.url,
          headPosition: 0,
        });
        await post('club-1', { expectedRevision: 'no_stream', events: [clubRegistered()] }).expect(
          201,
        );
        const after = await request(server).get('/health').expect(200);
        expect(after.body.headPosition).toBe(1);
      });
    });

    describe('POST /streams/:streamId/events', () => {
      it('appends a batch and answers 201 with the next expected revision and the position', async () => {
        await registerClub();
        const res = await post(ROSTER_STREAM, {
          expectedRevision: 'no_stream',
          events: [playerRegistered(1), playerRegistered(2)],
        }).expect(201);
        expect(res.body).toEqual({ nextExpectedRevision: 1, position: 3 });
        expect(await store.headPosition()).toBe(3);
      });

      it("writes the catalogue's schema version when the writer leaves it out", async () => {
        await registerClub();
        await post(ROSTER_STREAM, {
          expectedRevision: 'any',
          events: [playerRegistered(1)],
        }).expect(201);
        const read = await request(server).get(`/streams/${ROSTER_STREAM}`).expect(200);
        expect(read.body.events[0]).toMatchObject({ type: 'PlayerRegistered', schemaVersion: 3 });
      });

      it('accepts an older schema version whose data is valid once upcast', async () => {
        const v1 = {
          ...playerRegistered(1),
          schemaVersion: 1,
          data: { playerId: 'p-1', name: 'Ann', member: true },
        };
        await registerClub();
        const res = await post(ROSTER_STREAM, { expectedRevision: 'any', events: [v1] }).expect(
          201,
        );
        expect(res.body).toEqual({ nextExpectedRevision: 0, position: 2 });
        // Upcast only to judge it: the ledger keeps the fact as written.
        const read = await request(server).get(`/streams/${ROSTER_STREAM}`).expect(200);
        expect(read.body.events).toHaveLength(1);
        expect(read.body.events[0]).toMatchObject({
          id: v1.id,
          type: 'PlayerRegistered',
          schemaVersion: 1,
          data: v1.data,
        });
      });

      it('answers a re-POST of the same batch with 201 and the same result, writing nothing', async () => {
        const body = {
          expectedRevision: 'no_stream',
          events: [playerRegistered(1), playerRegistered(2)],
        };
        await registerClub();
        const first = await post(ROSTER_STREAM, body).expect(201);
        const again = await post(ROSTER_STREAM, body).expect(201);
        expect(again.body).toEqual(first.body);
        expect(await store.headPosition()).toBe(3);
      });

      it('refuses a stale expected revision with 409 naming the actual revision', async () => {
        await registerClub();
        await post(ROSTER_STREAM, {
          expectedRevision: 'no_stream',
          events: [playerRegistered(1), playerRegistered(2)],
        }).expect(201);
        const body = await refused(
          () => post(ROSTER_STREAM, { expectedRevision: 0, events: [playerRegistered(3)] }),
          409,
        );
        expect(body).toMatchObject({
          error: 'WrongExpectedVersion',
          streamId: ROSTER_STREAM,
          expectedRevision: 0,
          actualRevision: 1,
        });
      });

      it("refuses a revision on a stream that does not exist with 409 and actualRevision 'no_stream'", async () => {
        const body = await refused(
          () => post('club-1', { expectedRevision: 3, events: [clubRegistered()] }),
          409,
        );
        expect(body).toMatchObject({
          error: 'WrongExpectedVersion',
          expectedRevision: 3,
          actualRevision: 'no_stream',
        });
      });

      it('refuses a batch that is partly stored already with 409 IdempotencyConflict', async () => {
        const stored = clubRegistered();
        await post('club-1', { expectedRevision: 'any', events: [stored] }).expect(201);
        const body = await refused(
          () => post('club-1', { expectedRevision: 'any', events: [stored, playerRegistered()] }),
          409,
        );
        expect(body.error).toBe('IdempotencyConflict');
      });

      it('refuses an id re-posted with other content with 409 IdempotencyConflict naming the stored event', async () => {
        const stored = clubRegistered();
        await post('club-1', { expectedRevision: 'no_stream', events: [stored] }).expect(201);
        const retry = await post('club-1', {
          expectedRevision: 'no_stream',
          events: [stored],
        }).expect(201);
        expect(retry.body).toEqual({ nextExpectedRevision: 0, position: 1 });
        // Who sent it is the request's, not the fact's: another actor is a retry.
        const byAnother = await post('club-1', {
          expectedRevision: 'no_stream',
          events: [{ ...stored, metadata: { ...stored.metadata, actor: 'treasurer' } }],
        }).expect(201);
        expect(byAnother.body).toEqual({ nextExpectedRevision: 0, position: 1 });
        const others = [
          { ...stored, data: { ...stored.data, name: 'Lakeside Bridge Club' } },
          { ...stored, metadata: { ...stored.metadata, source: 'a spreadsheet' } },
          { ...stored, occurredAt: '2026-03-03T19:30:00+13:00' },
        ];
        for (const other of others) {
          const body = await refused(
            () => post('club-1', { expectedRevision: 'any', events: [other] }),
            409,
          );
          expect(body).toMatchObject({
            error: 'IdempotencyConflict',
            field: 'events[0].id',
            stored: { id: stored.id, streamId: 'club-1', revision: 0, position: 1 },
          });
        }
        // The same content with an expected revision that could not have placed it there.
        const stale = await refused(
          () => post('club-1', { expectedRevision: 4, events: [stored] }),
          409,
        );
        expect(stale).toMatchObject({ error: 'IdempotencyConflict', stored: { revision: 0 } });
      });

      it('refuses malformed JSON with 400 MalformedJson and writes nothing', async () => {
        const body = await refused(
          () =>
            request(server)
              .post('/streams/club-1/events')
              .set('Content-Type', 'application/json')
              .send('{"expectedRevision": "any", "events": [ '),
          400,
        );
        expect(body.error).toBe('MalformedJson');
      });

      it('refuses a body that is not JSON with 415 and writes nothing', async () => {
        const body = await refused(
          () =>
            request(server)
              .post('/streams/club-1/events')
              .set('Content-Type', 'text/plain')
              .send('expectedRevision=any'),
          415,
        );
        expect(body.error).toBe('UnsupportedMediaType');
      });

      it('refuses a JSON body that is not an object with 400 naming body and writes nothing', async () => {
        const body = await refused(() => post('club-1', [clubRegistered()]), 400);
        expect(body.error).toBe('InvalidEvent');
        expect(fields(body)).toEqual(['body']);
      });

      it('refuses a request with no body with 400 naming body and writes nothing', async () => {
        const body = await refused(() => request(server).post('/streams/club-1/events'), 400);
        expect(fields(body)).toEqual(['body']);
      });

      it('refuses an unknown event type with 400 naming events[0].type and writes nothing', async () => {
        const body = await refused(
          () =>
            post('club-1', {
              expectedRevision: 'any',
              events: [{ ...clubRegistered(), type: 'ClubDissolved' }],
            }),
          400,
        );
        expect(body.error).toBe('InvalidEvent');
        expect(fields(body)).toEqual(['events[0].type']);
      });

      it('refuses an event with missing fields with 400 naming each of them and writes nothing', async () => {
        const body = await refused(
          () => post('club-1', { expectedRevision: 'any', events: [{ type: 'ClubRegistered' }] }),
          400,
        );
        expect(fields(body)).toEqual(
          expect.arrayContaining(['events[0].id', 'events[0].occurredAt', 'events[0].data']),
        );
      });

      it('refuses fields of the wrong type with 400 naming each of them and writes nothing', async () => {
        const body = await refused(
          () =>
            post('club-1', {
              expectedRevision: 'any',
              events: [
                {
                  ...clubRegistered(),
                  id: 42,
                  schemaVersion: '1',
                  occurredAt: true,
                  data: ['not', 'an', 'object'],
                  metadata: 'secretary',
                },
              ],
            }),
          400,
        );
        expect(body.issues).toContainEqual({
          field: 'events[0].schemaVersion',
          message: 'schemaVersion must be an integer number',
        });
        expect(fields(body).sort()).toEqual(
          [
            'events[0].data',
            'events[0].id',
            'events[0].metadata',
            'events[0].occurredAt',
            'events[0].schemaVersion',
          ].sort(),
        );
      });

      it.each([['latest'], [-1], [1.5], ['3'], [null], [true]])(
        'refuses expectedRevision %p with 400 naming expectedRevision and writes nothing',
        async (expectedRevision) => {
          const body = await refused(
            () => post('club-1', { expectedRevision, events: [clubRegistered()] }),
            400,
          );
          expect(fields(body)).toEqual(['expectedRevision']);
        },
      );

      it('refuses a body without expectedRevision with 400 naming it and writes nothing', async () => {
        const body = await refused(() => post('club-1', { events: [clubRegistered()] }), 400);
        expect(fields(body)).toEqual(['expectedRevision']);
      });

      it.each([['club%2F1'], ['club%201'], ['-club'], ['club%3F1'], ['%C3%A9quipe']])(
        'refuses the stream id %s with 400 naming streamId and writes nothing',
        async (streamId) => {
          const body = await refused(
            () => post(streamId, { expectedRevision: 'any', events: [clubRegistered()] }),
            400,
          );
          expect(body.error).toBe('InvalidEvent');
          expect(fields(body)).toEqual(['streamId']);
        },
      );

      it('refuses a malformed percent-encoding in the stream id with 400 and writes nothing', async () => {
        const body = await refused(
          () => post('club%E0%A4%A', { expectedRevision: 'any', events: [clubRegistered()] }),
          400,
        );
        expect(body.error).toBe('BadRequest');
      });

      it('refuses a body over 1 MB with 413 and a clear message, writing nothing', async () => {
        const huge = { ...clubRegistered(), data: { clubId: 'c', name: 'x'.repeat(1_100_000) } };
        const body = await refused(
          () => post('club-1', { expectedRevision: 'any', events: [huge] }),
          413,
        );
        expect(body).toMatchObject({ error: 'PayloadTooLarge', limit: 1024 * 1024 });
        expect((body as unknown as { message: string }).message).toMatch(/limit of 1048576 bytes/);
      });

      it('refuses data that fails the catalogue schema with 400 naming events[0].data.name and writes nothing', async () => {
        const { name: _omitted, ...data } = playerRegistered(1).data;
        const body = await refused(
          () =>
            post('club-1', { expectedRevision: 'any', events: [{ ...playerRegistered(1), data }] }),
          400,
        );
        expect(fields(body)).toEqual(['events[0].data.name']);
      });

      it('refuses an event bigger than 64 KB under the body limit with 400 naming events[0].data', async () => {
        const big = {
          ...clubRegistered(),
          data: { clubId: 'c', name: 'n', timeZone: 'x'.repeat(70_000) },
        };
        const body = await refused(
          () => post('club-1', { expectedRevision: 'any', events: [big] }),
          400,
        );
        expect(fields(body)).toContain('events[0].data');
      });

      it('names every invalid field of a batch at once and writes none of it', async () => {
        const body = await refused(
          () =>
            post('club 1', {
              expectedRevision: 'latest',
              events: [
                clubRegistered(),
                { ...clubRegistered(), type: 'ClubDissolved' },
                { ...playerRegistered(2), id: 'not-a-uuid', occurredAt: '2026-03-02 19:30' },
                {
                  ...playerRegistered(3),
                  data: { clubId: 'club-1', playerId: 'p-3', status: 'guest' },
                },
              ],
            }),
          400,
        );
        expect(fields(body)).toEqual([
          'streamId',
          'expectedRevision',
          'events[1].type',
          'events[2].id',
          'events[2].occurredAt',
          'events[3].data.name',
          'events[3].data.status',
        ]);
      });

      it('refuses a repeated event id within a batch with 400 naming the repeat', async () => {
        const e = clubRegistered();
        const body = await refused(
          () => post('club-1', { expectedRevision: 'any', events: [e, { ...e }] }),
          400,
        );
        expect(fields(body)).toEqual(['events[1].id']);
      });

      it('refuses an occurredAt without a time zone with 400 naming it', async () => {
        const body = await refused(
          () =>
            post('club-1', {
              expectedRevision: 'any',
              events: [{ ...clubRegistered(), occurredAt: '2026-03-02T19:30:00' }],
            }),
          400,
        );
        expect(fields(body)).toEqual(['events[0].occurredAt']);
      });

      it('refuses unknown properties of the body and of an event with 400 naming them', async () => {
        const body = await refused(
          () =>
            post('club-1', {
              expectedRevision: 'any',
              streamId: 'club-2',
              events: [{ ...clubRegistered(), revision: 7 }],
            }),
          400,
        );
        expect(fields(body).sort()).toEqual(['events[0].revision', 'streamId']);
      });

      it('refuses an empty batch with 400 naming events and writes nothing', async () => {
        const body = await refused(
          () => post('club-1', { expectedRevision: 'any', events: [] }),
          400,
        );
        expect(body.issues).toEqual([{ field: 'events', message: 'events should not be empty' }]);
      });

      it('refuses events that are not objects with 400 naming each and writes nothing', async () => {
        const body = await refused(
          () => post('club-1', { expectedRevision: 'any', events: [clubRegistered(), 7, null] }),
          400,
        );
        expect(fields(body)).toEqual(expect.arrayContaining(['events[1]', 'events[2]']));
      });

      it('refuses data nested absurdly deep with 400 naming it, not a 500', async () => {
        const deep = '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000);
        const raw = `{"expectedRevision":"any","events":[{"id":"${clubRegistered().id}","type":"ClubRegistered","occurredAt":"${OCCURRED_AT}","data":${deep}}]}`;
        const body = await refused(
          () =>
            request(server)
              .post('/streams/club-1/events')
              .set('Content-Type', 'application/json')
              .send(raw),
          400,
        );
        expect(fields(body)).toEqual(['events[0].data']);
      });

      it('refuses a __proto__ property in the body with 400 and writes nothing', async () => {
        const raw = `{"expectedRevision":"any","__proto__":{"polluted":true},"events":[${JSON.stringify(clubRegistered())}]}`;
        const body = await refused(
          () =>
            request(server)
              .post('/streams/club-1/events')
              .set('Content-Type', 'application/json')
              .send(raw),
          400,
        );
        expect(fields(body)).toEqual(['__proto__']);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      });
    });

    describe('GET /streams/:streamId', () => {
      beforeEach(async () => {
        await registerClub();
        await post(ROSTER_STREAM, {
          expectedRevision: 'no_stream',
          events: [0, 1, 2, 3].map((n) => playerRegistered(n)),
        }).expect(201);
      });

      it('reads a stream forwards as recorded events', async () => {
        const res = await request(server).get(`/streams/${ROSTER_STREAM}`).expect(200);
        expect(res.body.nextRevision).toBeNull();
        expect(res.body.events.map((e: { revision: number }) => e.revision)).toEqual([0, 1, 2, 3]);
        expect(res.body.events[1]).toMatchObject({
          streamId: ROSTER_STREAM,
          type: 'PlayerRegistered',
          schemaVersion: 3,
          position: 3,
          occurredAt: OCCURRED_AT,
          data: { playerId: 'p-1', name: 'Player 1', status: 'member' },
          metadata: { clubId: '1', actor: 'secretary' },
        });
        expect(typeof res.body.events[1].recordedAt).toBe('string');
      });

      it('reads backwards from a revision, a page at a time, with the next revision to ask for', async () => {
        const page = await request(server)
          .get(`/streams/${ROSTER_STREAM}?direction=backwards&fromRevision=2&limit=2`)
          .expect(200);
        expect(page.body.events.map((e: { revision: number }) => e.revision)).toEqual([2, 1]);
        expect(page.body.nextRevision).toBe(0);
      });

      it('reads forwards from a revision with a limit and names the next revision', async () => {
        const page = await request(server)
          .get(`/streams/${ROSTER_STREAM}?fromRevision=1&limit=2`)
          .expect(200);
        expect(page.body.events.map((e: { revision: number }) => e.revision)).toEqual([1, 2]);
        expect(page.body.nextRevision).toBe(3);
      });

      it('answers 404 StreamNotFound for a stream with no events', async () => {
        const res = await request(server).get('/streams/club-404').expect(404);
        expect(res.body).toMatchObject({ error: 'StreamNotFound', streamId: 'club-404' });
      });

      it.each([
        ['direction=sideways', 'direction'],
        ['limit=0', 'limit'],
        ['limit=1001', 'limit'],
        ['limit=ten', 'limit'],
        ['limit=', 'limit'],
        ['fromRevision=-1', 'fromRevision'],
        ['fromRevision=1.5', 'fromRevision'],
        ['limit=1&limit=2', 'limit'],
        ['maxCount=5', 'maxCount'],
      ])('refuses the query %s with 400 naming %s', async (query, field) => {
        const res = await request(server).get(`/streams/club-1?${query}`).expect(400);
        expect(res.body.error).toBe('InvalidRequest');
        expect(fields(res.body)).toEqual([field]);
      });

      it('refuses a stream id with forbidden characters with 400 naming streamId', async () => {
        const res = await request(server).get('/streams/club%2F1?limit=0').expect(400);
        expect(fields(res.body)).toEqual(['streamId', 'limit']);
      });
    });

    describe('GET /events', () => {
      // Club 1's registration at position 1, then 150 of its players.
      beforeEach(async () => {
        await registerClub();
        const events = Array.from({ length: 150 }, (_, i) => playerRegistered(i));
        await post(ROSTER_STREAM, { expectedRevision: 'no_stream', events }).expect(201);
      });

      it('reads the global log 100 events at a time by default, with the next position', async () => {
        const first = await request(server).get('/events').expect(200);
        expect(first.body.events).toHaveLength(100);
        expect(first.body.events[0].position).toBe(1);
        expect(first.body.nextPosition).toBe(101);
        const rest = await request(server).get('/events?fromPosition=101').expect(200);
        expect(rest.body.events).toHaveLength(51);
        expect(rest.body.nextPosition).toBe(152);
      });

      it('reads from a position with a limit', async () => {
        const res = await request(server).get('/events?fromPosition=5&limit=3').expect(200);
        expect(res.body.events.map((e: { position: number }) => e.position)).toEqual([5, 6, 7]);
        expect(res.body.nextPosition).toBe(8);
      });

      it('answers an empty page past the head with the same position to ask again', async () => {
        const res = await request(server).get('/events?fromPosition=500').expect(200);
        expect(res.body).toEqual({ events: [], nextPosition: 500 });
      });

      it.each([
        ['limit=0', 'limit'],
        ['limit=1001', 'limit'],
        ['limit=abc', 'limit'],
        ['fromPosition=-1', 'fromPosition'],
        ['fromPosition=1.5', 'fromPosition'],
        ['fromPosition=1e3', 'fromPosition'],
        ['from=3', 'from'],
      ])('refuses the query %s with 400 naming %s', async (query, field) => {
        const res = await request(server).get(`/events?${query}`).expect(400);
        expect(res.body.error).toBe('InvalidRequest');
        expect(fields(res.body)).toEqual([field]);
        expect(res.body.issues[0].message).toMatch(
          field === 'from' ? /should not exist/ : /must be a whole number/,
        );
      });

      it('allows the largest page, 1000', async () => {
        const more = Array.from({ length: 900 }, (_, i) => playerRegistered(150 + i));
        await post(ROSTER_STREAM, { expectedRevision: 149, events: more }).expect(201);
        const res = await request(server).get('/events?limit=1000').expect(200);
        expect(res.body.events).toHaveLength(1000);
        expect(res.body.events[999].position).toBe(1000);
        expect(res.body.nextPosition).toBe(1001);
      });
    });

    it('answers an unknown route with 404 in the same error shape', async () => {
      const res = await request(server).get('/nowhere').expect(404);
      expect(res.body).toMatchObject({ error: 'NotFound' });
    });
  });
}
