import { spawn, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { v7 as uuidv7 } from 'uuid';
import { envInt, log, median } from './lib/harness';
import { freshDatabase } from './postgres/database';

/**
 * HTTP appends of many clubs through one service instance and through two, on one PostgreSQL
 * store, alternating; and the cross-instance visibility lag (an append through one instance
 * until the other's read models have it, by its /health position). Each instance is its own
 * process (`serve`), as in production. Run under a durable throwaway cluster:
 *
 *   npm run bench:postgres-instances
 *
 * Not a test.
 */
const CLUBS = envInt('BENCH_PG_CLUBS', 24);
const REQUESTS = envInt('BENCH_PG_REQUESTS', 1_500);
const CLIENTS = envInt('BENCH_PG_CLIENTS', 16);
const RUNS = envInt('BENCH_RUNS', 3);
const PAIRS = 10;

const at = (day: string, time = '19:00') => `${day}T${time}:00+13:00`;
const fact = (
  streamId: string,
  type: string,
  data: Record<string, unknown>,
  occurredAt: string,
) => ({
  streamId,
  id: uuidv7(),
  type,
  occurredAt,
  data,
});
type Fact = ReturnType<typeof fact>;

/** A Tuesday each week from 2026-01-06, as many as asked. */
const tuesdays = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    new Date(Date.UTC(2026, 0, 6 + 7 * i)).toISOString().slice(0, 10),
  );

/** A club, its rulebook, its roster of 20 members and one competition per run and instance count. */
function clubSetup(c: number, competitions: string[], sessions: number): Fact[][] {
  const clubId = `club${c}`;
  const dates = tuesdays(sessions);
  const players = Array.from({ length: PAIRS * 2 }, (_, i) => `c${c}p${i}`);
  return [
    [
      fact(
        `club-${clubId}`,
        'ClubRegistered',
        { clubId, name: `Club ${c}`, timeZone: 'Pacific/Auckland' },
        at('2025-12-01'),
      ),
      fact(
        `club-${clubId}`,
        'RulebookAdopted',
        { clubId, preset: 'nz-club', overrides: {}, effectiveFrom: '2025-01-01' },
        at('2025-12-01'),
      ),
    ],
    players.map((playerId) =>
      fact(
        `club-${clubId}-players`,
        'PlayerRegistered',
        { clubId, playerId, name: playerId, status: 'member', homeNight: 'tuesday' },
        at('2025-12-01'),
      ),
    ),
    ...competitions.map((comp) => [
      fact(
        `competition-${comp}`,
        'CompetitionCreated',
        {
          competitionId: comp,
          clubId,
          name: comp,
          season: '2026',
          kind: 'short-pairs',
          format: 'club-pairs',
          night: 'tuesday',
          sessions: dates.map((date, i) => ({ session: i + 1, date, startTime: '19:30' })),
        },
        at('2025-12-02'),
      ),
      ...Array.from({ length: PAIRS }, (_, p) =>
        fact(
          `competition-${comp}`,
          'PairEntered',
          { competitionId: comp, pairId: `p${p}`, players: [players[2 * p], players[2 * p + 1]] },
          at('2025-12-02'),
        ),
      ),
    ]),
  ];
}

async function post(base: string, facts: Fact[]): Promise<number> {
  const res = await fetch(`${base}/streams/${facts[0]!.streamId}/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      expectedRevision: 'any',
      events: facts.map(({ streamId: _s, ...e }) => e),
    }),
  });
  const body = (await res.json()) as { position?: number };
  if (res.status !== 201) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
  return body.position ?? 0;
}

function startInstance(url: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    'node',
    ['dist/bundle/cli/main.js', 'serve', '--store', url, '--port', String(port), '--no-examples'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/health`);
        if (r.status === 200 && ((await r.json()) as { caughtUp?: boolean }).caughtUp)
          return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 60_000)
        return reject(new Error(`instance on ${port} did not start`));
      setTimeout(() => void poll(), 100);
    };
    void poll();
  });
}

