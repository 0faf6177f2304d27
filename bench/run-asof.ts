import '../src/contexts/built-in';
import '../src/rulesets';
import { fork, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { startHttpServer } from '../src/app/http-server';
import { catalogue } from '../src/contexts/catalogue';
import { SqliteEventStore } from '../src/store/sqlite/sqlite-event-store';
import { envInt, freshDir, log, median, removeDir } from './lib/harness';
import { clubIdOf, history, seasonName, type HistoryShape } from './standings/history';

/**
 * An as-of standing over HTTP on a synthetic history of 1 and more seasons (the
 * standings benchmark's clubs), and the worst /health latency while it is computed. Per
 * season count: the first as-of request (cold), then ROUNDS more (warm), each with /health
 * asked every 5 ms meanwhile. The server runs in a child process (`serve <db>`), so the
 * client's clock is not stopped by the server's work. BENCH_ASOF_SEASONS: the season counts
 * (default "1,5"). Not a test.
 */
const ROUNDS = envInt('BENCH_RUNS', 5);
const seasonsList = (process.env.BENCH_ASOF_SEASONS ?? '1,5').split(',').map(Number);

const get = (url: string): Promise<{ ms: number; status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    httpRequest(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({
          ms: Number(process.hrtime.bigint() - start) / 1e6,
          status: res.statusCode ?? 0,
          body,
        }),
      );
    })
      .on('error', reject)
      .end();
  });

async function setup(path: string, shape: HistoryShape): Promise<number> {
  const store = new SqliteEventStore(path, { synchronous: 'NORMAL' });
  const next = new Map<string, number>();
  let events = 0;
  for (const b of history(shape)) {
    const expected = next.get(b.streamId) ?? 'no_stream';
    const r = await store.appendToStream(b.streamId, b.events, { expectedRevision: expected });
    next.set(b.streamId, r.nextExpectedRevision);
    events += b.events.length;
  }
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  await store.close();
  return events;
}

/** One as-of request with /health polled every 5 ms meanwhile: both latencies. */
async function measure(url: string) {
  let done = false;
  const health: number[] = [];
  const poll = (async () => {
    while (!done) {
      health.push((await get(`${url}/health`)).ms);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const answer = await get(`${url}${pathOf}`);
  done = true;
  await poll;
  if (answer.status !== 200) throw new Error(`as-of answered ${answer.status}: ${answer.body}`);
  return { asOf: answer.ms, health: Math.max(...health), polls: health.length, body: answer.body };
}
let pathOf = '';

async function main() {
  log(`# as-of standings benchmark — ${new Date().toISOString()}, node ${process.version}`);
  for (const seasons of seasonsList) {
    const shape: HistoryShape = {
      seasons,
      clubs: envInt('BENCH_CLUBS', 32),
      competitions: envInt('BENCH_COMPETITIONS', 4),
      pairs: envInt('BENCH_PAIRS', 24),
      firstYear: 2006,
    };
    const dir = freshDir('asof');
    const path = join(dir, 'history.db');
    const events = await setup(path, shape);
    const { child, url } = await serveInChild(path);
    try {
      // The last season's first competition of the middle club, as of a position mid-season.
      const year = shape.firstYear + seasons - 1;
      const competitionId = `${clubIdOf(Math.floor(shape.clubs / 2))}-${year}-c1`;
      pathOf = `/competitions/${competitionId}/standings?atPosition=${events - 1000}`;
      const cold = await measure(url);
      const warm = [];
      for (let i = 0; i < ROUNDS; i++) warm.push(await measure(url));
      log(
        `${seasons} season(s) (${seasonName(shape.firstYear)}…${seasonName(year)}), ${events.toLocaleString('en-GB')} events: ` +
          `as-of cold ${cold.asOf.toFixed(0)} ms (worst /health ${cold.health.toFixed(0)} ms over ${cold.polls} polls); ` +
          `warm median ${median(warm.map((w) => w.asOf)).toFixed(0)} ms [${warm.map((w) => w.asOf.toFixed(0)).join(', ')}], ` +
          `worst /health ${Math.max(...warm.map((w) => w.health)).toFixed(0)} ms (median of worsts ${median(warm.map((w) => w.health)).toFixed(0)} ms)`,
      );
      if (process.env.BENCH_ASOF_OUT) {
        const { writeFileSync } = await import('node:fs');
        writeFileSync(`${process.env.BENCH_ASOF_OUT}-${seasons}.json`, cold.body);
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      removeDir(dir);
    }
  }
}

function serveInChild(path: string): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(__filename, ['serve', path]);
  return new Promise((resolve, reject) => {
    child.once('message', (url) => resolve({ child, url: String(url) }));
    child.once('error', reject);
  });
}

/** The child: the HTTP server on the history, its url sent to the parent. */
async function serve(path: string) {
  const store = new SqliteEventStore(path, { upcast: catalogue.upcast });
  const server = await startHttpServer({ store, port: 0, logger: false });
  process.send!(server.url);
}

(process.argv[2] === 'serve' ? serve(process.argv[3]) : main()).catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
