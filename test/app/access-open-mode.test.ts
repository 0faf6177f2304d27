import request from 'supertest';
import { v7 as uuidv7 } from 'uuid';
import { PublishedController } from '../../src/contexts/pairs/http/published.controller';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { KeysController } from '../../src/contexts/access/http/keys.controller';
import { LoginController } from '../../src/contexts/access/http/login.controller';
import { ROUTE_ACCESS } from '../../src/app/http/access/route-access';
import {
  EventsController,
  HealthController,
  StreamsController,
} from '../../src/app/http/controllers';
import { CorrectionsController } from '../../src/contexts/corrections/http/corrections.controller';
import { LeaguesController } from '../../src/contexts/league/http/leagues.controller';
import { catalogue } from '../../src/contexts/catalogue';
import { isLoopback } from '../../src/contexts/access/read/open-mode';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { cli, head } from '../support/cli';
import { tempDbPath } from '../support/temp';
import { ledgerApp } from './support';

/** The JSON API's controllers: a new one joins this list, and its routes the access table. */
const JSON_CONTROLLERS = [
  HealthController,
  StreamsController,
  EventsController,
  PublishedController,
  CorrectionsController,
  LeaguesController,
  KeysController,
  LoginController,
];

/** `GET /clubs/:clubId/corrections`: a controller's routes as Nest declares them. */
function routesOf(controller: new (...args: never[]) => unknown): string[] {
  const join = (...parts: string[]) =>
    '/' +
    parts
      .flatMap((p) => p.split('/'))
      .filter(Boolean)
      .join('/');
  const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
  const proto = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(proto).flatMap((name) => {
    const handler = proto[name];
    if (typeof handler !== 'function' || name === 'constructor') return [];
    const path = Reflect.getMetadata(PATH_METADATA, handler);
    if (path === undefined) return [];
    const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
    return [`${method} ${join(base, String(path))}`];
  });
}

const registration = (clubId: string, actor = 'secretary') => ({
  expectedRevision: 'any',
  events: [
    {
      id: uuidv7(),
      type: 'ClubRegistered',
      occurredAt: '2026-02-02T19:30:00+13:00',
      data: { clubId, name: `Club ${clubId}`, timeZone: 'Pacific/Auckland' },
      metadata: { clubId, actor },
    },
  ],
});

describe('open mode, until the first key', () => {
  it('no key issued: anyone appends and reads as before, the client’s actor stands; the first key (POST /keys, open) ends it', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const app = await ledgerApp(store);
    const http = () => request(app.getHttpServer());
    try {
      expect((await http().post('/streams/club-a/events').send(registration('a'))).status).toBe(
        201,
      );
      const [stored] = await (async () => {
        const out = [];
        for await (const e of store.readStream('club-a')) out.push(e);
        return out;
      })();
      expect(stored!.metadata).toEqual({
        clubId: 'a',
        actor: 'secretary',
        correlationId: expect.any(String),
      });
      expect((await http().get('/events')).status).toBe(200);
      expect((await http().get('/keys')).body).toEqual({ keys: [] });
      const admin = await http().post('/keys').send({ role: 'admin', label: 'first' });
      expect(admin.status).toBe(201);
      expect(admin.body.issuedBy).toBe('http:open-mode');
      const anonymous = await http().post('/streams/club-b/events').send(registration('b'));
      expect(anonymous.status).toBe(401);
      expect((await http().get('/events')).status).toBe(401);
      expect((await http().post('/keys').send({ role: 'admin' })).status).toBe(401);
      const withKey = await http()
        .post('/streams/club-b/events')
        .set({ Authorization: `Bearer ${admin.body.token}` })
        .send(registration('b'));
      expect(withKey.status).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('a login in open mode is refused, saying there is nothing to log in to', async () => {
    const app = await ledgerApp(new MemoryEventStore({ upcast: catalogue.upcast }));
    try {
      const r = await request(app.getHttpServer()).post('/login').type('form').send({ key: 'x' });
      expect(r.status).toBe(401);
      expect(r.text).toMatch(/open mode/);
    } finally {
      await app.close();
    }
  });

  it('every route of the JSON API is in the access table, and the table names no route the app lacks; a route of no row is a GET (a page, open to the guard)', async () => {
    const app = await ledgerApp(new MemoryEventStore({ upcast: catalogue.upcast }));
    try {
      const router = (
        app.getHttpAdapter().getInstance() as {
          router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
        }
      ).router;
      // Middleware mounted on every path (pino-http's, through Nest) is not a route.
      const served = router.stack.flatMap((l) =>
        l.route && !l.route.path.includes('{*')
          ? Object.keys(l.route.methods)
              .filter((m) => m !== '_all')
              .map((m) => `${m.toUpperCase()} ${l.route!.path}`)
          : [],
      );
      expect(Object.keys(ROUTE_ACCESS).filter((r) => !served.includes(r))).toEqual([]);
      // Other modules' routes (the pages) may be GETs of no row; never another method.
      expect(
        served.filter((r) => !Object.hasOwn(ROUTE_ACCESS, r) && !/^(GET|HEAD) /.test(r)),
      ).toEqual([]);
      const api = JSON_CONTROLLERS.flatMap(routesOf);
      expect(api.length).toBeGreaterThan(15);
      expect(api.filter((r) => !Object.hasOwn(ROUTE_ACCESS, r))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('serve without keys is for loopback only', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])(
    '%s is loopback',
    (host) => expect(isLoopback(host)).toBe(true),
  );
  it.each(['0.0.0.0', '::', '192.168.1.2', '10.0.0.1', 'example.org', ''])('%s is not', (host) =>
    expect(isLoopback(host)).toBe(false),
  );

  it('serve --host 0.0.0.0 with no key issued is refused at start: exit 2, a clear error, nothing loaded', async () => {
    const store = `sqlite:${tempDbPath()}`;
    const r = await cli('serve', '--store', store, '--host', '0.0.0.0', '--port', '0');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /no API key is issued \(open mode: anyone who can reach the server may append\), so it serves on a loopback interface only, not 0\.0\.0\.0/,
    );
    expect(await head(store)).toBe(0);
  });
});
