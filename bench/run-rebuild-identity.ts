import '../src/contexts/built-in';
import '../src/rulesets';
import { spawn } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { catalogue } from '../src/contexts/catalogue';
import { projections } from '../src/contexts/projections';
import { ProjectionRunner } from '../src/ledger/projection-runner';
import { SqliteProjectionStateStore } from '../src/ledger/projection-state-store';
import { readModelDigests } from '../src/ledger/read-model-digest';
import { SqliteEventStore } from '../src/store/sqlite/sqlite-event-store';
import { log } from './lib/harness';
import { CLI } from './scale/service';

/**
 * Every read model of a generated federation, by its SHA-256, however it was built: caught up
 * live by the runner in one thread, rebuilt by one worker, by two, and by two stopped half way
 * (SIGINT once a worker has saved) then run again to resume:
 *
 *   npm run bench:rebuild-identity -- --facts 100000 [--clubs 32]
 *
 * The federation is the federation benchmark's (generated through the deciders, kept under
 * bench/.work/federation). Prints each road's digests' agreement, and as its last line a JSON
 * object with `facts`, `identical` and the time of each road; exits 1 if any road differs.
 */
const { values } = parseArgs({
  options: {
    facts: { type: 'string', default: '100000' },
    clubs: { type: 'string', default: '32' },
  },
});

/** Runs a command to its end: its exit code and what it printed. */
function run(args: string[], onStart?: (kill: () => void) => void) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    onStart?.(() => child.kill('SIGINT'));
  });
}

/** The federation benchmark's ledger of about `facts` facts, generated if it is not there yet. */
async function federation(): Promise<string> {
  const out = await run([
    join(__dirname, 'run-federation.js'),
    '--facts',
    values.facts,
    '--clubs',
    values.clubs,
    '--generate-only',
  ]);
  const path = /→ (\S+\.db)/.exec(out.stdout + out.stderr)?.[1];
  if (out.code !== 0 || !path) throw new Error(`generation failed:\n${out.stderr}`);
  return path;
}

type Digests = ReturnType<typeof readModelDigests>;

function copyOf(ledger: string, name: string): string {
  const path = join(__dirname, '..', '..', `identity-${name}.db`);
  for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
  copyFileSync(ledger, path);
  return path;
}

/** The runner alone, in this thread, from no saved read model: the service's live catch-up. */
async function live(path: string): Promise<Digests> {
  const store = new SqliteEventStore(path, { upcast: catalogue.upcast });
  try {
    const states = new SqliteProjectionStateStore(store.db);
    const runner = new ProjectionRunner(store, states, projections);
    runner.start();
    await runner.caughtUp();
    runner.stop();
    return readModelDigests(states, projections);
  } finally {
    await store.close();
  }
}

async function rebuilt(path: string, workers: number): Promise<Digests> {
  const out = await run([
    CLI,
    'rebuild',
    '--store',
    `sqlite:${path}`,
    '--workers',
    String(workers),
    '--json',
  ]);
  if (out.code !== 0) throw new Error(`rebuild on ${workers} worker(s): ${out.stderr}`);
  return (JSON.parse(out.stdout) as { readModels: Digests }).readModels;
}

/** Two workers stopped once one has saved part way, then the rebuild run again to resume. */
async function resumed(path: string, head: number): Promise<{ digests: Digests; at: number }> {
  let at = 0;
  const stopped = await run(
    [CLI, 'rebuild', '--store', `sqlite:${path}`, '--workers', '2', '--json'],
    (kill) => {
      const db = new Database(path, { readonly: true, timeout: 10_000 });
      const saved = db.prepare('SELECT coalesce(max(position), 0) FROM checkpoints').pluck();
      const poll = setInterval(() => {
        at = saved.get() as number;
        if (at > 0 && at < head) {
          clearInterval(poll);
          db.close();
          kill();
        }
      }, 20);
    },
  );
  if (stopped.code !== 130)
    throw new Error(
      `the rebuild was not stopped half way (exit ${stopped.code}): ${stopped.stderr}`,
    );
  return { digests: await rebuilt(path, 2), at };
}

async function main(): Promise<void> {
  const ledger = await federation();
  const store = new SqliteEventStore(ledger, { readOnly: true });
  const head = await store.headPosition();
  await store.close();
  log(`${head} facts: ${ledger}`);
  const ms: Record<string, number> = {};
  const timed = async <T>(name: string, f: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const r = await f();
    ms[name] = Math.round(performance.now() - t);
    return r;
  };
  const roads: Record<string, Digests> = {};
  roads.live = await timed('live', () => live(copyOf(ledger, 'live')));
  roads.worker1 = await timed('worker1', () => rebuilt(copyOf(ledger, 'one'), 1));
  roads.workers2 = await timed('workers2', () => rebuilt(copyOf(ledger, 'two'), 2));
  const stop = await timed('resumed', () => resumed(copyOf(ledger, 'resumed'), head));
  roads.resumed = stop.digests;
  log(`the resumed rebuild was stopped with a worker's save at position ${stop.at} of ${head}`);
  const reference = JSON.stringify(roads.live);
  let identical = true;
  for (const [road, digests] of Object.entries(roads)) {
    const same = JSON.stringify(digests) === reference;
    identical &&= same;
    log(
      `${road.padEnd(9)} ${same ? 'the same digests as live' : 'DIFFERS from live'} (${ms[road]} ms)`,
    );
  }
  for (const d of roads.live!)
    log(`  ${d.name.padEnd(16)} ${'sha256' in d ? d.sha256 : 'not saved'}`);
  for (const name of ['live', 'one', 'two', 'resumed']) {
    const path = join(__dirname, '..', '..', `identity-${name}.db`);
    for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
  }
  console.log(JSON.stringify({ facts: head, identical, stoppedAt: stop.at, ms }));
  if (!identical) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
