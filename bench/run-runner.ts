import '../src/contexts/built-in';
import '../src/rulesets';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startHttpServer } from '../src/app/http-server';
import { catalogue } from '../src/contexts/catalogue';
import { projections } from '../src/contexts/projections';
import type { CompetitionsState } from '../src/contexts/pairs/projection';
import { ProjectionRunner } from '../src/ledger/projection-runner';
import { SqliteProjectionStateStore } from '../src/ledger/projection-state-store';
import { SqliteEventStore } from '../src/store/sqlite/sqlite-event-store';
import { envInt, log, median } from './lib/harness';
// Compiled beside this script: step 4 runs it as a process of its own.
import '../src/cli/main';
import { history, type Batch } from './standings/history';

/**
 * What the live runner costs on a store holding a long history. A history of
 * BENCH_SEASONS seasons (bench/standings/history.ts) is written once, less its last
 * BENCH_APPENDS batches (a session night of a competition, a roster update …); each run starts
 * from a copy of that file with no saved read model, then:
 *   1. cold start: time to the port open (the server's listen) and to the projections caught up;
 *   2. the held-back batches POSTed one by one with BENCH_PAUSE_MS pauses (the runner saves in
 *      each pause): append latency, event-loop delay, bytes and rows the saves wrote, save time;
 *   3. stop (a save), and a second cold start, from the saved read model;
 *   4. the CLI `standings` of a competition (a process of its own), wall time.
 * Written against the runner's API as it was when serve started the runner first (BENCH_OLD_ORDER=1 starts the
 * runner before the server, as serve did), so the same script measures both. Not a test.
 */

const seasons = envInt('BENCH_SEASONS', 20);
const appends = envInt('BENCH_APPENDS', 20);
const pauseMs = envInt('BENCH_PAUSE_MS', 200);
const dist = process.env.BENCH_DIST ?? join(__dirname, '..');
const root = join(process.cwd(), 'bench', '.work', `runner-${seasons}`);
const base = join(root, 'history.db');
const heldFile = join(root, 'held.json');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function generate(): Promise<void> {
  if (existsSync(base) && existsSync(heldFile)) return;
  mkdirSync(root, { recursive: true });
  const all = [...history({ seasons, clubs: 32, competitions: 4, pairs: 24, firstYear: 2006 })];
  const held = all.slice(-appends);
  const store = new SqliteEventStore(base, { synchronous: 'NORMAL' });
  const next = new Map<string, number>();
  let events = 0;
  for (const b of all.slice(0, -appends)) {
    const r = await store.appendToStream(b.streamId, b.events, {
      expectedRevision: next.get(b.streamId) ?? 'no_stream',
    });
    next.set(b.streamId, r.nextExpectedRevision);
    events += b.events.length;
  }
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  await store.close();
  writeFileSync(heldFile, JSON.stringify(held));
  log(`generated ${events.toLocaleString('en-GB')} events → ${base}`);
}

interface Saves {
  calls: number;
  ms: number[];
  bytes: number;
  rows: number;
}

/** Times each save of the state store and counts what it wrote (whole states by their row). */
function instrument(states: SqliteProjectionStateStore, db: SqliteEventStore['db']): Saves {
  const saves: Saves = { calls: 0, ms: [], bytes: 0, rows: 0 };
  const s = states as unknown as Record<string, (...a: unknown[]) => unknown>;
  const size = db.prepare('SELECT length(state) FROM projection_state WHERE name = ?').pluck();
  for (const method of ['save', 'savePartitions']) {
    const original = s[method];
    if (typeof original !== 'function') continue;
    s[method] = (...args: unknown[]) => {
      const written = (states as { written?: { bytes: number; rows: number } }).written;
      const before = written ? { ...written } : undefined;
      const start = process.hrtime.bigint();
      const result = original.apply(states, args);
      saves.ms.push(ms(start));
      saves.calls += 1;
      if (written && before) {
        saves.bytes += written.bytes - before.bytes;
        saves.rows += written.rows - before.rows;
      } else {
        saves.bytes += size.get(args[0]) as number;
        saves.rows += 1;
      }
      return result;
    };
  }
  return saves;
}

