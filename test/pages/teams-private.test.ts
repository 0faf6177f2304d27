import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { asViewer, examplesApp, makeTablesPrivate } from './support';

/** A club that keeps its tables private keeps its teams events private: JSON, pages and list. */
describe('teams events of a club whose tables are private', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;

  beforeAll(async () => {
    ({ store, app } = await examplesApp());
    await makeTablesPrivate(app, 'ngaio');
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  const GP = 'ngaio-gladys-palmer-2026';
  const URLS = [
    `/teams/${GP}`,
    `/teams/${GP}/matches/r1-t1`,
    `/teams/${GP}/teams/rimu`,
    `/teams/${GP}/diff?from=1`,
    '/clubs/ngaio/players/kowhai-1/c-points',
    `/clubs/ngaio/teams/${GP}`,
    '/clubs/ngaio/teams',
  ];

  it('an anonymous viewer is refused every table; the list leaves the club’s events out', async () => {
    const anon = asViewer(app, { mode: 'anonymous' });
    for (const url of URLS)
      expect([url, (await request(anon).get(url)).status]).toEqual([url, 403]);
    const list = (await request(anon).get('/teams').expect(200)).body as Array<{ clubId: string }>;
    expect(list.some((e) => e.clubId === 'ngaio')).toBe(false);
    expect(list.some((e) => e.clubId === 'lochem')).toBe(true);
  });

  it('a key of the club reads them all, and sees its events in the list', async () => {
    const ngaio = asViewer(app, {
      mode: 'key',
      role: 'auditor',
      scope: { kind: 'club', id: 'ngaio' },
    });
    for (const url of URLS)
      expect([url, (await request(ngaio).get(url)).status]).toEqual([url, 200]);
    const list = (await request(ngaio).get('/teams').expect(200)).body as Array<{ clubId: string }>;
    expect(list.some((e) => e.clubId === 'ngaio')).toBe(true);
  });
});
