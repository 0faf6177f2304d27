import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { raw } from './raw-request';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp, playerRegistered } from './support';

/**
 * Dates and the tables' query parameters, read by the same rules as the CLI
 * (src/audit/table-query.ts), on the example seasons (club-pairs-2026: 10 sessions).
 */
describe('HTTP: dates and query parameters', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;
  let server: ReturnType<NestExpressApplication['getHttpServer']>;

  beforeAll(async () => {
    store = new MemoryEventStore({ upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
    app = await ledgerApp(store);
    server = app.getHttpServer();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it.each([
    ['2026-02-30T19:30:00+13:00', 'a day February does not have'],
    ['0000-03-02T19:30:00Z', 'year 0000'],
    ['2026-03-02T24:30:00+13:00', 'hour 24'],
    ['2026-03-02T19:30:00+25:00', 'a zone offset of 25 hours'],
    ['2026-03-02', 'a day without a time and zone'],
  ])('occurredAt %s (%s) is refused, naming the field, and nothing is written', async (at) => {
    const head = await store.headPosition();
    const res = await request(server)
      .post('/streams/club-karori-players/events')
      .send({ expectedRevision: 'any', events: [{ ...playerRegistered(1), occurredAt: at }] })
      .expect(400);
    expect(res.body).toMatchObject({
      error: 'InvalidEvent',
      issues: [{ field: 'events[0].occurredAt', message: expect.stringMatching(/ISO 8601/) }],
    });
    expect(await store.headPosition()).toBe(head);
  });

  it.each(['2026-02-30T00:00:00Z', '0000-01-01T00:00:00Z', '2026-03-01', '2026-03-01T00:00'])(
    'asOf=%s is refused, naming asOf, on standings, C points and the championship',
    async (asOf) => {
      for (const path of [
        '/competitions/club-pairs-2026/standings',
        '/competitions/club-pairs-2026/c-points',
        '/clubs/dsb/championship?season=2014-2015',
      ]) {
        const res = await request(server).get(path).query({ asOf }).expect(400);
        expect(res.body).toMatchObject({
          error: 'InvalidRequest',
          issues: [
            {
              field: 'asOf',
              message: 'asOf must be an ISO 8601 instant with a zone, e.g. 2014-10-14T00:00:00Z',
            },
          ],
        });
      }
    },
  );

  it('a valid leap day and an instant with an offset are read', async () => {
    for (const asOf of ['2096-02-29T12:00:00Z', '2099-03-01T00:00:00+13:00']) {
      const res = await request(server)
        .get('/competitions/club-pairs-2026/standings')
        .query({ asOf })
        .expect(200);
      expect(res.body.competitionId).toBe('club-pairs-2026');
    }
  });

  it('asOf with atPosition is a 400 naming both, on every table', async () => {
    for (const path of [
      '/competitions/club-pairs-2026/standings',
      '/competitions/club-pairs-2026/c-points',
      '/clubs/dsb/championship?season=2014-2015',
    ]) {
      const res = await request(server)
        .get(path)
        .query({ asOf: '2026-03-01T00:00:00Z', atPosition: 400 })
        .expect(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest', issues: [{ field: 'asOf' }] });
      expect(res.body.message).toMatch(/asOf.*atPosition/);
    }
  });

  it('afterSession beyond the competition’s sessions is a 400 naming afterSession and the count, as session is', async () => {
    const res = await request(server)
      .get('/competitions/club-pairs-2026/standings?afterSession=11')
      .expect(400);
    expect(res.body).toEqual({
      error: 'InvalidRequest',
      message:
        'afterSession must be a session number of competition club-pairs-2026 (1–10), got 11',
      issues: [
        {
          field: 'afterSession',
          message:
            'afterSession must be a session number of competition club-pairs-2026 (1–10), got 11',
        },
      ],
    });
    const last = await request(server)
      .get('/competitions/club-pairs-2026/standings?afterSession=10')
      .expect(200);
    expect(last.body.afterSession).toBe(10);
  });

  it('a POST without Content-Type is a 415, as documented', async () => {
    const res = await raw(server, {
      method: 'POST',
      path: '/streams/club-karori-players/events',
      body: JSON.stringify({ expectedRevision: 'any', events: [playerRegistered(1)] }),
    });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toMatchObject({
      error: 'UnsupportedMediaType',
      message: expect.stringMatching(/application\/json/),
    });
  });

  it('a 100k-character path is answered 414 with a JSON body naming the limit', async () => {
    const res = await raw(server, { method: 'GET', path: `/streams/${'a'.repeat(100_000)}` });
    expect(res.status).toBe(414);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(res.body)).toEqual({
      error: 'UriTooLong',
      message: expect.stringMatching(/request line.*16384 bytes/),
    });
  });

  it('headers too large are answered 431 with a JSON body', async () => {
    const res = await raw(server, {
      method: 'GET',
      path: '/health',
      headers: { 'x-big': 'b'.repeat(20_000) },
    });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'RequestHeaderFieldsTooLarge' });
  });
});
