import { v7 as uuidv7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import type { CompetitionsState } from '../../src/contexts/pairs/projection';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import { SqliteProjectionStateStore } from '../../src/ledger/projection-state-store';
import { directoryOf } from '../../src/ledger/ledger-directory';
import { projections } from '../../src/contexts/projections';
import type { EventStore } from '../../src/store/event-store';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { ledgerApp, tempDbPath } from './support';

export { removeTempDirs } from './support';

/** The HTTP app served as `serve` serves it: the runner's status, its competitions once caught up. */
export function appOfRunner(store: EventStore, runner: ProjectionRunner) {
  return ledgerApp(store, {
    readModelStatus: () => runner.status(),
    liveCompetitions: (keys) =>
      runner.status().caughtUp
        ? runner.bringBack<CompetitionsState>('competitions', keys)?.state
        : undefined,
  });
}

/** The Dutch example club's first competition. */
export const DSB = 'dsb-2014-c1';

/** A SQLite ledger of the examples. */
export async function examplesStore(): Promise<SqliteEventStore> {
  const store = new SqliteEventStore(tempDbPath(), { upcast: catalogue.upcast });
  await loadExamplesIfEmpty(store);
  return store;
}

/** Every read model folded to the head and saved, as a service stopped cleanly leaves them. */
export async function servedOnce(store: SqliteEventStore): Promise<void> {
  const runner = new ProjectionRunner(store, new SqliteProjectionStateStore(store.db), projections);
  runner.start();
  await runner.caughtUp();
  runner.stop();
}

/**
 * The examples served once and stopped (with `directory`, the ledger directory saved at the head
 * too), then opened afresh, as another process (a restart) opens the file.
 */
export async function examplesServedAndStopped(
  options: { directory?: boolean } = {},
): Promise<SqliteEventStore> {
  const store = await examplesStore();
  await servedOnce(store);
  if (options.directory) {
    await directoryOf(store).catchUp();
    directoryOf(store).flush();
  }
  const path = store.db.name;
  await store.close();
  return new SqliteEventStore(path, { upcast: catalogue.upcast });
}

/** A pair entered in the DSB competition (its players registered first). */
export function pairEntered(pairId: string, players: string[]) {
  return {
    id: uuidv7(),
    type: 'PairEntered',
    occurredAt: '2014-09-07T20:00:00+01:00',
    data: { competitionId: DSB, pairId, players, group: 'C' },
    metadata: { clubId: 'dsb', actor: 'secretary' },
  };
}

/** A member of the DSB club registered. */
export function playerRegistered(playerId: string) {
  return {
    id: uuidv7(),
    type: 'PlayerRegistered',
    occurredAt: '2014-09-07T19:00:00+01:00',
    data: { clubId: 'dsb', playerId, name: playerId, status: 'member' },
    metadata: { clubId: 'dsb', actor: 'secretary' },
  };
}

/**
 * The DSB standing now is the replay's at the head, with the pair dsb-p99 entered after the
 * read models were saved or while they caught up.
 */
export async function expectStandingNowAtHead(app: NestExpressApplication, head: number) {
  const now = await request(app.getHttpServer()).get(`/competitions/${DSB}/standings`).expect(200);
  const replay = await request(app.getHttpServer())
    .get(`/competitions/${DSB}/standings?atPosition=${head}`)
    .expect(200);
  expect(now.body).toEqual(replay.body);
  expect(JSON.stringify(now.body)).toContain('dsb-p99');
}
