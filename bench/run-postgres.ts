import { Client } from 'pg';
import { cpus, totalmem } from 'node:os';
import type { EventToAppend } from '../src/kernel/envelope';
import type { ExpectedRevision } from '../src/store/event-store';
import { PostgresEventStore } from '../src/store/postgres/postgres-event-store';
import { envInt, fmtPct, fmtRate, log, median, settle, since } from './lib/harness';
import { averagePayloadBytes, makeBatch, makeEvent, streamName } from './lib/payloads';
import { RawPg } from './postgres/raw-pg';
import { freshDatabase, server } from './postgres/database';

/**
 * The PostgreSQL store against raw node-postgres doing the same SQL (bench/postgres/raw-pg.ts),
 * in the same run, alternating: (a) batched appends, (b) readAll + JSON.parse, (c) single
 * durable appends. Run under a durable throwaway cluster:
 *
 *   npm run bench:postgres
 *
 * (LEDGER_PG_DURABLE=1 scripts/with-postgres.sh: fsync and synchronous commit on). Not a test.
 */
const EVENTS = envInt('BENCH_PG_EVENTS', 100_000);
const BATCH = envInt('BENCH_BATCH', 100);
const SINGLES = envInt('BENCH_PG_SINGLES', 4_000);
const SINGLE_STREAMS = 200;
const RUNS = envInt('BENCH_RUNS', 3);
const TARGET = 0.9;
const CHUNK = 50;

interface Appender {
  append(stream: string, events: EventToAppend[], expected: ExpectedRevision): Promise<unknown>;
}

/** Takes turns a chunk at a time, in an order that alternates every chunk; sums each one's time. */
async function alternate<T>(
  items: T[],
  contenders: Array<[string, (item: T) => Promise<unknown>]>,
  chunk: number,
): Promise<Map<string, number>> {
  const seconds = new Map(contenders.map(([name]) => [name, 0]));
  for (let first = 0, turn = 0; first < items.length; first += chunk, turn++) {
    const slice = items.slice(first, first + chunk);
    const order = turn % 2 ? [...contenders].reverse() : contenders;
    for (const [name, run] of order) {
      settle();
      const t = process.hrtime.bigint();
      for (const item of slice) await run(item);
      seconds.set(name, seconds.get(name)! + since(t));
    }
  }
  return seconds;
}

async function round(): Promise<{ a: number[]; b: number[]; c: number[] }> {
  const adapterUrl = await freshDatabase('adapter');
  const adapter = await PostgresEventStore.open(adapterUrl);
  const raw = await RawPg.open(await freshDatabase('raw'));
  const stores: Array<[string, Appender]> = [
    ['raw', { append: (s, e, x) => raw.append(s, e, x) }],
    ['adapter', { append: (s, e, x) => adapter.appendToStream(s, e, { expectedRevision: x }) }],
  ];
  // (a) batched appends: one batch of BATCH events per new stream.
  const batches = Array.from({ length: Math.ceil(EVENTS / BATCH) }, (_, s) => s);
  const payloads = new Map(batches.map((s) => [s, makeBatch(s, 0, BATCH)]));
  const a = await alternate(
    batches,
    stores.map(([name, w]) => [
      name,
      (s: number) =>
        w.append(
          streamName(s),
          payloads.get(s)!.map((e) => ({ ...e, id: crypto.randomUUID() })),
          'no_stream',
        ),
    ]),
    CHUNK,
  );
  // (b) readAll + JSON.parse of the adapter's database by both (the same pages).
  const readRaw = await RawPg.open(adapterUrl);
  let clubs = 0;
  const touch = (_d: unknown, m: { clubId?: string }) => (clubs += m.clubId ? 1 : 0);
  const b = await alternate(
    [0],
    [
      ['raw', () => readRaw.readAll(touch)],
      [
        'adapter',
        async () => {
          for await (const e of adapter.readAll()) touch(e.data, e.metadata);
        },
      ],
    ],
    1,
  );
  await readRaw.close();
  // (c) single durable appends round-robin over SINGLE_STREAMS streams, exact revisions.
  const singles = Array.from({ length: SINGLES }, (_, i) => i);
  const c = await alternate(
    singles,
    stores.map(([name, w]) => [
      name,
      (i: number) => {
        const s = i % SINGLE_STREAMS;
        const k = Math.floor(i / SINGLE_STREAMS);
        return w.append(`single-${s}`, [makeEvent(s, k)], k === 0 ? 'no_stream' : k - 1);
      },
    ]),
    250,
  );
  await adapter.close();
  await raw.close();
  const rate = (m: Map<string, number>, n: number) => [n / m.get('raw')!, n / m.get('adapter')!];
  if (clubs === 0) throw new Error('nothing was read');
  return { a: rate(a, EVENTS), b: rate(b, EVENTS), c: rate(c, SINGLES) };
}

function row(label: string, rounds: number[][], unit: string): string {
  const raw = rounds.map((r) => r[0]!);
  const adapter = rounds.map((r) => r[1]!);
  const ratios = adapter.map((x, i) => x / raw[i]!);
  const ratio = median(ratios);
  return `| ${label} | ${fmtRate(median(raw))} ${unit} | ${fmtRate(median(adapter))} ${unit} | **${fmtPct(ratio)}** (rounds: ${ratios.map(fmtPct).join(', ')}) | ≥ 90 % | ${ratio >= TARGET ? 'meets' : 'MISSES'} |`;
}

async function main(): Promise<void> {
  if (!server) throw new Error('no server: run npm run bench:postgres (LEDGER_TEST_POSTGRES_URL)');
  const admin = new Client({ connectionString: server });
  await admin.connect();
  const settings = await admin.query(
    "SELECT current_setting('server_version') AS v, current_setting('fsync') AS f, current_setting('synchronous_commit') AS s",
  );
  await admin.end();
  const s = settings.rows[0] as { v: string; f: string; s: string };
  log(`# PostgreSQL store benchmarks — ${new Date().toISOString()}`);
  log(
    `node ${process.version}, ${cpus().length} CPUs, ${Math.round(totalmem() / 2 ** 30)} GiB; PostgreSQL ${s.v} on this machine (Unix socket), fsync ${s.f}, synchronous_commit ${s.s}`,
  );
  log(
    `(a) ${EVENTS} events in batches of ${BATCH}, (b) reading them, (c) ${SINGLES} single appends over ${SINGLE_STREAMS} streams; ${RUNS} rounds, payload ~${averagePayloadBytes()} bytes`,
  );
  const rounds = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await round();
    log(
      `round ${i + 1}: (a) raw ${fmtRate(r.a[0]!)} adapter ${fmtRate(r.a[1]!)}; (b) raw ${fmtRate(r.b[0]!)} adapter ${fmtRate(r.b[1]!)}; (c) raw ${fmtRate(r.c[0]!)} adapter ${fmtRate(r.c[1]!)}`,
    );
    rounds.push(r);
  }
  log('');
  log(
    '| benchmark | raw node-postgres (median) | adapter (median) | adapter / raw (median of rounds) | target | verdict |',
  );
  log('|---|---|---|---|---|---|');
  log(
    row(
      `(a) append, ${BATCH} a batch`,
      rounds.map((r) => r.a),
      'ev',
    ),
  );
  log(
    row(
      '(b) readAll + JSON.parse',
      rounds.map((r) => r.b),
      'ev',
    ),
  );
  log(
    row(
      '(c) single durable append',
      rounds.map((r) => r.c),
      'appends',
    ),
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
