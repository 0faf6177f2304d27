import '../src/contexts/built-in';
import '../src/rulesets';
import { existsSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { catalogue } from '../src/contexts/catalogue';
import { SqliteEventStore } from '../src/store/sqlite/sqlite-event-store';
import {
  fmtPct,
  fmtRate,
  freshDir,
  log,
  median,
  removeDir,
  settle,
  since,
  envInt,
} from './lib/harness';
import { history, type HistoryShape } from './standings/history';
import { rawRead, rebuild, validateSample, type Rebuild } from './standings/measure';

/**
 * Rebuilding the standings of a 20-season club history from the SQLite store, against
 * reading and parsing the same events (the adapter's readAll) in the same run: (a) raw read,
 * (b) the competitions projection's fold (replayFromStore), (c) the fold plus every
 * competition's standings and every season's championship. Rounds alternate which goes first;
 * median of the rounds (ROUNDS). Prints per-round figures, then Markdown tables for
 * bench/RESULTS.md. Not a test.
 */

const TARGET = 0.5;
/**
 * Rounds (BENCH_RUNS): 7 by default. The machines are shared: a round in which the raw read or
 * the rebuild met a busy neighbour is off either way, and a median of 3 followed two of them.
 */
const ROUNDS = envInt('BENCH_RUNS', 7);

const shape: HistoryShape = {
  seasons: envInt('BENCH_SEASONS', 20),
  clubs: envInt('BENCH_CLUBS', 32),
  competitions: envInt('BENCH_COMPETITIONS', 4),
  pairs: envInt('BENCH_PAIRS', 24),
  firstYear: 2006,
};
/** Reuse a database written by an earlier run (BENCH_KEEP=1) instead of generating one. */
const reuse = process.env.BENCH_STANDINGS_DB;

async function setup(path: string): Promise<{ events: number; seconds: number }> {
  // Setup only: synchronous NORMAL (WAL) to write the history quickly; not timed as a result.
  const store = new SqliteEventStore(path, { synchronous: 'NORMAL' });
  const next = new Map<string, number>();
  const start = process.hrtime.bigint();
  let events = 0;
  for (const b of history(shape)) {
    const expected = next.get(b.streamId) ?? 'no_stream';
    const r = await store.appendToStream(b.streamId, b.events, { expectedRevision: expected });
    next.set(b.streamId, r.nextExpectedRevision);
    events += b.events.length;
  }
  const seconds = since(start);
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  await store.close();
  return { events, seconds };
}

async function main(): Promise<void> {
  log(`# standings rebuild benchmark — ${new Date().toISOString()}`);
  log(
    `node ${process.version} ${process.execArgv.join(' ')}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), gc between measurements: ${'gc' in globalThis ? 'yes' : 'no'}`,
  );
  const dir = reuse ? undefined : freshDir('standings');
  const path = reuse ?? join(dir!, 'history.db');
  if (!reuse || !existsSync(path)) {
    log(
      `generating ${shape.seasons} seasons × ${shape.clubs} clubs × ${shape.competitions} competitions of 6 sessions, ${shape.pairs} pairs in groups A–C …`,
    );
    const w = await setup(path);
    log(
      `appended ${w.events.toLocaleString('en-GB')} events in ${w.seconds.toFixed(1)} s (${fmtRate(w.events / w.seconds)}, synchronous NORMAL, setup only) → ${path}, ${(statSync(path).size / 2 ** 20).toFixed(0)} MiB`,
    );
  }

  // Readers: the app's read path, upcasting to today's shapes (PlayerRegistered v1 → v2).
  const store = new SqliteEventStore(path, { upcast: catalogue.upcast });
  const asStored = new SqliteEventStore(path);
  const sample = await validateSample(asStored, 97);
  await asStored.close();
  log(
    `catalogue.validate on ${sample.checked.toLocaleString('en-GB')} stored facts (the first 2,000 and every 97th): ${sample.issues.length ? 'ISSUES\n  ' + sample.issues.join('\n  ') : 'all valid'}`,
  );
  if (sample.issues.length) throw new Error('generated facts fail the catalogue');

  // Warm-up (untimed): the file in the page cache, both paths compiled.
  const warm = await rawRead(store);
  const w2 = await rebuild(store);
  const types = new Map<string, number>();
  for await (const e of store.readAll()) types.set(e.type, (types.get(e.type) ?? 0) + 1);
  log(
    `${warm.events.toLocaleString('en-GB')} events: ${[...types].map(([t, n]) => `${t} ${n.toLocaleString('en-GB')}`).join(', ')}`,
  );
  log(
    `answers: ${w2.standings} standings, ${w2.championships} championships, ${w2.rows.toLocaleString('en-GB')} rows (warm-up: read ${warm.seconds.toFixed(2)} s, fold ${w2.fold.toFixed(2)} s, queries ${w2.queries.toFixed(2)} s)`,
  );
  if (w2.events !== warm.events) throw new Error('the fold did not see every event');

  const raws: number[] = [];
  const rawCpus: number[] = [];
  const rebuilds: Rebuild[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['raw', 'rebuild'] : ['rebuild', 'raw'];
    for (const which of order) {
      settle();
      if (which === 'raw') {
        const r = await rawRead(store);
        raws.push(r.seconds);
        rawCpus.push(r.cpu);
      } else rebuilds.push(await rebuild(store));
    }
    const r = rebuilds[round];
    const n = warm.events;
    log(
      `round ${round + 1} (${order.join(' then ')}): raw ${fmtRate(n / raws[round])} (${raws[round].toFixed(2)} s, cpu ${rawCpus[round].toFixed(2)} s), fold ${fmtRate(n / r.fold)} (${r.fold.toFixed(2)} s, cpu ${r.foldCpu.toFixed(2)} s), queries ${r.queries.toFixed(2)} s (cpu ${r.queriesCpu.toFixed(2)} s), fold + queries ${fmtRate(n / (r.fold + r.queries))}`,
    );
  }
  await store.close();
  if (dir) removeDir(dir);

  const n = warm.events;
  const row = (label: string, secs: number[], cpus: number[]) => {
    const ratios = secs.map((s, i) => raws[i] / s); // throughput ratio = raw time / this time
    const cpuRatios = cpus.map((s, i) => rawCpus[i] / s);
    const m = median(ratios);
    return `| ${label} | ${fmtRate(n / median(raws))} ev | ${fmtRate(n / median(secs))} ev | **${fmtPct(m)}** | ${ratios.map(fmtPct).join(', ')} | ${fmtPct(median(cpuRatios))} (${cpuRatios.map(fmtPct).join(', ')}) | ≥ 50 % | ${m >= TARGET ? 'meets' : 'MISSES'} |`;
  };
  log('');
  log(
    '| rebuild | raw readAll (median) | measured (median) | throughput / raw (median of rounds) | per round | by CPU time: median (per round) | target | verdict |',
  );
  log('|---|---|---|---|---|---|---|---|');
  log(
    row(
      '(b) fold: replayFromStore(competitions)',
      rebuilds.map((r) => r.fold),
      rebuilds.map((r) => r.foldCpu),
    ),
  );
  log(
    row(
      '(c) fold + standingsOf × all + championshipOf × all',
      rebuilds.map((r) => r.fold + r.queries),
      rebuilds.map((r) => r.foldCpu + r.queriesCpu),
    ),
  );
  log(
    `queries alone (median): ${median(rebuilds.map((r) => r.queries)).toFixed(2)} s for ${w2.standings} standings and ${w2.championships} championships`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
