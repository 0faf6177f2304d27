import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { RecordedEvent } from '../../src/kernel/envelope';
import { projections } from '../../src/contexts/projections';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import { SqliteProjectionStateStore } from '../../src/ledger/projection-state-store';
import { startService } from '../../src/cli/commands/serve';
import type { EventStore, ReadAllOptions } from '../../src/store/event-store';
import type { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import {
  DSB,
  examplesStore,
  expectStandingNowAtHead,
  appOfRunner,
  pairEntered,
  playerRegistered,
  removeTempDirs,
} from './support-dsb';

afterAll(removeTempDirs);

/**
 * A store whose $all reads wait for the test, page by page: a catch-up that takes as long as
 * the test wants. Everything else is the store's own.
 */
function slowed(inner: EventStore) {
  let released = 0;
  let wake: (() => void) | undefined;
  const store: EventStore = {
    url: inner.url,
    appendToStream: (s, e, o) => inner.appendToStream(s, e, o),
    readStream: (s, o) => inner.readStream(s, o),
    async *readAll(options?: ReadAllOptions): AsyncGenerator<RecordedEvent> {
      while (released <= 0) await new Promise<void>((resolve) => (wake = resolve));
      if (released !== Infinity) released -= 1;
      yield* inner.readAll(options);
    },
    subscribeToAll: (o) => inner.subscribeToAll(o),
    headPosition: () => inner.headPosition(),
    close: () => inner.close(),
  };
  return {
    store,
    /** Lets `pages` more reads of $all through (Infinity: all of them). */
    release(pages: number) {
      released += pages;
      wake?.();
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 20));
describe('the service answers while its read models catch up', () => {
  let store: SqliteEventStore;
  let runner: ProjectionRunner;
  let app: NestExpressApplication;
  let slow: ReturnType<typeof slowed>;
  let head: number;

  beforeAll(async () => {
    store = await examplesStore();
    head = await store.headPosition();
    slow = slowed(store);
    runner = new ProjectionRunner(
      slow.store,
      new SqliteProjectionStateStore(store.db),
      projections,
      {
        pageSize: 50,
      },
    );
    app = await appOfRunner(store, runner);
    runner.start();
  });

  afterAll(async () => {
    slow.release(Infinity);
    runner.stop();
    await app.close();
    await store.close();
  });

  it('/health says "catching up (position n of m)" with the machine-readable fields and the rate, as the pages come in', async () => {
    await tick();
    const first = await request(app.getHttpServer()).get('/health').expect(200);
    expect(first.body).toEqual({
      status: 'catching-up',
      message: `catching up (position 0 of ${head})`,
      caughtUp: false,
      position: 0,
      store: store.url,
      writable: true,
      readOnly: false,
      lastError: null,
      headPosition: head,
      // Read by `serve` after the catch-up (this app has no serve): where it stands.
      directory: { position: expect.any(Number) },
    });
    slow.release(2);
    await tick();
    const later = await request(app.getHttpServer()).get('/health').expect(200);
    expect(later.body).toMatchObject({
      status: 'catching-up',
      message: `catching up (position 100 of ${head})`,
      caughtUp: false,
      position: 100,
    });
    // How fast it reads: the facts since the catch-up began, a second.
    expect(later.body.rate).toBeGreaterThan(0);
  });

  it('a table "now" is refused 503 with Retry-After and the same message; as of a position it is a replay, answered', async () => {
    const refused = await request(app.getHttpServer())
      .get(`/competitions/${DSB}/standings`)
      .expect(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toMatchObject({
      error: 'CatchingUp',
      position: 100,
      headPosition: head,
    });
    expect(refused.body.message).toMatch(/^catching up \(position 100 of \d+\)/);
    await request(app.getHttpServer()).get('/clubs/dsb/championship?season=2014-2015').expect(503);
    await request(app.getHttpServer()).get(`/competitions/${DSB}/c-points`).expect(503);
    const asOf = await request(app.getHttpServer())
      .get(`/competitions/${DSB}/standings?atPosition=${head}`)
      .expect(200);
    expect(asOf.body).toMatchObject({ competitionId: DSB, position: head, final: true });
  });

  it('appends are decided from the streams meanwhile: LEDGER a pair entered twice is refused, a new pair accepted', async () => {
    const post = (events: unknown[]) =>
      request(app.getHttpServer())
        .post(`/streams/competition-${DSB}/events`)
        .send({ expectedRevision: 'any', events });
    const refused = await post([pairEntered('dsb-p1', ['dsb-x1', 'dsb-x2'])]).expect(422);
    expect(refused.body).toMatchObject({ rule: 'LEDGER', field: 'events[0].data.pairId' });
    expect(runner.status().caughtUp).toBe(false);
    // Its players join the roster first (a pair names registered players), read meanwhile too.
    await request(app.getHttpServer())
      .post('/streams/club-dsb-players/events')
      .send({ expectedRevision: 'any', events: ['dsb-x1', 'dsb-x2'].map(playerRegistered) })
      .expect(201);
    await post([pairEntered('dsb-p99', ['dsb-x1', 'dsb-x2'])]).expect(201);
    head = await store.headPosition();
  });

  it('once caught up, /health is ok and the table now is the live one, equal to the replay at the head', async () => {
    slow.release(Infinity);
    await runner.caughtUp();
    await tick();
    const health = await request(app.getHttpServer()).get('/health').expect(200);
    expect(health.body).toEqual({
      status: 'ok',
      caughtUp: true,
      position: head,
      store: store.url,
      writable: true,
      readOnly: false,
      lastError: null,
      headPosition: head,
      // Read by `serve` after the catch-up (this app has no serve): where it stands.
      directory: { position: expect.any(Number) },
    });
    await expectStandingNowAtHead(app, head);
  });
});

describe('serve opens its port before the catch-up', () => {
  it('a real server answers /health "catching up" while the runner has read nothing, then ok', async () => {
    const store = await examplesStore();
    const head = await store.headPosition();
    const slow = slowed(store);
    const service = await startService({
      store: slow.store,
      port: 0,
      host: '127.0.0.1',
      logger: false,
      runner: { pageSize: 100 },
    });
    try {
      const before = await (await fetch(`${service.server.url}/health`)).json();
      expect(before).toMatchObject({ status: 'catching-up', caughtUp: false, position: 0 });
      const table = await fetch(`${service.server.url}/competitions/${DSB}/standings`);
      expect(table.status).toBe(503);
      expect(table.headers.get('retry-after')).toBe('5');
      slow.release(Infinity);
      await service.runner.caughtUp();
      const after = await (await fetch(`${service.server.url}/health`)).json();
      expect(after).toEqual({
        status: 'ok',
        caughtUp: true,
        position: head,
        store: store.url,
        writable: true,
        readOnly: false,
        lastError: null,
        headPosition: head,
        directory: { position: expect.any(Number) },
      });
      expect((await fetch(`${service.server.url}/competitions/${DSB}/standings`)).status).toBe(200);
      // The ledger directory is read after the catch-up, in the background: it reaches the head.
      let directory = (after as { directory: { position: number } }).directory.position;
      for (let i = 0; i < 200 && directory < head; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const h = (await (await fetch(`${service.server.url}/health`)).json()) as {
          directory: { position: number };
        };
        directory = h.directory.position;
      }
      expect(directory).toBe(head);
    } finally {
      await service.close();
      await store.close();
    }
  });
});
