import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { v7 as uuidv7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { cli, head } from '../support/cli';
import { tempDir } from '../support/temp';
import { raw } from './raw-request';
import { ledgerApp } from './support';

/**
 * Item 10: HTTP and the CLI refuse exactly the same events, with the same field
 * named, because both go through validateAppend (src/ledger/validate-append.ts).
 */

const STREAM = 'club-wellington-players';

const deep = (levels: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = { d: v };
  return v;
};

/** A valid roster fact; `raw` replaces part of its JSON text (a `__proto__` key survives only as text). */
function envelope(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuidv7(),
    type: 'PlayerRegistered',
    occurredAt: '2026-02-02T19:30:00+13:00',
    data: { clubId: 'wellington', playerId: 'p-1', name: 'A Player', status: 'member' },
    metadata: { clubId: 'wellington', actor: 'secretary' },
    ...over,
  };
}

/** Wellington's registration: a roster fact is of a registered club (the roster decider). */
const REGISTRATION = {
  id: uuidv7(),
  type: 'ClubRegistered',
  occurredAt: '2026-01-05T19:30:00+13:00',
  data: { clubId: 'wellington', name: 'Wellington', timeZone: 'Pacific/Auckland' },
  metadata: { clubId: 'wellington', actor: 'secretary' },
};

/** A store holding Wellington's registration, as the HTTP app finds it. */
async function registeredStore(): Promise<MemoryEventStore> {
  const store = new MemoryEventStore({ upcast: catalogue.upcast });
  await store.appendToStream('club-wellington', [REGISTRATION], { expectedRevision: 'any' });
  return store;
}

/** A store of the CLI holding Wellington's registration, appended from its own file first. */
async function registeredCliStore(dir: string): Promise<string> {
  const store = `sqlite:${join(dir, 'ledger.db')}`;
  const file = join(dir, 'club.ndjson');
  writeFileSync(file, JSON.stringify({ streamId: 'club-wellington', ...REGISTRATION }) + '\n');
  expect((await cli('append', file, '--store', store)).code).toBe(0);
  return store;
}

interface Case {
  name: string;
  /** The envelope's JSON text, as a client sends it. */
  json: () => string;
  /** The field both must name; undefined: both accept. */
  field?: string;
}

const withProto = (where: 'data' | 'metadata') => () =>
  JSON.stringify(envelope()).replace(`"${where}":{`, `"${where}":{"__proto__":{"polluted":true},`);

const CASES: Case[] = [
  { name: 'a valid fact', json: () => JSON.stringify(envelope()) },
  { name: 'a __proto__ key in data', json: withProto('data'), field: 'events[0].data' },
  { name: 'a __proto__ key in metadata', json: withProto('metadata'), field: 'events[0].metadata' },
  {
    name: 'a constructor key in data (a pipe would strip it)',
    json: () => JSON.stringify(envelope()).replace('"data":{', '"data":{"constructor":{"a":1},'),
    field: 'events[0].data',
  },
  {
    name: 'a prototype key deep in metadata',
    json: () =>
      JSON.stringify(envelope({ metadata: { clubId: 'wellington', x: { prototype: 1, b: 2 } } })),
    field: 'events[0].metadata',
  },
  {
    name: 'a hasOwnProperty key in data (class-transformer skips it, so no whitelist saw it)',
    json: () => JSON.stringify(envelope()).replace('"data":{', '"data":{"hasOwnProperty":1,'),
    field: 'events[0].data',
  },
  {
    name: 'a toString key beside the envelope’s own fields',
    json: () => JSON.stringify(envelope({ toString: 'x' })),
    field: 'events[0].toString',
  },
  {
    name: 'metadata nested 40 deep',
    json: () => JSON.stringify(envelope({ metadata: { clubId: 'wellington', x: deep(40) } })),
    field: 'events[0].metadata',
  },
  {
    name: 'metadata nested 20 deep (within the limit)',
    json: () => JSON.stringify(envelope({ metadata: { clubId: 'wellington', x: deep(20) } })),
  },
  {
    name: 'a lone UTF-16 surrogate in a name (no UTF-8 can store it)',
    json: () => JSON.stringify(envelope()).replace('"A Player"', '"A \\ud800 Player"'),
    field: 'events[0].data',
  },
  {
    name: 'a surrogate pair (an emoji) in a name',
    json: () => JSON.stringify(envelope()).replace('"A Player"', '"A \\ud83c\\udccf Player"'),
  },
  {
    name: 'an unknown type',
    json: () => JSON.stringify(envelope({ type: 'PlayerPromoted' })),
    field: 'events[0].type',
  },
];

