import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { v7 as uuidv7 } from 'uuid';
import { catalogue } from '../../src/events';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { cli, head } from '../support/cli';
import { tempDir } from '../support/temp';
import { ledgerApp } from './support';

/**
 * Issue 14, item 10: HTTP and the CLI refuse exactly the same events, with the same field
 * named, because both go through validateAppend (src/runtime/validate-append.ts).
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
    name: 'metadata nested 40 deep',
    json: () => JSON.stringify(envelope({ metadata: { clubId: 'wellington', x: deep(40) } })),
    field: 'events[0].metadata',
  },
  {
    name: 'metadata nested 20 deep (within the limit)',
    json: () => JSON.stringify(envelope({ metadata: { clubId: 'wellington', x: deep(20) } })),
  },
  {
    name: 'an unknown type',
    json: () => JSON.stringify(envelope({ type: 'PlayerPromoted' })),
    field: 'events[0].type',
  },
];

/** HTTP's verdict: the fields a 400 names, or 'accepted'. */
async function overHttp(json: string): Promise<string[] | 'accepted'> {
  const store = new MemoryEventStore({ upcast: catalogue.upcast });
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
  const store = `sqlite:${join(dir, 'ledger.db')}`;
  const r = await cli('append', file, '--store', store);
  if (r.code === 0) {
    expect(await head(store)).toBe(1);
    return 'accepted';
  }
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/nothing was appended/);
  return [...r.stderr.matchAll(/line 1: ([^:]+):/g)].map((m) => `events[0].${m[1]}`);
}

describe('issue 14 item 10: one validation path for HTTP and the CLI', () => {
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
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
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
});
