import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { createLedgerHttpApp, type LedgerHttpAppOptions } from '../../src/app/http-app';
import request from 'supertest';
import { catalogue } from '../../src/contexts/catalogue';
import type { EventStore } from '../../src/store/event-store';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';

/** The HTTP app on a fresh SQLite file at `path`, as a test's beforeAll opens it. */
export async function sqliteLedgerApp(path: string) {
  const store = new SqliteEventStore(path, { upcast: catalogue.upcast });
  return { store, app: await ledgerApp(store) };
}

/** Closes what `sqliteLedgerApp` opened: the app, then its store. */
export async function closeLedgerApp(app: NestExpressApplication, store: EventStore) {
  await app.close();
  await store.close();
}

/** The HTTP app on a store, silent, initialised (not listening): hand getHttpServer() to supertest. */
export function ledgerApp(
  store: EventStore,
  options: LedgerHttpAppOptions = {},
): Promise<NestExpressApplication> {
  return createLedgerHttpApp(store, { logger: false, ...options });
}

/**
 * POSTs facts that name their stream (`streamId` beside the envelope) as one batch to that
 * stream, the first fact's, at any revision: a test's append over HTTP.
 */
export function postFacts(app: NestExpressApplication, facts: ReadonlyArray<{ streamId: string }>) {
  return request(app.getHttpServer())
    .post(`/streams/${facts[0]!.streamId}/events`)
    .send({ expectedRevision: 'any', events: facts.map(({ streamId: _s, ...e }) => e) });
}

export const OCCURRED_AT = '2026-03-02T19:30:00+13:00';

/** The club of `clubRegistered` and `playerRegistered`: its stream, and its roster's. */
export const CLUB_STREAM = 'club-1';
export const ROSTER_STREAM = 'club-1-players';

/** A valid PlayerRegistered (v3) event as a client would POST it (to ROSTER_STREAM). */
export function playerRegistered(n = 1, data: Record<string, unknown> = {}) {
  return {
    id: uuidv7(),
    type: 'PlayerRegistered',
    occurredAt: OCCURRED_AT,
    data: { clubId: '1', playerId: `p-${n}`, name: `Player ${n}`, status: 'member', ...data },
    metadata: { clubId: '1', actor: 'secretary' },
  };
}

/** A valid ClubRegistered as a client would POST it (to CLUB_STREAM). */
export function clubRegistered() {
  return {
    id: uuidv7(),
    type: 'ClubRegistered',
    occurredAt: OCCURRED_AT,
    data: { clubId: '1', name: 'Riverside Bridge Club', timeZone: 'Pacific/Auckland' },
    metadata: { clubId: '1', actor: 'secretary' },
  };
}

const dirs: string[] = [];

/** A fresh SQLite file in a temp dir, removed by removeTempDirs(). */
export function tempDbPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-http-'));
  dirs.push(dir);
  return join(dir, 'ledger.db');
}

export function removeTempDirs(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** The app on a fresh memory store, and `post` of proposed facts (each naming its stream). */
export async function postingLedger() {
  const store = new MemoryEventStore({ upcast: catalogue.upcast });
  const app = await ledgerApp(store);
  const post = <F extends { streamId: string }>(facts: readonly F[]) =>
    request(app.getHttpServer())
      .post(`/streams/${facts[0]!.streamId}/events`)
      .send({ expectedRevision: 'any', events: facts.map(({ streamId: _s, ...e }) => e) });
  return { store, app, post };
}
