import '../src/contexts/built-in';
import '../src/rulesets';
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { catalogue } from '../src/contexts/catalogue';
import { projections } from '../src/contexts/projections';
import { SqliteProjectionStateStore } from '../src/ledger/projection-state-store';
import { readModelDigests } from '../src/ledger/read-model-digest';
import { SqliteEventStore } from '../src/store/sqlite/sqlite-event-store';
import { secondCore } from './lib/cores';
import { log, median, since } from './lib/harness';
import { CLI, freePort, Service, storeUrl, timed } from './scale/service';
import { copyIntoPostgres, copyOfDatabase, rawReadPostgres } from './federation/postgres';
import { clubIdOf, history, type Batch, type HistoryShape } from './standings/history';
import { appendThroughGate } from './standings/through-gate';

/**
 * A federation's history rebuilt, started, audited and verified (docs: bench/RESULTS.md):
 *
 *   npm run bench:federation -- --facts 1000000 [--clubs 32] [--rounds 3] [--skip-audit]
 *                               [--skip-write-bytes] [--generate-only]
 *   npm run bench:federation-postgres -- --facts 1000000 …   (the same, on PostgreSQL)
 *
 * The history is the standings benchmark's generator (bench/standings/history.ts: DSB-style
 * clubs, four pairs competitions a season), appended through the deciders as the HTTP and CLI
 * writers append (the DomainGate: a refused fact stops the run), reproducible from its seed and
 * kept under bench/.work/federation between runs. Then, in one run: the raw read of the facts
 * (better-sqlite3 and JSON.parse); the service's first start on a copy holding no saved read
 * models (the rebuild of every read model, to /health caught up) and its peak RSS, each round's
 * one-worker and two-worker starts after a measure of what a second core gives to two threads
 * reading the ledger at once (bench/lib/cores.ts: the machine is shared, and a second worker
 * gains no more than that); a cold start
 * with the saved read models (to /health 200) and the first standing after it; `audit` of the
 * ledger's export and `verify` (time and peak RSS of each); the bytes written per paced fact at
 * 1 and 20 seasons (bench/run-scale.ts's figure). The last line is one JSON object.
 * With `--store postgres` (under a throwaway cluster), the generated ledger is copied into a
 * PostgreSQL database once, each first start runs on a fresh copy of that database, and the raw
 * read is node-postgres's; the paced writes are the SQLite file's figure and are not measured.
 */
const FACTS_PER_CLUB_SEASON = 847; // measured: 27,112 facts for 32 clubs' season

const { values } = parseArgs({
  options: {
    facts: { type: 'string', default: '1000000' },
    clubs: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '1' },
    'skip-write-bytes': { type: 'boolean', default: false },
    'skip-audit': { type: 'boolean', default: false },
    'generate-only': { type: 'boolean', default: false },
    store: { type: 'string', default: 'sqlite' },
  },
});
if (!['sqlite', 'postgres'].includes(values.store))
  throw new Error(`--store: sqlite or postgres, not ${values.store}`);
const onPostgres = values.store === 'postgres';
const clubs = Number(values.clubs);
const seasons = Math.max(1, Math.round(Number(values.facts) / (FACTS_PER_CLUB_SEASON * clubs)));
const shape: HistoryShape = { seasons, clubs, competitions: 4, pairs: 24, firstYear: 2006 };
const dir = join(process.cwd(), 'bench', '.work', 'federation');
const ledger = join(dir, `federation-${clubs}c-${seasons}s.db`);

/**
 * The history through the deciders, written once and kept. A run cut short leaves its facts in
 * `<ledger>.partial`, a prefix of the history (each batch is appended whole): run again, it goes
 * on after them.
 */
async function generated(): Promise<number> {
  mkdirSync(dir, { recursive: true });
  if (!existsSync(ledger)) {
    const partial = `${ledger}.partial`;
    const store = new SqliteEventStore(partial, {
      upcast: catalogue.upcast,
      synchronous: 'NORMAL',
    });
    const written = await store.headPosition();
    if (written > 0) log(`going on after the ${written} facts of ${partial}`);
    const t = process.hrtime.bigint();
    const run = await appendThroughGate(store, catalogue, after(written, history(shape)), {
      strict: true,
    });
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    await store.close();
    renameSync(partial, ledger);
    log(`generated ${run.appended} facts through the deciders in ${since(t).toFixed(0)} s`);
  }
  const store = new SqliteEventStore(ledger, { readOnly: true });
  const head = await store.headPosition();
  await store.close();
  return head;
}

/** The batches after the first `facts` facts (those a run cut short wrote). */
function* after(facts: number, batches: Iterable<Batch>): Generator<Batch> {
  let skipped = 0;
  for (const b of batches) {
    if (skipped >= facts) yield b;
    else if ((skipped += b.events.length) > facts)
      throw new Error(`the partial ledger's ${facts} facts end inside a batch: delete it`);
  }
}