/** HTTP's verdict: the fields a 400 names, or 'accepted'. */
async function overHttp(json: string): Promise<string[] | 'accepted'> {
  const store = await registeredStore();
  const app: NestExpressApplication = await ledgerApp(store);
  try {
    const res = await request(app.getHttpServer())
      .post(`/streams/${STREAM}/events`)
      .set('content-type', 'application/json')
      .send(`{"expectedRevision":"any","events":[${json}]}`);
    if (res.status === 201) return 'accepted';
    expect(res.status).toBe(400);
    return (res.body.issues as { field: string }[]).map((i) => i.field);
  } finally {
    await app.close();
  }
}

/** The CLI's verdict on the same envelope as a one-line file: the fields it names, or 'accepted'. */
async function overCli(json: string, bom = false): Promise<string[] | 'accepted'> {
  const dir = tempDir();
  const file = join(dir, 'events.ndjson');
  const line = json.replace(/^\{/, `{"streamId":"${STREAM}",`);
  writeFileSync(file, (bom ? '\uFEFF' : '') + line + '\n');
  const store = await registeredCliStore(dir);
  const r = await cli('append', file, '--store', store);
  if (r.code === 0) {
    expect(await head(store)).toBe(2);
    return 'accepted';
  }
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/nothing was appended/);
  return [...r.stderr.matchAll(/line 1: ([^:]+):/g)].map((m) => `events[0].${m[1]}`);
}

describe('one validation path for HTTP and the CLI', () => {
  it.each(CASES)('$name: the same verdict, naming the same field', async ({ json, field }) => {
    const text = json();
    const http = await overHttp(text);
    const byCli = await overCli(text);
    if (field === undefined) {
      expect(http).toBe('accepted');
    } else {
      expect(http).toContain(field);
    }
    expect(byCli).toEqual(http);
  });

  it('a file opening with a byte-order mark is read as HTTP reads such a body', async () => {
    const text = JSON.stringify(envelope());
    expect(await overCli(text, true)).toBe('accepted');
    const store = await registeredStore();
    const app = await ledgerApp(store);
    try {
      const res = await request(app.getHttpServer())
        .post(`/streams/${STREAM}/events`)
        .set('content-type', 'application/json')
        .send(`\uFEFF{"expectedRevision":"any","events":[${text}]}`);
      expect(res.status).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('a body that is not valid UTF-8 is a 400 InvalidUtf8 and nothing is stored (HTTP: a file is read as UTF-8 text)', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const app = await ledgerApp(store);
    try {
      const text = `{"expectedRevision":"any","events":[${JSON.stringify(envelope())}]}`;
      const [before, after] = text.split('A Player');
      for (const bad of [[0xff], [0xc3, 0x28], [0xc0, 0xaf], [0xed, 0xa0, 0x80]]) {
        const res = await raw(app.getHttpServer(), {
          method: 'POST',
          path: `/streams/${STREAM}/events`,
          headers: { 'content-type': 'application/json' },
          body: Buffer.concat([Buffer.from(before), Buffer.from(bad), Buffer.from(after)]),
        });
        expect([res.status, JSON.parse(res.body).error]).toEqual([400, 'InvalidUtf8']);
      }
      expect(await store.headPosition()).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('a file line that is not valid UTF-8 is refused by the CLI, naming the line, and nothing is written', async () => {
    const dir = tempDir();
    const file = join(dir, 'events.ndjson');
    const good = JSON.stringify({ streamId: STREAM, ...envelope() });
    const [before, after] = JSON.stringify({ streamId: STREAM, ...envelope() }).split('A Player');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from(good + '\n'),
        Buffer.from(before),
        Buffer.from([0xc3, 0x28]),
        Buffer.from(after + '\n'),
      ]),
    );
    const store = `sqlite:${join(dir, 'ledger.db')}`;
    const r = await cli('append', file, '--store', store);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 2: not valid UTF-8/);
    expect(await head(store)).toBe(0);
  });
});
