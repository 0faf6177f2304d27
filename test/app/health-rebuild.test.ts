import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { projections } from '../../src/contexts/projections';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import { SqliteProjectionStateStore } from '../../src/ledger/projection-state-store';
import type { RebuildStatus } from '../../src/ledger/runner-options';
import type { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { appOfRunner, examplesStore, removeTempDirs } from './support-dsb';

afterAll(removeTempDirs);

/**
 * `/health` while the read models are rebuilt on worker threads: how far each share has folded,
 * then, every share done, that what they saved is being joined (by a worker of its own: the
 * service answers meanwhile).
 */
describe('/health while the read models are rebuilt on worker threads', () => {
  let store: SqliteEventStore;
  let runner: ProjectionRunner;
  let app: NestExpressApplication;
  let head: number;
  let show!: (status: RebuildStatus) => void;
  let finish!: () => void;

  beforeAll(async () => {
    store = await examplesStore();
    head = await store.headPosition();
    const shown = new Promise<void>((resolve) => {
      const runs = {
        minFacts: 1,
        // The rebuild as the test tells it: its progress, then its end.
        run: (_names: string[], _head: number, progress: (s: RebuildStatus) => void) => {
          show = progress;
          resolve();
          return new Promise<void>((done) => (finish = done));
        },
      };
      runner = new ProjectionRunner(store, new SqliteProjectionStateStore(store.db), projections, {
        rebuildElsewhere: runs,
      });
    });
    app = await appOfRunner(store, runner);
    runner.start();
    await shown;
  });

  afterAll(async () => {
    finish();
    runner.stop();
    await app.close();
    await store.close();
  });

  const shares = (a: number, b: number) => [
    { projections: ['club-roster', 'competitions@1of2'], position: a },
    { projections: ['competitions@2of2'], position: b },
  ];

  it('says how far the slower share has folded, of the head', async () => {
    show({ head, shares: shares(900, 700) });
    const res = await request(app.getHttpServer()).get('/health').expect(200);
    expect(res.body.caughtUp).toBe(false);
    expect(res.body.message).toBe(
      `rebuilding the read models on 2 worker thread(s) (position 700 of ${head})`,
    );
    expect(res.body.rebuild.done).toBe(700);
  });

  it('says, every share done, that what they saved is being joined', async () => {
    show({ head, shares: shares(head, head), joining: true });
    const res = await request(app.getHttpServer()).get('/health').expect(200);
    expect(res.body.caughtUp).toBe(false);
    expect(res.body.message).toBe(
      `joining what the read models' 2 worker thread(s) rebuilt (position ${head})`,
    );
    expect(res.body.rebuild.joining).toBe(true);
  });
});
