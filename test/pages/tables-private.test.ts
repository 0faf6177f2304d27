import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { asViewer, examplesApp } from './support';

// A club that marked its tables private (no fact says so yet: the one function answers true).
jest.mock('../../src/app/pages/tables-private', () => ({ tablesPrivate: () => true }));

/** Issue 17: published tables are public unless the club marks them private (mayReadPublished). */
describe('issue 17 pages: a club whose tables are private', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;

  beforeAll(async () => {
    ({ store, app } = await examplesApp());
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
    '/clubs/dsb/championship/2014-2015',
  ];

  it('issue 17: an anonymous viewer gets the 403 page (with /login) for every table of the club', async () => {
    const anon = asViewer(app, { mode: 'anonymous' });
    for (const url of TABLES) {
      const res = await request(anon).get(url);
      expect([url, res.status]).toEqual([url, 403]);
      expect(res.text).toContain('href="/login"');
    }
  });

  it("issue 17: a key of the club reads its tables; another club's key does not", async () => {
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
    expect((await request(dsb).get('/clubs/dsb/championship/2014-2015')).status).toBe(200);
  });
});
