import type { NestExpressApplication } from '@nestjs/platform-express';
import { get as httpGet } from 'node:http';
import request from 'supertest';
import { clubIdOf, history } from '../../bench/standings/history';
import { catalogue } from '../../src/contexts/catalogue';
import { championshipOf } from '../../src/contexts/pairs/projection';
import { competitionsState, standingsFrom } from '../../src/audit/published';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp } from './support';

/** GET with a fresh connection: its latency in ms, status and body. */
function timedGet(url: string): Promise<{ ms: number; status: number; body: string }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    httpGet(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({ ms: performance.now() - start, status: res.statusCode ?? 0, body }),
      );
    }).on('error', reject);
  });
}

/** Over HTTP: as-of answers from the club's streams, and the server answering meanwhile. */
describe('HTTP: as-of answers do not hold up other requests', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;
  let url: string;

  beforeAll(async () => {
    // A district's season: 24 clubs × 4 DSB pairs competitions, some 20,000 facts.
    store = new MemoryEventStore({ upcast: catalogue.upcast });
    const shape = { seasons: 1, clubs: 24, competitions: 4, pairs: 24, firstYear: 2006 };
    for (const b of history(shape)) await store.appendToStream(b.streamId, b.events);
    app = await ledgerApp(store);
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it('/health answers promptly while an as-of standing over a 20,000-fact ledger is computed (a turn every 1,000 events read)', async () => {
    const head = await store.headPosition();
    expect(head).toBeGreaterThan(20_000);
    const competitionId = `${clubIdOf(11)}-2006-c4`;
    // The longest the event loop went without a turn while the answer was computed (the
    // directory's first pass over $all included: this is the first as-of request).
    let stall = 0;
    let last = performance.now();
    const monitor = setInterval(() => {
      const now = performance.now();
      stall = Math.max(stall, now - last);
      last = now;
    }, 1);
    const health: number[] = [];
    let done = false;
    const poll = (async () => {
      while (!done) {
        const h = await timedGet(`${url}/health`);
        expect(h.status).toBe(200);
        health.push(h.ms);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const answer = await timedGet(
      `${url}/competitions/${competitionId}/standings?atPosition=${head - 10}`,
    );
    done = true;
    await poll;
    clearInterval(monitor);
    expect(answer.status).toBe(200);
    if (process.env.ASOF_DEBUG) console.log({ answer: answer.ms, stall, health });
    // The replay of $all was one turn: /health was answered once before it and once after.
    // Now reading gives a turn every 1,000 events, so /health is answered throughout. The
    // machine is shared, so time is compared with the answer's own (a loaded machine stretches
    // both alike): no turn, and no /health, waited half as long as the answer (with the replay
    // of $all the longest wait for a turn was some 95 % of the answer).
    expect(health.length).toBeGreaterThanOrEqual(3);
    expect(stall).toBeLessThan(answer.ms / 2);
    expect(Math.max(...health)).toBeLessThan(answer.ms / 2);
    // And the answer is the full replay's.
    const full = await competitionsState(store, { atPosition: head - 10 });
    expect(answer.body).toBe(JSON.stringify(standingsFrom(full, competitionId)));
  });

  it('an as-of championship over the same ledger is the full replay’s (DSB-11)', async () => {
    const clubId = clubIdOf(3);
    const res = await request(app.getHttpServer())
      .get(`/clubs/${clubId}/championship?season=2006-2007&atPosition=15000`)
      .expect(200);
    const full = await competitionsState(store, { atPosition: 15000 });
    expect(res.text).toBe(JSON.stringify(championshipOf(full, clubId, '2006-2007')));
    expect(res.body.position).toBe(15000);
  });
});

describe('HTTP: as-of refusals are unchanged by the slice', () => {
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

  it('404 UnknownCompetition for a competition not in the ledger, or not yet as of the position', async () => {
    for (const path of [
      '/competitions/nope/standings?atPosition=100',
      '/competitions/nope/c-points?asOf=2030-01-01T00:00:00Z',
      '/competitions/club-pairs-2026/standings?atPosition=1',
    ]) {
      const res = await request(server).get(path).expect(404);
      expect(res.body).toEqual({
        error: 'UnknownCompetition',
        message: expect.stringMatching(/^no competition (nope|club-pairs-2026) in the ledger$/),
      });
    }
  });

  it('400 InvalidRequest naming asOf or atPosition, for standings, C points and the championship', async () => {
    for (const path of [
      '/competitions/club-pairs-2026/standings?asOf=yesterday',
      '/competitions/club-pairs-2026/c-points?asOf=2026-13-45',
      '/clubs/dsb/championship?season=2014-2015&asOf=soon',
    ]) {
      const res = await request(server).get(path).expect(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest', issues: [{ field: 'asOf' }] });
    }
    const res = await request(server)
      .get('/competitions/dsb-2014-c1/standings?atPosition=-3')
      .expect(400);
    expect(res.body).toMatchObject({ error: 'InvalidRequest', issues: [{ field: 'atPosition' }] });
  });
});
