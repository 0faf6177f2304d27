import type { NestExpressApplication } from '@nestjs/platform-express';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import request from 'supertest';
import { v7 as uuidv7 } from 'uuid';
import type { Viewer } from '../../src/app/http/access/viewer';
import { EVENT_STORE } from '../../src/app/tokens';
import { issueKey } from '../../src/contexts/access/read/keys';
import type { EventStore } from '../../src/store/event-store';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp } from '../app/support';

/** The app on a memory store holding the two example seasons. */
export async function examplesApp() {
  const store = new MemoryEventStore({ upcast: catalogue.upcast });
  await loadExamplesIfEmpty(store);
  const app = await ledgerApp(store);
  return { store, app };
}

const issued = new WeakMap<EventStore, Map<string, Promise<string>>>();

/**
 * A real key of the ledger for this viewer: issued once per store and role/scope,
 * through the same path as `bridge-ledger keys add`. Any key issued ends open mode.
 */
function tokenFor(store: EventStore, viewer: Viewer): Promise<string> {
  let tokens = issued.get(store);
  if (!tokens) issued.set(store, (tokens = new Map()));
  const role = viewer.mode === 'key' ? (viewer.role ?? 'admin') : 'admin';
  const scope = viewer.mode === 'key' ? viewer.scope : undefined;
  const name = `${role}/${scope?.kind ?? ''}/${scope?.id ?? ''}`;
  let token = tokens.get(name);
  if (!token) {
    token = issueKey(store, {
      role,
      ...(scope ? { scope, beforeRegistration: true } : {}),
      issuedBy: 'test',
    }).then((k) => k.token);
    tokens.set(name, token);
  }
  return token;
}

/**
 * The app's handler behind a server that asks as this viewer through the real access guard:
 * `anonymous` is a request with no key on a ledger that has keys (one is issued first), `key`
 * presents a real key of that role and scope, `open` asks as is (a ledger with no key).
 */
export function asViewer(app: NestExpressApplication, viewer: Viewer): Server {
  const store = app.get<EventStore>(EVENT_STORE);
  const express = app.getHttpAdapter().getInstance() as (
    req: IncomingMessage,
    res: ServerResponse,
  ) => void;
  return createServer((req, res) => {
    if (viewer.mode === 'open') return express(req, res);
    tokenFor(store, viewer).then(
      (token) => {
        if (viewer.mode === 'key') req.headers.authorization = `Bearer ${token}`;
        express(req, res);
      },
      (e: unknown) => res.writeHead(500).end(String(e)),
    );
  });
}

/** A club marks its published tables private, by its secretary's key (ClubTablesVisibilitySet). */
export async function makeTablesPrivate(app: NestExpressApplication, clubId: string) {
  const secretary = asViewer(app, {
    mode: 'key',
    role: 'secretary',
    scope: { kind: 'club', id: clubId },
  });
  const res = await request(secretary)
    .post(`/streams/club-${clubId}/events`)
    .send({
      expectedRevision: 'any',
      events: [
        {
          id: uuidv7(),
          type: 'ClubTablesVisibilitySet',
          occurredAt: '2026-03-02T10:00:00Z',
          data: { clubId, tables: 'private' },
        },
      ],
    });
  if (res.status !== 201) throw new Error(`ClubTablesVisibilitySet: ${res.status} ${res.text}`);
}

/** The text of an HTML fragment with the tags dropped and the entities this app writes read. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The <tr> of a competitor in a page's tables (the first one). */
export function rowOf(html: string, competitor: string): string {
  const m = new RegExp(`<tr data-competitor="${competitor}">([\\s\\S]*?)</tr>`).exec(html);
  if (!m) throw new Error(`no row of ${competitor}`);
  return m[1]!;
}

/** The text of each cell (<td>, <th>) of a row, trimmed and its white space collapsed. */
export function cellsOf(row: string): string[] {
  return [...row.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((m) => squash(m[1]!));
}

/** textOf with every run of white space one space: what a reader sees. */
export const squash = (html: string) => textOf(html).replace(/\s+/g, ' ').trim();
