import SwaggerParser from '@apidevtools/swagger-parser';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import {
  RequestMethod,
  type DynamicModule,
  type ForwardReference,
  type Type,
} from '@nestjs/common';
import request from 'supertest';
import { DECORATORS } from '@nestjs/swagger';
import { LedgerHttpModule } from '../../src/app/http/ledger-http.module';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp } from './support';

/**
 * The OpenAPI document at /api.json is built from the routes and the DTOs, and says
 * the truth about them: every route is in it and nothing else, each with its success and its
 * refusals, and the document is valid OpenAPI 3.
 */

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/**
 * The routes for people (the page controllers and the login form): the registered controllers
 * marked @ApiExcludeController, whose routes the API document leaves out.
 */
type ModuleRef = DynamicModule | Type | Promise<DynamicModule> | ForwardReference;

/** The controllers of a module and of every module it imports (each context's own module). */
function controllersOf(mod: ModuleRef): Type[] {
  if (typeof mod === 'function') {
    const own = (Reflect.getMetadata('controllers', mod) as Type[] | undefined) ?? [];
    const imports = (Reflect.getMetadata('imports', mod) as ModuleRef[] | undefined) ?? [];
    return [...own, ...imports.flatMap(controllersOf)];
  }
  if ('module' in mod) {
    return [
      ...((mod.controllers ?? []) as Type[]),
      ...controllersOf(mod.module),
      ...(mod.imports ?? []).flatMap((m) => controllersOf(m as ModuleRef)),
    ];
  }
  return [];
}

function pageRoutes(): string[] {
  const controllers = controllersOf(LedgerHttpModule.forStore(new MemoryEventStore()));
  return controllers
    .filter((c) => (Reflect.getMetadata(DECORATORS.API_EXCLUDE_CONTROLLER, c) as unknown[])?.[0])
    .flatMap(routesOf);
}

function routesOf(controller: { prototype: object }): string[] {
  const proto = controller.prototype as unknown as Record<string, object>;
  const base = (Reflect.getMetadata(PATH_METADATA, controller) as string | undefined) ?? '';
  return Object.getOwnPropertyNames(proto).flatMap((name) => {
    const handler = proto[name];
    const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
    const method = Reflect.getMetadata(METHOD_METADATA, handler) as number | undefined;
    if (path === undefined || method === undefined) return [];
    const spelled =
      `/${[base, path].filter((p) => p && p !== '/').join('/')}`
        .replace(/\/+$/, '')
        .replace(/:(\w+)/g, '{$1}') || '/';
    return [`${RequestMethod[method]} ${spelled}`];
  });
}

/** Every (METHOD path) the Express router serves, in OpenAPI's path spelling. */
function servedRoutes(app: NestExpressApplication): string[] {
  const router = (app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } }).router;
  const out: string[] = [];
  for (const layer of router.stack) {
    // Middleware mounted on every path (pino-http's, through Nest) is not a route.
    if (!layer.route || layer.route.path.includes('{*')) continue;
    const path = layer.route.path.replace(/:(\w+)/g, '{$1}');
    for (const method of Object.keys(layer.route.methods))
      if (method !== '_all') out.push(`${method.toUpperCase()} ${path}`);
  }
  return out;
}

type Operation = {
  responses: Record<string, unknown>;
  parameters?: { name: string; in: string }[];
};

describe('the OpenAPI document', () => {
  let app: NestExpressApplication;
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    app = await ledgerApp(new MemoryEventStore());
    const res = await request(app.getHttpServer()).get('/api.json').expect(200);
    doc = res.body as typeof doc;
  });
  afterAll(() => app.close());

  it('is valid OpenAPI 3', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('documents every route the service answers, and no route it does not', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const pages = pageRoutes();
    expect(pages).toContain('GET /clubs/{clubId}/competitions/{competitionId}');
    // Each page controller (club, league, register) is marked, not only the first.
    expect(pages).toContain('GET /leagues/{leagueId}/fixtures/{fixtureId}');
    expect(pages).toContain('GET /clubs/{clubId}/register/visitors');
    const served = servedRoutes(app).filter(
      (r) => !/ \/api(\.json|\.yaml|\/|$)/.test(r) && !pages.includes(r),
    );
    expect(served.length).toBeGreaterThan(10);
    expect([...documented].sort()).toEqual([...new Set(served)].sort());
  });

  it('gives every operation a success and its refusals, each refusal in the error shape', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const codes = Object.keys(op.responses);
        expect([`${method} ${path}`, codes.some((c) => /^2/.test(c))]).toEqual([
          `${method} ${path}`,
          true,
        ]);
        // A refusal of its own, beside the 401 and 403 every operation may answer.
        expect([
          `${method} ${path}`,
          codes.some((c) => /^[45]/.test(c) && c !== '401' && c !== '403'),
        ]).toEqual([`${method} ${path}`, true]);
        for (const [code, answer] of Object.entries(op.responses) as [
          string,
          { content?: unknown },
        ][])
          if (/^[45]/.test(code) && code !== '401' && code !== '403')
            expect([`${method} ${path} ${code}`, JSON.stringify(answer.content)]).toEqual([
              `${method} ${path} ${code}`,
              expect.stringContaining('"error"'),
            ]);
      }
    }
  });

  it("names the parameters each route reads: path parameters, the tables' query, the stream page", () => {
    const params = (path: string, method = 'get') =>
      (doc.paths[path]?.[method]?.parameters ?? []).map((p) => `${p.in}:${p.name}`).sort();
    expect(params('/competitions/{competitionId}/standings')).toEqual(
      ['path:competitionId', 'query:afterSession', 'query:asOf', 'query:atPosition'].sort(),
    );
    expect(params('/streams/{streamId}')).toEqual(
      expect.arrayContaining([
        'path:streamId',
        'query:fromRevision',
        'query:direction',
        'query:limit',
      ]),
    );
    expect(params('/events')).toEqual(['query:fromPosition', 'query:limit']);
    const append = doc.paths['/streams/{streamId}/events'].post as unknown as {
      requestBody: { content: Record<string, unknown> };
    };
    expect(Object.keys(append.requestBody.content)).toEqual(['application/json']);
  });

  it('serves Swagger UI at /api', async () => {
    const res = await request(app.getHttpServer()).get('/api').redirects(1);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/swagger/i);
  });
});