/** The session results of a run: one request each, pair by pair, session by session, club by club. */
function resultsOf(comp: (c: number) => string, sessions: number): Fact[] {
  const out: Fact[] = [];
  const dates = tuesdays(sessions);
  for (let s = 1; s <= sessions; s++)
    for (let p = 0; p < PAIRS; p++)
      for (let c = 0; c < CLUBS; c++)
        out.push(
          fact(
            `competition-${comp(c)}`,
            'SessionResultRecorded',
            {
              competitionId: comp(c),
              session: s,
              pairId: `p${p}`,
              players: [`c${c}p${2 * p}`, `c${c}p${2 * p + 1}`],
              percentage: 40 + ((c * 7 + p * 3 + s) % 21),
              boardsPlayed: 24,
              source: 'imported',
            },
            at(dates[s - 1]!, '22:30'),
          ),
        );
  return out.slice(0, REQUESTS);
}

/** Appends every fact through the instances in turn, CLIENTS requests at a time; appends/s. */
async function load(bases: string[], facts: Fact[]): Promise<number> {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, k) => {
      for (let i = next++; i < facts.length; i = next++)
        await post(bases[(i + k) % bases.length]!, [facts[i]!]);
    }),
  );
  return facts.length / (Number(process.hrtime.bigint() - started) / 1e9);
}

/** Appends through the first instance now and then under load; how long until the second has it. */
async function lags(bases: string[], stop: () => boolean, run: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; !stop(); i++) {
    const position = await post(bases[0]!, [
      fact(
        `club-club0-players`,
        'PlayerRegistered',
        {
          clubId: 'club0',
          playerId: `probe${run}x${i}`,
          name: `Probe ${i}`,
          status: 'member',
          homeNight: 'tuesday',
        },
        at('2025-12-03'),
      ),
    ]);
    const t = process.hrtime.bigint();
    for (;;) {
      const h = (await (await fetch(`${bases[1]}/health`)).json()) as { position: number };
      if (h.position >= position) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
    await new Promise((r) => setTimeout(r, 20));
  }
  return out;
}

const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function main(): Promise<void> {
  const url = await freshDatabase('instances');
  // A club-pairs has 10 sessions (NZ-1); a run fills them session by session.
  const sessions = 10;
  if (REQUESTS > sessions * PAIRS * CLUBS)
    throw new Error(`at most ${sessions * PAIRS * CLUBS} requests`);
  const comp = (run: number, n: number) => (c: number) => `r${run}n${n}c${c}`;
  const children = [await startInstance(url, 3301), await startInstance(url, 3302)];
  const bases = ['http://127.0.0.1:3301', 'http://127.0.0.1:3302'];
  try {
    for (let c = 0; c < CLUBS; c++) {
      const comps = [];
      for (let run = 0; run < RUNS; run++) comps.push(comp(run, 1)(c), comp(run, 2)(c));
      for (const batch of clubSetup(c, comps, sessions)) await post(bases[0]!, batch);
    }
    log(
      `# HTTP appends through one and two service instances on one PostgreSQL — ${new Date().toISOString()}`,
    );
    log(
      `${cpus().length} CPUs; ${CLUBS} clubs, ${REQUESTS} SessionResultRecorded appends a run (one fact a request, each decided under its club's lock), ${CLIENTS} clients`,
    );
    const one: number[] = [];
    const two: number[] = [];
    let lagged: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const order = run % 2 ? [2, 1] : [1, 2];
      for (const n of order) {
        const facts = resultsOf(comp(run, n), sessions);
        if (n === 1) one.push(await load([bases[0]!], facts));
        else {
          let done = false;
          const probing = lags(bases, () => done, run);
          two.push(await load(bases, facts));
          done = true;
          lagged = lagged.concat(await probing);
        }
      }
      log(
        `run ${run + 1}: one instance ${Math.round(one.at(-1)!)}/s, two ${Math.round(two.at(-1)!)}/s`,
      );
    }
    const ratios = two.map((t, i) => t / one[i]!);
    log('');
    log('| through | appends/s (median) | two / one (median of runs) |');
    log('|---|---|---|');
    log(`| one instance | ${Math.round(median(one))} | |`);
    log(
      `| two instances | ${Math.round(median(two))} | ${median(ratios).toFixed(2)}× (runs: ${ratios.map((r) => r.toFixed(2)).join(', ')}) |`,
    );
    log('');
    log(
      `cross-instance visibility lag under the two-instance load, ${lagged.length} probes: p50 ${pct(lagged, 0.5).toFixed(1)} ms, p99 ${pct(lagged, 0.99).toFixed(1)} ms, max ${Math.max(...lagged).toFixed(1)} ms`,
    );
  } finally {
    for (const c of children) c.kill('SIGTERM');
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
