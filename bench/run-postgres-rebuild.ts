import '../src/contexts/built-in';
import '../src/rulesets';
import { join } from 'node:path';
import { catalogue } from '../src/contexts/catalogue';
import { projections } from '../src/contexts/projections';
import { ProjectionRunner } from '../src/ledger/projection-runner';
import { MemoryProjectionStateStore } from '../src/ledger/projection-state-store';
import type { EventStore } from '../src/store/event-store';
import { PostgresEventStore } from '../src/store/postgres/postgres-event-store';
import { SqliteEventStore } from '../src/store/sqlite/sqlite-event-store';
import { envInt, freshDir, log, median, removeDir, settle, since } from './lib/harness';
import { history } from './standings/history';
import { freshDatabase } from './postgres/database';

/**
 * Every read model rebuilt from the same history (bench/standings/history.ts: BENCH_SEASONS
 * seasons of 32 clubs) over PostgreSQL and over SQLite, alternating, in memory (no saved read
 * model), the runner's one pass from position 0 to the head. Run under a durable throwaway
 * cluster:
 *
 *   npm run bench:postgres-rebuild
 *
 * Not a test.
 */
const SEASONS = envInt('BENCH_SEASONS', 4);
const RUNS = envInt('BENCH_RUNS', 3);

async function fill(store: EventStore): Promise<number> {
  const next = new Map<string, number>();
  let events = 0;
  for (const b of history({
    seasons: SEASONS,
    clubs: 32,
    competitions: 4,
    pairs: 24,
    firstYear: 2006,
  })) {
    const r = await store.appendToStream(b.streamId, b.events, {
      expectedRevision: next.get(b.streamId) ?? 'no_stream',
    });
    next.set(b.streamId, r.nextExpectedRevision);
    events += b.events.length;
  }
  return events;
}

async function rebuild(store: EventStore): Promise<number> {
  settle();
  const t = process.hrtime.bigint();
  const runner = new ProjectionRunner(store, new MemoryProjectionStateStore(), projections);
  runner.start();
  await runner.caughtUp();
  const s = since(t);
  runner.stop();
  return s;
}

async function main(): Promise<void> {
  const url = await freshDatabase('rebuild');
  const dir = freshDir('pg-rebuild');
  const pg = await PostgresEventStore.open(url, { upcast: catalogue.upcast });
  const sqlite = new SqliteEventStore(join(dir, 'history.db'), { upcast: catalogue.upcast });
  const events = await fill(pg);
  await fill(sqlite);
  log(`# every read model rebuilt over PostgreSQL and over SQLite — ${new Date().toISOString()}`);
  log(
    `${events.toLocaleString('en-GB')} events (${SEASONS} seasons of 32 clubs), ${RUNS} rounds, alternating`,
  );
  const times: Record<'pg' | 'sqlite', number[]> = { pg: [], sqlite: [] };
  for (let r = 0; r < RUNS; r++) {
    const order = r % 2 ? (['sqlite', 'pg'] as const) : (['pg', 'sqlite'] as const);
    for (const which of order) times[which].push(await rebuild(which === 'pg' ? pg : sqlite));
    log(
      `round ${r + 1}: PostgreSQL ${times.pg.at(-1)!.toFixed(2)} s, SQLite ${times.sqlite.at(-1)!.toFixed(2)} s`,
    );
  }
  const ratios = times.pg.map((t, i) => times.sqlite[i]! / t);
  log('');
  log('| store | rebuild (median) | events/s | PostgreSQL speed / SQLite (median of rounds) |');
  log('|---|---|---|---|');
  log(
    `| SQLite | ${median(times.sqlite).toFixed(2)} s | ${Math.round(events / median(times.sqlite)).toLocaleString('en-GB')} | |`,
  );
  log(
    `| PostgreSQL | ${median(times.pg).toFixed(2)} s | ${Math.round(events / median(times.pg)).toLocaleString('en-GB')} | ${(median(ratios) * 100).toFixed(1)} % (rounds: ${ratios.map((x) => `${(x * 100).toFixed(1)} %`).join(', ')}) |`,
  );
  await pg.close();
  await sqlite.close();
  removeDir(dir);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
