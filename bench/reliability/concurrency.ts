import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { log } from '../lib/harness';
import { freePort } from '../scale/service';
import { audit, Histogram, readAll, type Acked, type Audit, type Retried } from './audit';
import { playerRegistered, playersStream, Rng } from './facts';
import {
  appendRequest,
  describe,
  is2xx,
  json,
  newAgent,
  registerClubs,
  send,
  sleep,
  type Outcome,
} from './http';
import { LedgerProcess, verify } from './service';
import type { Settings } from './settings';

export interface ConcurrencyFigures {
  writers: number;
  batches: number;
  requests: number;
  seconds: number;
  statuses: Histogram;
  /** 409 WrongExpectedVersion on an own stream, answered by reading actualRevision and retrying. */
  conflictsRetried: number;
  /** Requests that got no answer (reset or timed out) and were sent again. */
  unanswered: number;
  timeouts: number;
  /** Non-2xx answers other than the 409s retried, first few, for diagnosis. */
  unexpected: string[];
  unexpectedCount: number;
  /** Writers that gave up (the check's deadline, or an answer they cannot act on). */
  stoppedEarly: number;
  audit: Audit;
  verify: { ok: boolean; line: string };
}

/**
 * Check 1: `writers` concurrent writers of `writerAppends` batches (1–3 PlayerRegistered) each.
 * The first half write to one shared stream with expectedRevision 'any'; the others each to its
 * own stream with the exact revision, reading `actualRevision` from a 409 and trying again.
 * A quarter of the batches are retried later as sent (a true retry: same ids, same body, the
 * then-stale revision included), and some are sent twice at once (a client's timeout retry
 * racing its original). Every retry must answer the original result and write nothing. The log
 * is then read back through GET /events and audited.
 */
export async function concurrency(s: Settings, dir: string): Promise<ConcurrencyFigures> {
  const db = join(dir, 'concurrency.db');
  const service = new LedgerProcess(db, await freePort(), join(dir, 'concurrency.log'));
  await service.start();
  const agent = newAgent();
  const post = (streamId: string, body: unknown) =>
    send(service.port, agent, appendRequest(streamId, body), s.timeoutMs);
  const deadline = performance.now() + s.checkSeconds * 1000;

  const half = Math.floor(s.writers / 2);
  const clubOf = (w: number) => (w < half ? 'shared' : `own${w}`);
  const setupRng = new Rng(s.seed);
  const setupClubs = new Set(Array.from({ length: s.writers }, (_, w) => clubOf(w)));
  await registerClubs(service.port, agent, setupRng, setupClubs, s.timeoutMs);

  const statuses = new Histogram();
  const acked: Acked[] = [];
  const retried: Retried[] = [];
  const sentIds = new Set<string>();
  const unexpected: string[] = [];
  let unexpectedCount = 0;
  let requests = 0;
  let batches = 0;
  let conflictsRetried = 0;
  let unanswered = 0;
  let timeouts = 0;
  let stoppedEarly = 0;

  const count = (o: Outcome) => {
    requests++;
    statuses.add(o.kind === 'answer' ? o.status : o.timedOut ? 'timeout' : 'no answer');
    if (o.kind === 'error') {
      unanswered++;
      if (o.timedOut) timeouts++;
    }
  };
  const ackOf = (streamId: string, ids: string[], o: Outcome): Acked => {
    const b = json(o) as { position: number; nextExpectedRevision: number };
    return { streamId, ids, position: b.position, nextExpectedRevision: b.nextExpectedRevision };
  };
  const retryOf = (original: Acked, o: Outcome): Retried => {
    const b = json(o) as { position?: number; nextExpectedRevision?: number } | undefined;
    return {
      original,
      status: o.kind === 'answer' ? o.status : o.code,
      position: b?.position,
      nextExpectedRevision: b?.nextExpectedRevision,
    };
  };

  const t0 = performance.now();
  const writer = async (w: number) => {
    const rng = new Rng(s.seed * 1000 + w + 1);
    const clubId = clubOf(w);
    const streamId = playersStream(clubId);
    const shared = w < half;
    let revision: number | 'no_stream' = 'no_stream';
    const mine: { body: unknown; ack: Acked }[] = [];
    for (let k = 0; k < s.writerAppends; k++) {
      const events = Array.from({ length: 1 + rng.int(3) }, (_, j) =>
        playerRegistered(rng.uuid(), clubId, `w${w}-${k}-${j}`),
      );
      const ids = events.map((e) => e.id);
      ids.forEach((id) => sentIds.add(id));
      const twice = rng.chance(0.15);
      let expected: number | 'no_stream' | 'any' = shared ? 'any' : revision;
      let ack: Acked | undefined;
      let body: unknown;
      for (let attempt = 0; !ack; attempt++) {
        if (performance.now() > deadline || attempt > 50) {
          stoppedEarly++;
          return;
        }
        body = { expectedRevision: expected, events };
        let o: Outcome;
        if (twice && attempt === 0) {
          // The same request twice at once: one writes, the other must answer the same.
          const pair = await Promise.all([post(streamId, body), post(streamId, body)]);
          pair.forEach(count);
          const ok = pair.findIndex(is2xx);
          if (ok >= 0) {
            ack = ackOf(streamId, ids, pair[ok]!);
            const other = pair[1 - ok]!;
            if (other.kind === 'answer') retried.push(retryOf(ack, other));
            break;
          }
          o = pair[0]!;
        } else {
          o = await post(streamId, body);
          count(o);
        }
        if (is2xx(o)) {
          ack = ackOf(streamId, ids, o);
          break;
        }
        if (o.kind === 'error') {
          await sleep(10);
          continue; // the same body again: a true retry
        }
        const refusal = json(o);
        if (o.status === 409 && refusal?.error === 'WrongExpectedVersion' && !shared) {
          conflictsRetried++;
          expected = refusal.actualRevision as number | 'no_stream';
          continue;
        }
        unexpectedCount++;
        if (unexpected.length < 5) unexpected.push(`${streamId} ${describe(o)}`);
        stoppedEarly++;
        return;
      }
      batches++;
      acked.push(ack!);
      mine.push({ body, ack: ack! });
      revision = ack!.nextExpectedRevision;
      // A true retry of this batch or an earlier one, as sent (a stale revision by now).
      if (rng.chance(0.25)) {
        const again = mine[rng.int(mine.length)]!;
        const o = await post(streamId, again.body);
        count(o);
        retried.push(retryOf(again.ack, o));
      }
    }
  };
  await Promise.all(Array.from({ length: s.writers }, (_, w) => writer(w)));
  const seconds = (performance.now() - t0) / 1000;

  const stored = await readAll(service.port, agent, 60_000);
  const clubs = new Set(Array.from({ length: s.writers }, (_, w) => playersStream(clubOf(w))));
  const a = audit(stored, acked, retried, sentIds, (id) => clubs.has(id));
  await service.stop();
  agent.destroy();
  const v = await verify(db);
  log(
    `  concurrency: ${s.writers} writers, ${batches} batches acknowledged, ${requests} requests in ${seconds.toFixed(1)} s; statuses ${statuses}`,
  );
  return {
    writers: s.writers,
    batches,
    requests,
    seconds,
    statuses,
    conflictsRetried,
    unanswered,
    timeouts,
    unexpected,
    unexpectedCount,
    stoppedEarly,
    audit: a,
    verify: v,
  };
}
