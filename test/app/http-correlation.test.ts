import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { CLUB_STREAM, clubRegistered, ledgerApp, playerRegistered, ROSTER_STREAM } from './support';

/**
 * Every request has a correlation id (the client's X-Correlation-Id when it is safe to
 * log, else a new UUID v7), answered as X-Correlation-Id and written into the metadata of the
 * facts it appends, so that a log line and a stored fact can be joined.
 */
describe('a correlation id per request, into the facts it appends', () => {
  let app: NestExpressApplication;
  let store: MemoryEventStore;
  const http = () => request(app.getHttpServer());
  const append = (stream: string, body: object) =>
    http().post(`/streams/${stream}/events`).set('content-type', 'application/json').send(body);
  const metadataOf = async (stream: string) =>
    (await http().get(`/streams/${stream}`).expect(200)).body.events.map(
      (e: { metadata: Record<string, unknown> }) => e.metadata,
    );

  beforeEach(async () => {
    store = new MemoryEventStore();
    app = await ledgerApp(store);
  });
  afterEach(() => app.close());

  it("keeps the client's X-Correlation-Id, answers it, and writes it into each fact of the batch", async () => {
    const res = await append(CLUB_STREAM, {
      expectedRevision: 'no_stream',
      events: [clubRegistered()],
    })
      .set('X-Correlation-Id', 'club-system:batch-42')
      .expect(201);
    expect(res.headers['x-correlation-id']).toBe('club-system:batch-42');
    expect(await metadataOf(CLUB_STREAM)).toEqual([
      expect.objectContaining({ correlationId: 'club-system:batch-42', actor: 'secretary' }),
    ]);
  });

  it('gives a new UUID v7 when the client sends none, or one not safe to log', async () => {
    await append(CLUB_STREAM, { expectedRevision: 'no_stream', events: [clubRegistered()] }).expect(
      201,
    );
    const res = await append(ROSTER_STREAM, {
      expectedRevision: 'no_stream',
      events: [playerRegistered(1), playerRegistered(2)],
    })
      .set('X-Correlation-Id', 'a b {"x": 1}')
      .expect(201);
    const id = res.headers['x-correlation-id'];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const [club] = await metadataOf(CLUB_STREAM);
    expect(club.correlationId).not.toBe(id);
    expect(
      (await metadataOf(ROSTER_STREAM)).map((m: { correlationId: string }) => m.correlationId),
    ).toEqual([id, id]);
    // A read has one too.
    const read = await http().get('/health');
    expect(read.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a fact's own correlationId: the client's workflow, not the request", async () => {
    const fact = { ...clubRegistered(), metadata: { clubId: '1', correlationId: 'season-setup' } };
    await append(CLUB_STREAM, { expectedRevision: 'no_stream', events: [fact] })
      .set('X-Correlation-Id', 'req-1')
      .expect(201);
    expect((await metadataOf(CLUB_STREAM))[0].correlationId).toBe('season-setup');
  });

  it('a retry in another request is the same fact: 201 with the first result, the first correlation id kept', async () => {
    const fact = clubRegistered();
    const first = await append(CLUB_STREAM, { expectedRevision: 'no_stream', events: [fact] })
      .set('X-Correlation-Id', 'try-1')
      .expect(201);
    const retry = await append(CLUB_STREAM, { expectedRevision: 'no_stream', events: [fact] })
      .set('X-Correlation-Id', 'try-2')
      .expect(201);
    expect(retry.body).toEqual(first.body);
    expect(await store.headPosition()).toBe(1);
    expect((await metadataOf(CLUB_STREAM))[0].correlationId).toBe('try-1');
  });
});
