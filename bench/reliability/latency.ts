import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { log } from '../lib/harness';
import { CLI, freePort } from '../scale/service';
import { Histogram, readAll } from './audit';
import { playerRegistered, playersStream, Rng } from './facts';
import {
  appendRequest,
  describe,
  is2xx,
  json,
  newAgent,
  pct,
  registerClubs,
  send,
  sleep,
  type Outcome,
} from './http';
import { LedgerProcess, verify } from './service';
import type { Settings } from './settings';

export interface Phase {
  /** Appends timed (2xx only) and their latencies. */
  samples: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Histogram;
  /** Answers that were not 2xx, or no answer (first few). */
  failures: string[];
  /** The slowest /health of a poller asking one after another meanwhile, and how many it asked. */
  healthWorst: number;
  healthPolls: number;
}

export interface CliWriter {
  code: number | null;
  ms: number;
  facts: number;
  /** Of its facts, how many are in the store at the end. */
  stored: number;
  said: string;
}

export interface LatencyFigures {
  alone: Phase;
  beside: Phase;
  /** Appends left out of `beside`: sent while no CLI was writing (between two CLI runs). */
  outsideCli: number;
  cli: CliWriter[];
  /** Acknowledged appends of both phases not in the store at the end. */
  lost: number;
  verify: { ok: boolean; line: string };
}

const CLI_CLUBS = 10;

/**
 * Check 4: single appends (one PlayerRegistered, 'any'), one after another, timed alone, then
 * beside `bridge-ledger append <file>` of `cliFacts` facts run on the same SQLite file by
 * another process (its lines alternate between ten clubs' roster streams, so each is its own
 * transaction: the two processes take the write lock in turn). The CLI is started again with a
 * new file when it ends before the appends do; only appends made while one is running count.
 * A /health poller runs throughout: a store lock that holds up the event loop shows there.
 */
export async function latency(s: Settings, dir: string): Promise<LatencyFigures> {
  const db = join(dir, 'latency.db');
  const service = new LedgerProcess(db, await freePort(), join(dir, 'latency.log'));
  await service.start();
  const agent = newAgent();
  const rng = new Rng(s.seed + 4);
  const deadline = performance.now() + s.checkSeconds * 1000;
  const clubs = ['lat', ...Array.from({ length: CLI_CLUBS }, (_, i) => `cli${i}`)];
  await registerClubs(service.port, agent, rng, clubs, s.timeoutMs);
  const ackedIds: string[] = [];
  let n = 0;
  const append = async (): Promise<Outcome> => {
    const e = playerRegistered(rng.uuid(), 'lat', `lat-${n++}`);
    const o = await send(
      service.port,
      agent,
      appendRequest(playersStream('lat'), { expectedRevision: 'any', events: [e] }),
      s.timeoutMs,
    );
    if (is2xx(o)) ackedIds.push(e.id);
    return o;
  };
  for (let i = 0; i < 20; i++) await append(); // warm up

  const poller = () => {
    let running = true;
    let worst = 0;
    let count = 0;
    const done = (async () => {
      while (running) {
        const h = await send(service.port, agent, { method: 'GET', path: '/health' }, s.timeoutMs);
        worst = Math.max(worst, h.ms);
        count++;
        await sleep(10);
      }
    })();
    return async () => {
      running = false;
      await done;
      return { worst, count };
    };
  };

  const phase = async (counts: () => boolean): Promise<Phase & { outside: number }> => {
    const stop = poller();
    const ms: number[] = [];
    const statuses = new Histogram();
    const failures: string[] = [];
    let outside = 0;
    while (ms.length < s.latencyAppends && performance.now() < deadline) {
      const before = counts();
      const o = await append();
      const during = before && counts();
      if (!during) {
        outside++;
        await sleep(5);
        continue;
      }
      statuses.add(o.kind === 'answer' ? o.status : o.timedOut ? 'timeout' : 'no answer');
      if (is2xx(o)) ms.push(o.ms);
      else if (failures.length < 5) failures.push(describe(o));
    }
    const h = await stop();
    return {
      samples: ms.length,
      p50: pct(ms, 50),
      p99: pct(ms, 99),
      max: ms.length ? Math.max(...ms) : 0,
      statuses,
      failures,
      healthWorst: h.worst,
      healthPolls: h.count,
      outside,
    };
  };

  const alone = await phase(() => true);
  log(
    `  latency alone: p50 ${alone.p50.toFixed(1)} ms, p99 ${alone.p99.toFixed(1)} ms (${alone.samples}); statuses ${alone.statuses}`,
  );

  // The CLI beside it: one run after another until the timed appends are done.
  const cli: (CliWriter & { ids: string[] })[] = [];
  let cliWriting = false;
  let stopCli = false;
  const head = async () =>
    (json(await send(service.port, agent, { method: 'GET', path: '/health' }, s.timeoutMs))
      ?.headPosition as number | undefined) ?? 0;
  const runner = (async () => {
    for (let run = 0; !stopCli && performance.now() < deadline; run++) {
      const file = join(dir, `cli-${run}.ndjson`);
      const ids: string[] = [];
      const lines = Array.from({ length: s.cliFacts }, (_, i) => {
        const clubId = `cli${i % CLI_CLUBS}`;
        const e = playerRegistered(rng.uuid(), clubId, `cli-${run}-${i}`);
        ids.push(e.id);
        return JSON.stringify({ streamId: playersStream(clubId), ...e });
      });
      writeFileSync(file, `${lines.join('\n')}\n`);
      const t0 = performance.now();
      const child = spawn(process.execPath, [CLI, 'append', file, '--store', `sqlite:${db}`], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
      child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
      const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
      let running = true;
      void exited.then(() => (running = false));
      // Counts only once its first facts are in: its start (node, the store opened) is not writing.
      const base = await head();
      while (running && (await head()) <= base + 1) await sleep(10);
      cliWriting = running;
      const code = await exited;
      cliWriting = false;
      const said = out.trim().split('\n').filter(Boolean).pop() ?? '';
      cli.push({ code, ms: performance.now() - t0, facts: s.cliFacts, stored: 0, said, ids });
      log(
        `  CLI append run ${run}: exit ${code} in ${(performance.now() - t0).toFixed(0)} ms: ${said.slice(0, 200)}`,
      );
    }
  })();
  while (!cliWriting && cli.length === 0 && performance.now() < deadline) await sleep(5);
  const beside = await phase(() => cliWriting);
  stopCli = true;
  await runner;
  log(
    `  latency beside the CLI: p50 ${beside.p50.toFixed(1)} ms, p99 ${beside.p99.toFixed(1)} ms (${beside.samples}); statuses ${beside.statuses}`,
  );

  const stored = await readAll(service.port, agent, 60_000);
  const ids = new Set(stored.map((e) => e.id.toLowerCase()));
  for (const c of cli) c.stored = c.ids.filter((id) => ids.has(id)).length;
  const lost = ackedIds.filter((id) => !ids.has(id)).length;
  await service.stop();
  agent.destroy();
  const v = await verify(db);
  return {
    alone,
    beside,
    outsideCli: beside.outside,
    cli: cli.map(({ ids: _ids, ...c }) => c),
    lost,
    verify: v,
  };
}