async function coldStart(path: string, label: string) {
  const store = new SqliteEventStore(path, { upcast: catalogue.upcast });
  const states = new SqliteProjectionStateStore(store.db);
  const saves = instrument(states, store.db);
  const t0 = process.hrtime.bigint();
  const runner = new ProjectionRunner(store, states, projections);
  const status = (runner as unknown as { status?: () => { caughtUp: boolean; position: number } })
    .status;
  const oldOrder = process.env.BENCH_OLD_ORDER === '1' || !status;
  if (oldOrder) runner.start();
  const server = await startHttpServer({
    store,
    port: 0,
    host: '127.0.0.1',
    logger: false,
    shutdownSignals: [],
    ...(status ? { readModelStatus: () => status.call(runner) } : {}),
    liveCompetitions: () => runner.state<CompetitionsState>('competitions')?.state,
  } as Parameters<typeof startHttpServer>[0]);
  const portOpen = ms(t0);
  if (!oldOrder) runner.start();
  const health = await (await fetch(`${server.url}/health`)).json();
  const firstHealth = ms(t0);
  await runner.caughtUp();
  const caughtUp = ms(t0);
  log(
    `${label}: port open ${portOpen.toFixed(0)} ms, first /health ${firstHealth.toFixed(0)} ms (${JSON.stringify((health as { status: string }).status)}), caught up ${caughtUp.toFixed(0)} ms; saves during start: ${saves.calls} (${saves.ms.reduce((a, b) => a + b, 0).toFixed(0)} ms, ${(saves.bytes / 2 ** 20).toFixed(1)} MiB)`,
  );
  return { store, states, saves, runner, server };
}

async function main(): Promise<void> {
  log(`# runner benchmark — ${new Date().toISOString()}, node ${process.version}`);
  await generate();
  const held = JSON.parse(readFileSync(heldFile, 'utf8')) as Batch[];
  const path = join(root, `run-${process.pid}.db`);
  copyFileSync(base, path);
  const events = new SqliteEventStore(base);
  const head = await events.headPosition();
  await events.close();
  log(
    `${seasons} seasons: ${head.toLocaleString('en-GB')} facts (${(statSync(base).size / 2 ** 20).toFixed(0)} MiB); ${held.length} batches to append (${held.map((b) => b.events.length).join(', ')} facts)`,
  );

  const first = await coldStart(path, 'cold start, no saved read model');
  const saves = first.saves;
  saves.calls = 0;
  saves.ms = [];
  saves.bytes = 0;
  saves.rows = 0;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const latencies: number[] = [];
  const perAppend: Array<{ facts: number; bytes: number; rows: number; saveMs: number }> = [];
  const revisions = new Map<string, number | 'any'>();
  delay.enable();
  for (const b of held) {
    const before = { bytes: saves.bytes, rows: saves.rows, n: saves.ms.length };
    const start = process.hrtime.bigint();
    const res = await fetch(`${first.server.url}/streams/${b.streamId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        expectedRevision: revisions.get(b.streamId) ?? 'any',
        events: b.events,
      }),
    });
    latencies.push(ms(start));
    if (res.status !== 201) throw new Error(`append ${res.status}: ${await res.text()}`);
    await sleep(pauseMs);
    perAppend.push({
      facts: b.events.length,
      bytes: saves.bytes - before.bytes,
      rows: saves.rows - before.rows,
      saveMs: saves.ms.slice(before.n).reduce((a, c) => a + c, 0),
    });
  }
  delay.disable();
  const facts = perAppend.reduce((n, a) => n + a.facts, 0);
  const bytes = perAppend.reduce((n, a) => n + a.bytes, 0);
  log(
    `appends: ${held.length} batches (${facts} facts), ${pauseMs} ms pauses: latency p50 ${median(latencies).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms; event-loop delay p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
  );
  log(
    `saves in the pauses: ${saves.calls}, each ${median(saves.ms).toFixed(1)} ms median (max ${Math.max(...saves.ms).toFixed(1)} ms); written ${(bytes / 1024).toFixed(0)} KiB in ${perAppend.reduce((n, a) => n + a.rows, 0)} rows: ${(bytes / held.length / 1024).toFixed(1)} KiB per batch, ${(bytes / facts / 1024).toFixed(1)} KiB per fact`,
  );
  log(
    `per batch (facts → KiB written, rows, save ms): ${perAppend.map((a) => `${a.facts}→${(a.bytes / 1024).toFixed(0)}/${a.rows}/${a.saveMs.toFixed(0)}`).join(' ')}`,
  );
  await first.server.close();
  first.runner.stop();
  await first.store.close();

  const second = await coldStart(path, 'cold start, from the saved read model');
  await second.server.close();
  second.runner.stop();
  await second.store.close();

  const competitionId = (
    held.find((b) => b.streamId.startsWith('competition-')) ?? held[0]
  ).streamId.replace(/^competition-/, '');
  for (const round of [1, 2]) {
    const start = process.hrtime.bigint();
    const out = execFileSync(
      process.execPath,
      [
        join(dist, 'src', 'cli', 'main.js'),
        'standings',
        competitionId,
        '--store',
        `sqlite:${path}`,
      ],
      { encoding: 'utf8' },
    );
    log(
      `CLI standings ${competitionId} (round ${round}): ${ms(start).toFixed(0)} ms wall, ${out.length} chars`,
    );
  }
  // The generated history is kept for the next run; this run's copy is not.
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
