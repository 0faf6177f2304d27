import type { NestExpressApplication } from '@nestjs/platform-express';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { attachViewer, type Viewer } from '../../src/app/http/access/viewer';
import { catalogue } from '../../src/events';
import { loadExamplesIfEmpty } from '../../src/runtime/load-examples';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp } from '../app/support';

/** The app on a memory store holding the two example seasons. */
export async function examplesApp() {
  const store = new MemoryEventStore({ upcast: catalogue.upcast });
  await loadExamplesIfEmpty(store);
  const app = await ledgerApp(store);
  return { store, app };
}

/**
 * The app's handler behind a server that attaches a viewer to each request first, as the access
 * guard will (issue 17): the pages read only `viewerOf(req)`.
 */
export function asViewer(app: NestExpressApplication, viewer: Viewer): Server {
  const express = app.getHttpAdapter().getInstance() as (
    req: IncomingMessage,
    res: ServerResponse,
  ) => void;
  return createServer((req, res) => {
    attachViewer(req, viewer);
    express(req, res);
  });
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
