import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { log } from '../lib/harness';
import { freePort } from '../scale/service';
import { audit, Histogram, readAll, type Acked, type Audit } from './audit';
import { playerRegistered, playersStream, Rng } from './facts';
import { appendRequest, describe, is2xx, json, newAgent, registerClubs, send, sleep } from './http';
import { LedgerProcess, verify } from './service';
import type { Settings } from './settings';

export interface KillFigures {
  appends: number;
  clients: number;
  kills: number;
  /** Acknowledged appends when each kill was sent, and the restart's time to /health caught up. */
  killedAt: number[];
  restartMs: number[];
  seconds: number;
  statuses: Histogram;
  /** Appends whose request was cut by a kill (or otherwise unanswered) and sent again. */
  cut: number;
  /** … of which were stored before the kill that cut them (the retry answered the original). */
  cutWrittenBefore: number;
  /** Non-2xx answers (first few), none expected. */
  unexpected: string[];
  unexpectedCount: number;
  /** Appends abandoned: the check's deadline, or an answer the client cannot act on. */
  abandoned: number;
  audit: Audit;
  verify: { ok: boolean; line: string };
}

/**
 * Check 2: `killAppends` single appends from `killClients` clients, each on its own stream (half
 * with exact revisions, half 'any'); the service is killed with SIGKILL `kills` times at random
 * moments (a random count of acknowledged appends, then 0–30 ms), and restarted on the same
 * file and port at once. A client whose request gets no answer sends the same body again until
 * it is answered (a true retry: the append may or may not have been written before the kill).
 * At the end every acknowledged event must be stored once.
 */
export async function killNine(s: Settings, dir: string): Promise<KillFigures> {
  const db = join(dir, 'kill.db');
  const service = new LedgerProcess(db, await freePort(), join(dir, 'kill.log'));
  await service.start();
  const agent = newAgent();
  const rng = new Rng(s.seed + 2);
  const post = (streamId: string, body: unknown) =>
    send(service.port, agent, appendRequest(streamId, body), s.timeoutMs);
  const deadline = performance.now() + s.checkSeconds * 1000;
  const clubs = Array.from({ length: s.killClients }, (_, c) => `kill${c}`);
  await registerClubs(service.port, agent, rng, clubs, s.timeoutMs);

  const points = Array.from({ length: s.kills }, () =>
    Math.floor(s.killAppends * (0.1 + 0.8 * rng.next())),
  ).sort((a, b) => a - b);
  const statuses = new Histogram();
  const acked: Acked[] = [];
  const sentIds = new Set<string>();
  const unexpected: string[] = [];
  const killedAt: number[] = [];
  const restartMs: number[] = [];
  let unexpectedCount = 0;
  let cut = 0;
  /** The ids of cut appends, and when their first attempt failed (the client's clock). */
  const cutAt = new Map<string, number>();
  let abandoned = 0;
  let clientsDone = 0;

  const t0 = performance.now();
  const killer = (async () => {
    for (const point of points) {
      while (acked.length < point && clientsDone < s.killClients) await sleep(2);
      if (clientsDone === s.killClients) return;
      await sleep(rng.int(31));
      killedAt.push(acked.length);
      await service.kill9();
      restartMs.push((await service.start()).ms);
      log(
        `  kill -9 at ${killedAt[killedAt.length - 1]} acknowledged; restarted in ${restartMs[restartMs.length - 1]!.toFixed(0)} ms`,
      );
    }
  })();

  const client = async (c: number) => {
    const crng = new Rng(s.seed * 7919 + c);
    const clubId = clubs[c]!;
    const streamId = playersStream(clubId);
    const exact = c % 2 === 0;
    let revision: number | 'no_stream' = 'no_stream';
    const share =
      Math.floor(s.killAppends / s.killClients) + (c < s.killAppends % s.killClients ? 1 : 0);
    for (let k = 0; k < share; k++) {
      const event = playerRegistered(crng.uuid(), clubId, `c${c}-${k}`);
      sentIds.add(event.id);
      const body = { expectedRevision: exact ? revision : 'any', events: [event] };
      let wasCut = false;
      for (;;) {
        if (performance.now() > deadline) {
          abandoned++;
          return;
        }
        const o = await post(streamId, body);
        statuses.add(o.kind === 'answer' ? o.status : o.timedOut ? 'timeout' : 'no answer');
        if (is2xx(o)) {
          const b = json(o) as { position: number; nextExpectedRevision: number };
          acked.push({ streamId, ids: [event.id], ...b });
          revision = b.nextExpectedRevision;
          break;
        }
        if (o.kind === 'error' || o.status === 503) {
          if (!wasCut) {
            cut++;
            cutAt.set(event.id, Date.now());
          }
          wasCut = true;
          await sleep(20);
          continue; // the same body again
        }
        unexpectedCount++;
        if (unexpected.length < 5)
          unexpected.push(
            `${streamId} #${k}${wasCut ? ' (a retry after a cut)' : ''}: ${describe(o)}`,
          );
        abandoned++;
        break;
      }
    }
  };
  await Promise.all(
    clubs.map((_, c) =>
      client(c).finally(() => {
        clientsDone++;
      }),
    ),
  );
  await killer;
  const seconds = (performance.now() - t0) / 1000;

  const stored = await readAll(service.port, agent, 60_000);
  const streams = new Set(clubs.map(playersStream));
  const a = audit(stored, acked, [], sentIds, (id) => streams.has(id));
  // recordedAt is the service's clock, the same machine's: stored before the failure was seen.
  const cutWrittenBefore = stored.filter((e) => {
    const at = cutAt.get(e.id.toLowerCase());
    const recorded = (e as { recordedAt?: string }).recordedAt;
    return at !== undefined && recorded !== undefined && Date.parse(recorded) <= at;
  }).length;
  await service.stop();
  agent.destroy();
  const v = await verify(db);
  log(
    `  kill -9: ${acked.length} appends acknowledged in ${seconds.toFixed(1)} s, ${killedAt.length} kills; statuses ${statuses}`,
  );
  return {
    appends: s.killAppends,
    clients: s.killClients,
    kills: killedAt.length,
    killedAt,
    restartMs,
    seconds,
    statuses,
    cut,
    cutWrittenBefore,
    unexpected,
    unexpectedCount,
    abandoned,
    audit: a,
    verify: v,
  };
}
