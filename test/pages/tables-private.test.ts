import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { asViewer, examplesApp, makeTablesPrivate } from './support';

/** Published tables are public unless the club marks them private (mayReadPublished). */
describe('pages: a club whose tables are private', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;

  beforeAll(async () => {
    ({ store, app } = await examplesApp());
    await makeTablesPrivate(app, 'karori');
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  const NZ = '/clubs/karori/competitions/club-pairs-2026';
  const TABLES = [
    '/clubs/karori',
    NZ,
    `${NZ}/standings.csv`,
    `${NZ}/explain/nz-p2`,
    `${NZ}/diff?from=571`,
    `${NZ}/c-points`,
  ];

  it('an anonymous viewer gets the 403 page (with /login) for every table of the club', async () => {
    const anon = asViewer(app, { mode: 'anonymous' });
    for (const url of TABLES) {
      const res = await request(anon).get(url);
      expect([url, res.status]).toEqual([url, 403]);
      expect(res.text).toContain('href="/login"');
    }
  });

  it("a key of the club reads its tables; another club's key does not", async () => {
    const karori = asViewer(app, {
      mode: 'key',
      role: 'auditor',
      scope: { kind: 'club', id: 'karori' },
    });
    const dsb = asViewer(app, {
      mode: 'key',
      role: 'director',
      scope: { kind: 'club', id: 'dsb' },
    });
    for (const url of TABLES.filter((u) => u.includes('karori'))) {
      expect([url, (await request(karori).get(url)).status]).toEqual([url, 200]);
      expect([url, (await request(dsb).get(url)).status]).toEqual([url, 403]);
    }
    // Another club's tables stay public, to a key of any club and to no key at all.
    expect((await request(dsb).get('/clubs/dsb/championship/2014-2015')).status).toBe(200);
    const anon = asViewer(app, { mode: 'anonymous' });
    expect((await request(anon).get('/clubs/dsb/championship/2014-2015')).status).toBe(200);
    // The JSON route of the same table is refused alike (the guard reads the same fact).
    expect((await request(anon).get('/competitions/club-pairs-2026/standings')).status).toBe(403);
  });
});
