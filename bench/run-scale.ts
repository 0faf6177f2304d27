import '../src/contexts/built-in';
import '../src/rulesets';
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SqliteEventStore } from '../src/store/sqlite/sqlite-event-store';
import { envInt, freshDir, log, median, removeDir, since } from './lib/harness';
import { nzExample, pacedFacts, pacedRoster } from './scale/facts';
import { CLI, freePort, healthPoller, post, Service, timed } from './scale/service';
import { clubIdOf, history, type Batch, type HistoryShape } from './standings/history';

/**
 * Does the service stay as quick on 20 seasons of a club district as on one? The
 * built service (`bridge-ledger serve`, a child process) on SQLite files holding the synthetic
 * history of the standings benchmark (valid: every fact passes the deciders) for each of
 * BENCH_SEASONS (default 1,20), the NZ example season beside it, measured side by side:
 *
 * - cold start: a start with the projections saved (after one start that caught up from zero
 *   and stopped cleanly), to the port open and to /health saying it has caught up;
 * - the first fact that seats a player after that start (the NZ example's last result: the gate
 *   catches its club-wide index up), its latency and the service's RSS growth;
 * - paced appends (one fact, a pause so the runner's quiet-time save runs, repeated): p50, p95,
 *   the SQLite file's growth (file + WAL) per fact, and the bytes the service wrote per fact
 *   (wchar: the WAL is reused after each checkpoint, so its size undercounts what a save
 *   rewrites; nothing else of note writes during the paced appends);
 * - GET /competitions/<id>/standings?atPosition=<head of the history>, p50, and meanwhile the
 *   worst /health latency of a poller;
 * - CLI `standings <competition>` wall time (the service stopped).
 *
 * Prints a table with each history's figures, the ratio of the largest history to the smallest,
 * and PASS/MISS against the issue's bounds. Needs `npm run build` (dist/). Not a test.
 */

const SEASONS = (process.env.BENCH_SEASONS ?? '1,20').split(',').map((s) => {
  const n = Number(s.trim());
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error('BENCH_SEASONS: e.g. 1,20');
  return n;
});
const PACED = envInt('BENCH_PACED', 20);
const PAUSE_MS = envInt('BENCH_PAUSE_MS', 200);
const ASOF_RUNS = envInt('BENCH_ASOF_RUNS', 5);
const CLI_RUNS = envInt('BENCH_CLI_RUNS', 3);
const FIRST_YEAR = 2006;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Nearest-rank percentile. */
const pct = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)]!;
};

interface Figures {
  seasons: number;
  facts: number;
  dbMiB: number;
  loadSeconds: number;
  /** The first start, no saved projection state: catch-up from position 0. */
  primeCaughtUp?: number;
  primeHealth200: number;
  portOpen: number;
  health200: number;
  caughtUp?: number;
  healthBody: string;
  seatingMs: number;
  seatingRss: number;
  seatingPeak: number;
  pacedP50: number;
  pacedP95: number;
  pacedMax: number;
  bytesPerFact: number;
  wcharPerFact?: number;
  asOfP50: number;
  asOfRuns: number[];
  healthWorst: number;
  healthPolls: number;
  cliMs: number;
  cliRuns: number[];
}

/** Loads the history and the NZ example (less its last result) straight through the store. */
async function load(path: string, shape: HistoryShape, nz: Batch[]) {
  // Loading only: synchronous NORMAL to write quickly; the service opens it with its defaults.
  const store = new SqliteEventStore(path, { synchronous: 'NORMAL' });
  const start = process.hrtime.bigint();
  let facts = 0;
  const write = async (b: Batch) => {
    await store.appendToStream(b.streamId, b.events, { expectedRevision: 'any' });
    facts += b.events.length;
  };
  for (const b of history(shape)) await write(b);
  const historyHead = await store.headPosition();
  for (const b of nz) await write(b);
  const seconds = since(start);
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  await store.close();
  return { facts, historyHead, seconds };
}

