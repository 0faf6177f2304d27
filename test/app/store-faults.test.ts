import Database from 'better-sqlite3';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { clubRegistered, ledgerApp, playerRegistered, removeTempDirs, tempDbPath } from './support';

afterAll(removeTempDirs);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The app listening on a port, so that requests run side by side. */
async function serving(store: SqliteEventStore) {
  const app: NestExpressApplication = await ledgerApp(store);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return { app, http: request(`http://127.0.0.1:${port}`) };
}

const players = (n: number) => Array.from({ length: n }, (_, i) => playerRegistered(i + 1));

describe('SQLite write lock held by another process', () => {
  let store: SqliteEventStore;
  let app: NestExpressApplication;
  let http: ReturnType<typeof request>;
  let locker: Database.Database;
  let path: string;

  beforeEach(async () => {
    path = tempDbPath();
    store = new SqliteEventStore(path, { synchronous: 'NORMAL', busyTimeoutMs: 1500 });
    await store.appendToStream('club-1', [clubRegistered()], { expectedRevision: 'no_stream' });
    ({ app, http } = await serving(store));
    locker = new Database(path);
    locker.exec('BEGIN IMMEDIATE');
  });

  afterEach(async () => {
    if (locker.inTransaction) locker.exec('ROLLBACK');
    locker.close();
    await app.close();
    await store.close();
  });

  it('keeps /health and reads answering while an append waits, then answers the append 503 with Retry-After', async () => {
    const started = Date.now();
    const append = http
      .post('/streams/club-1-players/events')
      .send({ expectedRevision: 'any', events: [playerRegistered(1)] })
      .then((r) => r);
    await sleep(100);
    const t0 = Date.now();
    const health = await http.get('/health');
    expect(Date.now() - t0).toBeLessThan(300);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ writable: true, headPosition: 1 });
    const t1 = Date.now();
    expect((await http.get('/streams/club-1')).status).toBe(200);
    expect(Date.now() - t1).toBeLessThan(300);

    const res = await append;
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(res.body).toMatchObject({ error: 'StoreBusy' });
    expect(res.body.message).toMatch(/locked by another process/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(await store.headPosition()).toBe(1);
    // Once the lock is gone the same request succeeds.
    locker.exec('ROLLBACK');
    await http
      .post('/streams/club-1-players/events')
      .send({ expectedRevision: 'any', events: [playerRegistered(2)] })
      .expect(201);
  });

  it('appends once the lock is released within the bound', async () => {
    setTimeout(() => locker.exec('COMMIT'), 300);
    const res = await http
      .post('/streams/club-1-players/events')
      .send({ expectedRevision: 'any', events: players(2) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ nextExpectedRevision: 1, position: 3 });
  });
});

describe('disk full and I/O errors', () => {
  let store: SqliteEventStore;
  let app: NestExpressApplication;
  let http: ReturnType<typeof request>;

  beforeEach(async () => {
    store = new SqliteEventStore(tempDbPath(), { synchronous: 'NORMAL' });
    await store.appendToStream('club-1', [clubRegistered()], { expectedRevision: 'no_stream' });
    ({ app, http } = await serving(store));
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await app.close();
    await store.close();
  });

  it('a full disk is 507 StoreFull with the reason; /health says not writable and reads go on', async () => {
    // A real SQLITE_FULL: the file may not grow by a page.
    const pages = store.db.pragma('page_count', { simple: true }) as number;
    store.db.pragma(`max_page_count = ${pages}`);
    const res = await http
      .post('/streams/club-1-players/events')
      .send({ expectedRevision: 'any', events: players(200) });
    expect(res.status).toBe(507);
    expect(res.body).toMatchObject({ error: 'StoreFull', sqliteCode: 'SQLITE_FULL' });
    expect(res.body.reason).toMatch(/full/);
    expect(await store.headPosition()).toBe(1);

    const health = await http.get('/health').expect(200);
    expect(health.body).toMatchObject({
      status: 'degraded',
      writable: false,
      lastError: { code: 'STORE_FULL', at: expect.any(String) },
    });
    expect(Number.isNaN(Date.parse(health.body.lastError.at))).toBe(false);
    const read = await http.get('/streams/club-1').expect(200);
    expect(read.body.events).toHaveLength(1);

    // Space again: the next append is written and the store is writable again.
    store.db.pragma('max_page_count = 1073741823');
    await http
      .post('/streams/club-1-players/events')
      .send({ expectedRevision: 'any', events: players(200) })
      .expect(201);
    const after = await http.get('/health').expect(200);
    expect(after.body).toMatchObject({ status: 'ok', writable: true });
  });

  it('a file that can no longer be written is 503 StoreNotWritable with the reason', async () => {
    // A real SQLITE_READONLY from the engine.
    store.db.pragma('query_only = ON');
    const res = await http
      .post('/streams/club-1-players/events')
      .send({ expectedRevision: 'any', events: [playerRegistered(1)] });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: 'StoreNotWritable', sqliteCode: 'SQLITE_READONLY' });
    const health = await http.get('/health').expect(200);
    expect(health.body).toMatchObject({
      writable: false,
      lastError: { code: 'STORE_NOT_WRITABLE' },
    });
  });

  it('a disk I/O error is 503 StoreIoError with the reason, and reads go on', async () => {
    // Injected where better-sqlite3 runs a statement: the error as the driver throws it.
    const statement = Object.getPrototypeOf(store.db.prepare('SELECT 1')) as {
      run: (...args: unknown[]) => unknown;
    };
    jest.spyOn(statement, 'run').mockImplementationOnce(() => {
      throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' });
    });
    const res = await http
      .post('/streams/club-1-players/events')
      .send({ expectedRevision: 'any', events: [playerRegistered(1)] });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: 'StoreIoError', sqliteCode: 'SQLITE_IOERR_WRITE' });
    expect(res.body.reason).toMatch(/I\/O/);
    expect((await http.get('/health').expect(200)).body).toMatchObject({
      writable: false,
      lastError: { code: 'STORE_IO_ERROR' },
    });
    await http.get('/events').expect(200);
  });
});
