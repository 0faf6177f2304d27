import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { projections } from '../../src/contexts/projections';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import { SqliteProjectionStateStore } from '../../src/ledger/projection-state-store';
import type { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import {
  DSB,
  examplesStore,
  expectStandingNowAtHead,
  appOfRunner,
  pairEntered,
  playerRegistered,
  removeTempDirs,
  servedOnce,
} from './support-dsb';

afterAll(removeTempDirs);

/**
 * A restart: the read models a runner saved are put back, which on a long ledger takes a while.
 * The port answers meanwhile, and so do the tables: from the saved partitions of their club,
 * with the facts appended after the checkpoint folded in, the same as once loaded.
 */
describe('the tables are answered while the saved read models are put back', () => {
  let store: SqliteEventStore;
  let runner: ProjectionRunner;
  let app: NestExpressApplication;
  let head: number;
  let release!: () => void;

  beforeAll(async () => {
    store = await examplesStore();
    await servedOnce(store);
    // Facts after the saved checkpoint: a new member and a new pair of the DSB competition.
    await store.appendToStream('club-dsb-players', ['dsb-x1', 'dsb-x2'].map(playerRegistered));
    await store.appendToStream(`competition-${DSB}`, [
      pairEntered('dsb-p99', ['dsb-x1', 'dsb-x2']),
    ]);
    head = await store.headPosition();
    // A saved partition no later fact changed, marked: what shows it was read from the file.
    store.db
      .prepare(
        "UPDATE projection_partitions SET state = json_set(state, '$.competition.name', 'FROM THE SAVED MODEL') WHERE name = 'competitions' AND key = 'competition:dsb-2014-c2'",
      )
      .run();
    // The saved partitions are put back only when the test says.
    const states = new SqliteProjectionStateStore(store.db);
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inPages = states.loadPartitionsInPages.bind(states);
    states.loadPartitionsInPages = async (name, between, size) => {
      await gate;
      return inPages(name, between, size);
    };
    runner = new ProjectionRunner(store, states, projections);
    app = await appOfRunner(store, runner);
    runner.start();
    await new Promise((r) => setTimeout(r, 20));
  });

  afterAll(async () => {
    release();
    runner.stop();
    await app.close();
    await store.close();
  });

  it('/health says the saved read models are loading, and which are loaded', async () => {
    const health = await request(app.getHttpServer()).get('/health').expect(200);
    expect(health.body).toMatchObject({
      status: 'catching-up',
      caughtUp: false,
      loading: true,
      loaded: [],
      headPosition: head,
    });
    expect(health.body.message).toMatch(/^loading the saved read models \(0 loaded\)/);
  });

  it('a standing now is answered, with the pair entered after the checkpoint: the replay at the head', async () => {
    expect(runner.status()).toMatchObject({ caughtUp: false, loading: true });
    await expectStandingNowAtHead(app, head);
  });

  it('a partition no fact changed since the checkpoint is the saved one (marked here), not a replay', async () => {
    const now = await request(app.getHttpServer())
      .get('/competitions/dsb-2014-c2/standings')
      .expect(200);
    expect(JSON.stringify(now.body)).toContain('FROM THE SAVED MODEL');
    const replay = await request(app.getHttpServer())
      .get(`/competitions/dsb-2014-c2/standings?atPosition=${head}`)
      .expect(200);
    expect(JSON.stringify(replay.body)).not.toContain('FROM THE SAVED MODEL');
  });

  it('the championship and the C points now too, each the replay at the head', async () => {
    for (const path of [
      '/clubs/dsb/championship?season=2014-2015',
      '/competitions/club-pairs-2026/c-points',
    ]) {
      const now = await request(app.getHttpServer()).get(path).expect(200);
      const sep = path.includes('?') ? '&' : '?';
      const replay = await request(app.getHttpServer())
        .get(`${path}${sep}atPosition=${head}`)
        .expect(200);
      expect([path, now.body]).toEqual([path, replay.body]);
    }
  });

  it('once loaded and caught up, the live table is the same', async () => {
    const during = await request(app.getHttpServer()).get(`/competitions/${DSB}/standings`);
    release();
    await runner.caughtUp();
    expect(runner.status()).toEqual({ caughtUp: true, position: head });
    const live = await request(app.getHttpServer())
      .get(`/competitions/${DSB}/standings`)
      .expect(200);
    expect(live.body).toEqual(during.body);
  });
});