function cliStandings(path: string, competitionId: string): number {
  const t = performance.now();
  execFileSync(process.execPath, [CLI, 'standings', competitionId, '--store', `sqlite:${path}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return performance.now() - t;
}

async function measure(seasons: number, dir: string): Promise<Figures> {
  const shape: HistoryShape = {
    seasons,
    clubs: 32,
    competitions: 4,
    pairs: 24,
    firstYear: FIRST_YEAR,
  };
  const path = join(dir, `history-${seasons}.db`);
  const nz = nzExample();
  const lastYear = FIRST_YEAR + seasons - 1;
  const competitionId = `${clubIdOf(0)}-${lastYear}-c4`;
  const loaded = await load(path, shape, nz.batches);
  const service = new Service(path, await freePort(), join(dir, `serve-${seasons}.log`));
  log(
    `${seasons} season(s): loaded ${loaded.facts.toLocaleString('en-GB')} facts in ${loaded.seconds.toFixed(1)} s`,
  );

  // The first start catches up from zero, reads the ledger directory (saving both as it
  // goes); a clean stop saves again.
  const prime = await service.start();
  const primeDirectory = await service.directoryRead();
  await service.stop();
  log(
    `  first start (no saved projections): /health 200 at ${prime.health200.toFixed(0)} ms, caught up at ${prime.caughtUp?.toFixed(0) ?? 'not reported'} ms, ledger directory read ${primeDirectory.toFixed(0)} ms after`,
  );

  const started = await service.start();
  log(
    `  cold start: port ${started.portOpen.toFixed(0)} ms, /health 200 ${started.health200.toFixed(0)} ms, caught up ${started.caughtUp?.toFixed(0) ?? 'not reported'} ms; /health said ${JSON.stringify(started.health)}`,
  );
  // Without a caught-up flag, wait for the live projection before measuring anything else.
  await sleep(started.caughtUp === undefined ? 1000 : 0);
  // The start's background work (the directory, from its saved position) done before any timing.
  const directory = await service.directoryRead();
  log(`  cold start: ledger directory read ${directory.toFixed(0)} ms after`);

  const m0 = service.memory();
  const seating = await post(service, nz.seating.streamId, [nz.seating.event]);
  const m1 = service.memory();
  log(
    `  first seating fact: ${seating.ms.toFixed(0)} ms, RSS ${((m1.rss - m0.rss) / 2 ** 20).toFixed(1)} MiB (peak +${((m1.peak - m0.peak) / 2 ** 20).toFixed(1)} MiB)`,
  );
  await sleep(PAUSE_MS);

  // The paced competition's players join the roster first (not timed): a pair names players
  // the roster registered.
  const roster = pacedRoster(clubIdOf(0), lastYear + 1);
  await post(service, roster.streamId, roster.events);
  await sleep(PAUSE_MS);

  const paced: number[] = [];
  const bytes0 = service.fileBytes();
  const wchar0 = service.written();
  for (const p of pacedFacts(clubIdOf(0), lastYear + 1, PACED)) {
    paced.push((await post(service, p.streamId, [p.event])).ms);
    await sleep(PAUSE_MS);
  }
  const bytesPerFact = (service.fileBytes() - bytes0) / PACED;
  const wchar1 = service.written();
  const wcharPerFact =
    wchar0 === undefined || wchar1 === undefined ? undefined : (wchar1 - wchar0) / PACED;
  log(
    `  paced appends (ms): ${paced.map((x) => x.toFixed(0)).join(' ')}; file+WAL ${(bytesPerFact / 1024).toFixed(1)} KiB/fact, write(2) ${wcharPerFact === undefined ? '?' : (wcharPerFact / 1024).toFixed(1)} KiB/fact`,
  );

  const poller = healthPoller(service);
  const asOf: number[] = [];
  const url = service.url(
    `/competitions/${competitionId}/standings?atPosition=${loaded.historyHead}`,
  );
  for (let i = 0; i < ASOF_RUNS; i++) asOf.push((await timed(url)).ms);
  const polled = await poller.stop();
  log(
    `  standings of ${competitionId} at position ${loaded.historyHead} (ms): ${asOf.map((x) => x.toFixed(0)).join(' ')}; worst /health ${polled.worst.toFixed(0)} ms of ${polled.count}`,
  );
  await service.stop();

  const cli: number[] = [];
  for (let i = 0; i < CLI_RUNS; i++) cli.push(cliStandings(path, competitionId));
  log(`  CLI standings (ms): ${cli.map((x) => x.toFixed(0)).join(' ')}`);

  return {
    seasons,
    facts: loaded.facts,
    dbMiB: statSync(path).size / 2 ** 20,
    loadSeconds: loaded.seconds,
    primeCaughtUp: prime.caughtUp,
    primeHealth200: prime.health200,
    portOpen: started.portOpen,
    health200: started.health200,
    caughtUp: started.caughtUp,
    healthBody: JSON.stringify(started.health),
    seatingMs: seating.ms,
    seatingRss: m1.rss - m0.rss,
    seatingPeak: m1.peak - m0.peak,
    pacedP50: pct(paced, 50),
    pacedP95: pct(paced, 95),
    pacedMax: Math.max(...paced),
    bytesPerFact,
    wcharPerFact,
    asOfP50: median(asOf),
    asOfRuns: asOf,
    healthWorst: polled.worst,
    healthPolls: polled.count,
    cliMs: median(cli),
    cliRuns: cli,
  };
}

type Bound = { kind: 'ratio'; max: number } | { kind: 'each'; max: number } | undefined;

interface Row {
  label: string;
  value: (f: Figures) => number | undefined;
  fmt: (x: number) => string;
  bound: Bound;
}

const ms = (x: number) => `${x < 10 ? x.toFixed(1) : x.toFixed(0)} ms`;
const kib = (x: number) => `${(x / 1024).toFixed(1)} KiB`;
const mib = (x: number) => `${(x / 2 ** 20).toFixed(1)} MiB`;

const ROWS: Row[] = [
  {
    label: 'paced append p50',
    value: (f) => f.pacedP50,
    fmt: ms,
    bound: { kind: 'ratio', max: 2 },
  },
  {
    label: 'paced append p95',
    value: (f) => f.pacedP95,
    fmt: ms,
    bound: { kind: 'ratio', max: 2 },
  },
  {
    label: 'SQLite file + WAL size growth per paced fact',
    value: (f) => f.bytesPerFact,
    fmt: kib,
    bound: undefined,
  },
  {
    label: 'bytes written (write(2), /proc io) per paced fact',
    value: (f) => f.wcharPerFact,
    fmt: kib,
    bound: undefined,
  },
  {
    label: 'standings ?atPosition= p50',
    value: (f) => f.asOfP50,
    fmt: ms,
    bound: { kind: 'ratio', max: 2 },
  },
  { label: 'worst /health meanwhile', value: (f) => f.healthWorst, fmt: ms, bound: undefined },
  { label: 'cold start to port open', value: (f) => f.portOpen, fmt: ms, bound: undefined },
  {
    label: 'cold start to first /health 200',
    value: (f) => f.health200,
    fmt: ms,
    bound: undefined,
  },
  {
    label: 'cold start to /health caught up',
    value: (f) => f.caughtUp,
    fmt: ms,
    bound: { kind: 'each', max: 1000 },
  },
  {
    label: 'first seating fact after start',
    value: (f) => f.seatingMs,
    fmt: ms,
    bound: { kind: 'ratio', max: 2 },
  },
  {
    label: 'first seating fact: RSS growth',
    value: (f) => f.seatingRss,
    fmt: mib,
    bound: undefined,
  },
  { label: 'CLI standings wall time', value: (f) => f.cliMs, fmt: ms, bound: undefined },
];

function table(all: Figures[]): void {
  const lo = all[0]!;
  const hi = all[all.length - 1]!;
  const ratioLabel = `${hi.seasons}/${lo.seasons}`;
  log('');
  log(
    `| measure | ${all.map((f) => `${f.seasons} season(s)`).join(' | ')} | ${ratioLabel} | bound | verdict |`,
  );
  log(`|---|${all.map(() => '---:').join('|')}|---:|---|---|`);
  for (const r of ROWS) {
    const vs = all.map(r.value);
    const a = vs[0];
    const b = vs[vs.length - 1];
    const ratio = a !== undefined && b !== undefined && a !== 0 ? b / a : undefined;
    let bound = '—';
    let verdict = '';
    if (r.bound?.kind === 'ratio') {
      bound = `≤ ${r.bound.max}× (${ratioLabel})`;
      verdict =
        ratio === undefined ? 'MISS (not measured)' : ratio <= r.bound.max ? 'PASS' : 'MISS';
    } else if (r.bound?.kind === 'each') {
      const max = r.bound.max;
      bound = `< ${r.fmt(max)} on each`;
      verdict = vs.some((v) => v === undefined)
        ? 'MISS (/health does not report it)'
        : vs.every((v) => v! < max)
          ? 'PASS'
          : 'MISS';
    }
    log(
      `| ${r.label} | ${vs.map((v) => (v === undefined ? 'not reported' : r.fmt(v))).join(' | ')} | ${ratio === undefined ? '—' : `${ratio.toFixed(1)}×`} | ${bound} | ${verdict} |`,
    );
  }
  log('');
  for (const f of all) {
    log(
      `${f.seasons} season(s): ${f.facts.toLocaleString('en-GB')} facts, ${f.dbMiB.toFixed(0)} MiB file, loaded in ${f.loadSeconds.toFixed(1)} s; first start without saved projections: /health 200 ${ms(f.primeHealth200)}, caught up ${f.primeCaughtUp === undefined ? 'not reported' : ms(f.primeCaughtUp)}; paced max ${ms(f.pacedMax)}; first seating fact peak RSS +${mib(f.seatingPeak)}; /health polls during standings ${f.healthPolls}; /health body ${f.healthBody}`,
    );
  }
}

async function main(): Promise<void> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
  const commit = (() => {
    try {
      return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    } catch {
      return '?';
    }
  })();
  log(`# scale benchmark — ${new Date().toISOString()}, commit ${commit}`);
  log(
    `node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(
        ' ',
      )}; histories of ${SEASONS.join(', ')} season(s) × 32 clubs; ${PACED} paced appends ${PAUSE_MS} ms apart, ${ASOF_RUNS} standings, ${CLI_RUNS} CLI runs`,
  );
  const dir = freshDir('scale');
  const all: Figures[] = [];
  try {
    for (const s of SEASONS) all.push(await measure(s, dir));
  } finally {
    await Service.stopAll();
    removeDir(dir);
  }
  table(all);
  log(
    `load average at the end ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