/** Every row of the events table read and its JSON parsed: what any rebuild must at least do. */
function rawRead(): number {
  const db = new Database(ledger, { readonly: true });
  const t = process.hrtime.bigint();
  let n = 0;
  for (const row of db
    .prepare('SELECT data, metadata FROM events ORDER BY position')
    .raw()
    .iterate() as Iterable<[string, string]>) {
    JSON.parse(row[0]);
    JSON.parse(row[1]);
    n++;
  }
  db.close();
  if (n === 0) throw new Error('no facts read');
  return since(t) * 1000;
}

/** A command of the CLI, timed, with its peak RSS (the child's own maxRSS, at its exit). */
function cli(args: string[]): Promise<{ ms: number; rssMb: number }> {
  // Loaded before the CLI: prints the process's peak RSS (KiB) as it exits.
  const preload = join(dir, 'max-rss.cjs');
  writeFileSync(
    preload,
    "process.on('exit', () => process.stderr.write('\\nmaxrss ' + process.resourceUsage().maxRSS + '\\n'));\n",
  );
  const t = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--require', preload, CLI, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => {
      const kb = Number(/maxrss (\d+)/.exec(err)?.[1]);
      if (code !== 0 || !kb)
        reject(new Error(`${args.join(' ')}: exit ${code}: ${err.slice(-500)}`));
      else resolve({ ms: since(t) * 1000, rssMb: kb / 1024 });
    });
  });
}

/** The read models saved in a ledger, each one's SHA-256 (`rebuild`: nothing is left to do). */
async function readModelsDigest(path: string): Promise<string> {
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'rebuild', '--store', storeUrl(path), '--json'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`rebuild: ${code}`)),
    );
  });
  const { readModels } = JSON.parse(out) as {
    readModels: Array<{ name: string; sha256?: string }>;
  };
  return readModels.map((m) => `${m.name} ${m.sha256 ?? 'not saved'}`).join('\n');
}

/** The same digests, of a service's read-models file (a ledger kept in PostgreSQL). */
function readModelsFileDigest(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    return readModelDigests(new SqliteProjectionStateStore(db), projections)
      .map((m) => `${m.name} ${'sha256' in m ? m.sha256 : 'not saved'}`)
      .join('\n');
  } finally {
    db.close();
  }
}

/** bench/run-scale.ts at 1 and 20 seasons: its bytes written per paced fact (KiB → bytes). */
function writeBytes(): Promise<[number, number]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, 'run-scale.js')], {
      env: { ...process.env, BENCH_SEASONS: '1,20', BENCH_CLI_RUNS: '1', BENCH_ASOF_RUNS: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', () => {
      const row = /bytes written \(write\(2\)[^|]*\|\s*([\d.]+) KiB\s*\|\s*([\d.]+) KiB/.exec(out);
      if (!row) reject(new Error(`run-scale printed no bytes-written row:\n${out.slice(-800)}`));
      else resolve([Number(row[1]) * 1024, Number(row[2]) * 1024]);
    });
  });
}

async function main(): Promise<void> {
  log(`# federation benchmark — ${new Date().toISOString()}`);
  log(`${clubs} clubs × ${seasons} seasons (about ${values.facts} facts asked) → ${ledger}`);
  const facts = await generated();
  log(
    `${facts.toLocaleString('en-GB')} facts, ${(statSync(ledger).size / 2 ** 20).toFixed(0)} MiB`,
  );
  // A long generation (10 M facts: about an hour) can be run on its own, ahead of the timings.
  if (values['generate-only']) return;
  let source: string | undefined;
  if (onPostgres) {
    const t = process.hrtime.bigint();
    source = await copyIntoPostgres(ledger, 'federation_source');
    log(`copied into PostgreSQL in ${since(t).toFixed(0)} s`);
  }
  const rawReadMs = source ? await rawReadPostgres(source) : rawRead();
  log(`raw read: ${rawReadMs.toFixed(0)} ms`);

  // The service's first start on a copy with no saved read models: every read model (and the
  // ledger directory) rebuilt, with one rebuild worker and with two, taking turns on fresh
  // copies so that both see the same machine; a rebuild is over when /health says the read
  // models have caught up and the directory has read to the head.
  let work = join(dir, 'run.db');
  const rebuilt = { 1: [] as number[], 2: [] as number[] };
  let rebuildRssMb = 0;
  let service!: Service;
  let digests: string | undefined;
  // On PostgreSQL the read models are saved in a SQLite file of the service's own
  // (`--read-models`), emptied before each first start, where the rebuild workers save them.
  const readModels = join(dir, 'read-models.db');
  const onPostgresArgs = onPostgres ? ['--read-models', readModels] : [];
  const turns = (round: number) => (round % 2 === 0 ? ([1, 2] as const) : ([2, 1] as const));
  // What the second core gave before each round's pair: the machine is shared, and a second
  // worker gains only what the second core gives (bench/lib/cores.ts).
  const secondCoreGains: number[] = [];
  for (let round = 0; round < Number(values.rounds); round++) {
    // Its first 300,000 facts read as a rebuild worker reads them: about a second alone here.
    const { gain } = await secondCore('scan', { ledger, rows: 300_000 });
    secondCoreGains.push(gain);
    log(`round ${round + 1}: a second thread reading the ledger gave ${gain.toFixed(2)}×`);
    for (const workers of turns(round)) {
      if (onPostgres) {
        work = await copyOfDatabase('federation_source', 'federation_run');
        for (const f of [readModels, `${readModels}-wal`, `${readModels}-shm`])
          rmSync(f, { force: true });
      } else {
        for (const f of [work, `${work}-wal`, `${work}-shm`]) rmSync(f, { force: true });
        copyFileSync(ledger, work);
      }
      service = new Service(work, await freePort(), join(dir, 'serve.log'), [
        '--rebuild-workers',
        String(workers),
        ...onPostgresArgs,
      ]);
      const first = await service.start(3_600_000);
      const ms = first.caughtUp! + (await service.directoryRead(3_600_000));
      if (workers === 1) rebuildRssMb = Math.max(rebuildRssMb, service.memory().peak / 2 ** 20);
      await service.stop();
      rebuilt[workers].push(ms);
      log(`first start, ${workers} rebuild worker(s): rebuilt in ${ms.toFixed(0)} ms`);
      // What the service saved, as a restart serves it: the same whichever the workers.
      const digest = onPostgres ? readModelsFileDigest(readModels) : await readModelsDigest(work);
      if (digests !== undefined && digest !== digests)
        throw new Error(
          `the read models rebuilt by ${workers} worker(s) differ:\n${digest}\n${digests}`,
        );
      digests = digest;
    }
  }
  log(`every first start saved the same read models (SHA-256 of each)`);
  const rebuild1Ms = median(rebuilt[1]);
  const rebuild2Ms = median(rebuilt[2]);
  const secondCoreGain = median(secondCoreGains);
  // Each round's two starts ran back to back, on the same machine's hour: their ratio is read
  // beside the ratio of the medians, which a slow hour in one round moves.
  const pairRatios = rebuilt[1].map((one, i) => Number((one / rebuilt[2][i]!).toFixed(2)));
  log(
    `rebuild: 1 worker ${rebuild1Ms.toFixed(0)} ms, ` +
      `2 workers ${rebuild2Ms.toFixed(0)} ms (${(rebuild1Ms / rebuild2Ms).toFixed(2)}×; ` +
      `by rounds ${pairRatios.map((r) => `${r}×`).join(', ')}; ` +
      `a second thread reading the ledger giving ${secondCoreGain.toFixed(2)}×)` +
      `; 1 worker at ${((rawReadMs / rebuild1Ms) * 100).toFixed(0)} % of the raw read; peak RSS ${rebuildRssMb.toFixed(0)} MB`,
  );

  const cold = await service.start(3_600_000);
  const competition = `${clubIdOf(0)}-${shape.firstYear + seasons - 1}-c1`;
  const standing = await timed(service.url(`/competitions/${competition}/standings`));
  await service.stop();
  log(
    `cold start: /health 200 ${cold.health200.toFixed(0)} ms` +
      (onPostgres
        ? `, caught up (read models from --read-models) ${cold.caughtUp!.toFixed(0)} ms`
        : '') +
      `; first standing ${standing.ms.toFixed(0)} ms`,
  );

  // `audit` of an export (the export written first, deleted after); skipped, its keys are null.
  let audit: { ms: number; rssMb: number } | undefined;
  if (!values['skip-audit']) {
    const exported = join(dir, 'export.ndjson');
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [CLI, 'export', '--store', storeUrl(source ?? ledger)],
        {
          stdio: ['ignore', openSync(exported, 'w'), 'ignore'],
        },
      );
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`export: ${code}`))));
    });
    audit = await cli(['audit', exported]);
    rmSync(exported, { force: true });
    log(`audit: ${audit.ms.toFixed(0)} ms, peak RSS ${audit.rssMb.toFixed(0)} MB`);
  }
  const verify = await cli(['verify', '--store', storeUrl(source ?? ledger)]);
  log(
    `verify: ${verify.ms.toFixed(0)} ms (${Math.round(facts / (verify.ms / 1000))} facts/s), peak RSS ${verify.rssMb.toFixed(0)} MB`,
  );

  const [writeBytesPerFact1, writeBytesPerFact20] =
    values['skip-write-bytes'] || onPostgres ? [null, null] : await writeBytes();
  console.log(
    JSON.stringify({
      store: values.store,
      facts,
      rebuild1Ms: Math.round(rebuild1Ms),
      rebuild2Ms: Math.round(rebuild2Ms),
      pairRatios,
      secondCoreGain: Number(secondCoreGain.toFixed(2)),
      rawReadMs: Math.round(rawReadMs),
      rebuildRssMb: Math.round(rebuildRssMb),
      coldStartMs: Math.round(cold.health200),
      // A restart's catch-up: the saved read models loaded (on PostgreSQL, from --read-models).
      caughtUpMs: Math.round(cold.caughtUp!),
      firstStandingMs: Math.round(standing.ms),
      auditMs: audit ? Math.round(audit.ms) : null,
      auditRssMb: audit ? Math.round(audit.rssMb) : null,
      verifyMs: Math.round(verify.ms),
      writeBytesPerFact1,
      writeBytesPerFact20,
    }),
  );
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => Service.stopAll());
