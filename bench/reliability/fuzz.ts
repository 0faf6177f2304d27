import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { log } from '../lib/harness';
import { freePort } from '../scale/service';
import { Histogram, readAll, type Stored } from './audit';
import { playerRegistered, Rng, type Fact } from './facts';
import {
  CaseMaker,
  FUZZ_CLUB,
  FUZZ_STREAM,
  OTHER_CLUB,
  storedAsSent,
  type Case,
} from './fuzz-cases';
import { appendRequest, is2xx, newAgent, registerClubs, send, type Outcome } from './http';
import { LedgerProcess, verify } from './service';
import type { Settings } from './settings';

export interface FuzzFigures {
  cases: number;
  seconds: number;
  statuses: Histogram;
  /** Status histogram per category. */
  byCategory: Map<string, Histogram>;
  /** Status histogram per mutation (category and note, numbers left out). */
  byMutation: Map<string, Histogram>;
  fiveXX: number;
  /** The first few 5xx: case, request and answer, enough to reproduce. */
  fiveXXSamples: string[];
  /** Requests with no answer: connection reset, or nothing within the timeout (a stall). */
  noAnswer: number;
  timeouts: number;
  noAnswerSamples: string[];
  /** Times the service process died during the fuzz (restarted each time). */
  deaths: number;
  /** 2xx answers whose events are not stored as sent (content compared where comparable). */
  answered2xx: number;
  wroteOtherThanSent: number;
  wroteOtherSamples: string[];
  /** … by kind of mutation. */
  wroteOtherByCategory: Histogram;
  /** 2xx answers to bodies that are not UTF-8 (decoded with U+FFFD: stored other than sent). */
  notUtf8Accepted: Histogram;
  healthAfter: string;
  verify: { ok: boolean; line: string };
}

/**
 * Check 3: `fuzz` hostile requests (fuzz-cases.ts, seeded), `fuzzConcurrency` at a time,
 * against a service holding a club and a few players. A histogram of statuses overall and per
 * kind of mutation; every 5xx and every request left unanswered is a failure. Each 2xx is then
 * compared with the store: what it said it wrote must be there, as sent.
 */
export async function fuzz(s: Settings, dir: string): Promise<FuzzFigures> {
  const db = join(dir, 'fuzz.db');
  const service = new LedgerProcess(db, await freePort(), join(dir, 'fuzz.log'));
  await service.start();
  const agent = newAgent();
  const rng = new Rng(s.seed + 3);
  const setup: Fact[] = [];
  await registerClubs(service.port, agent, rng, [FUZZ_CLUB, OTHER_CLUB], s.timeoutMs);
  for (let i = 0; i < 20; i++) setup.push(playerRegistered(rng.uuid(), FUZZ_CLUB, `fz-setup-${i}`));
  const o = await send(
    service.port,
    agent,
    appendRequest(FUZZ_STREAM, { expectedRevision: 'no_stream', events: setup }),
    s.timeoutMs,
  );
  if (!is2xx(o)) throw new Error(`setup: players: ${o.kind === 'answer' ? o.body : o.message}`);

  const maker = new CaseMaker(rng, setup);
  const statuses = new Histogram();
  const byCategory = new Map<string, Histogram>();
  const byMutation = new Map<string, Histogram>();
  const fiveXXSamples: string[] = [];
  const fiveXXKinds = new Set<string>();
  const noAnswerSamples: string[] = [];
  const ok: Case[] = [];
  let fiveXX = 0;
  let noAnswer = 0;
  let timeouts = 0;
  let deaths = 0;
  let sent = 0;
  const deadline = performance.now() + s.checkSeconds * 1000;
  let restarting: Promise<unknown> | undefined;

  const record = (c: Case, out: Outcome) => {
    const key = out.kind === 'answer' ? out.status : out.timedOut ? 'timeout' : 'no answer';
    statuses.add(key);
    let h = byCategory.get(c.category);
    if (!h) byCategory.set(c.category, (h = new Histogram()));
    h.add(key);
    const mutation = mutationOf(c);
    let m = byMutation.get(mutation);
    if (!m) byMutation.set(mutation, (m = new Histogram()));
    m.add(key);
    if (out.kind === 'answer' && out.status >= 500) {
      fiveXX++;
      // The first of each kind of mutation, up to eight.
      const kind = mutationOf(c);
      if (fiveXXSamples.length < 8 && !fiveXXKinds.has(kind)) {
        fiveXXKinds.add(kind);
        fiveXXSamples.push(reproduction(s.seed, c, out));
      }
    } else if (out.kind === 'error') {
      noAnswer++;
      if (out.timedOut) timeouts++;
      if (noAnswerSamples.length < 5) noAnswerSamples.push(reproduction(s.seed, c, out));
    } else if (is2xx(out)) ok.push(c);
  };

  const t0 = performance.now();
  // Cases are drawn in order (so a seed gives the same cases); a few are in flight at once.
  const worker = async () => {
    while (sent < s.fuzz && performance.now() < deadline) {
      const c = maker.next();
      sent++;
      if (restarting) await restarting;
      const out = await send(service.port, agent, c.sent, s.timeoutMs);
      record(c, out);
      if (!service.alive && !restarting) {
        deaths++;
        log(
          `  fuzz: the service died after case #${c.index} (${c.category}: ${c.note}); restarting`,
        );
        restarting = service.start().finally(() => (restarting = undefined));
      }
    }
  };
  await Promise.all(Array.from({ length: s.fuzzConcurrency }, worker));
  if (restarting) await restarting;
  const seconds = (performance.now() - t0) / 1000;
  const health = await send(service.port, agent, { method: 'GET', path: '/health' }, s.timeoutMs);
  const healthAfter =
    health.kind === 'answer'
      ? `${health.status} in ${health.ms.toFixed(0)} ms`
      : `no answer: ${health.message}`;

  const stored = await readAll(service.port, agent, 60_000);
  const byId = new Map<string, Stored>(stored.map((e) => [e.id.toLowerCase(), e]));
  let wroteOtherThanSent = 0;
  const wroteOtherByCategory = new Histogram();
  const notUtf8Accepted = new Histogram();
  for (const c of ok) if (notUtf8(c)) notUtf8Accepted.add(mutationOf(c));
  const wroteOtherSamples: string[] = [];
  for (const c of ok) {
    if (!c.writes) continue;
    const bad = c.writes.events.filter((e) => {
      const st = byId.get(String(e.id).toLowerCase());
      const comparable = (e as { schemaVersion?: unknown }).schemaVersion === undefined;
      return !st || st.streamId !== c.writes!.streamId || (comparable && !storedAsSent(e, st));
    });
    if (bad.length) {
      wroteOtherThanSent++;
      wroteOtherByCategory.add(mutationOf(c));
      if (wroteOtherSamples.length < 5)
        wroteOtherSamples.push(
          `case #${c.index} ${c.category}: ${c.note} (${bad.length} of ${c.writes.events.length} events not stored as sent)`,
        );
    }
  }
  await service.stop();
  agent.destroy();
  const v = await verify(db);
  log(`  fuzz: ${sent} cases in ${seconds.toFixed(1)} s; statuses ${statuses}`);
  return {
    cases: sent,
    seconds,
    statuses,
    byCategory,
    byMutation,
    fiveXX,
    fiveXXSamples,
    noAnswer,
    timeouts,
    noAnswerSamples,
    deaths,
    answered2xx: ok.length,
    wroteOtherThanSent,
    wroteOtherSamples,
    wroteOtherByCategory,
    notUtf8Accepted,
    healthAfter,
    verify: v,
  };
}

/** A case's kind of mutation: its category and note, long numbers left out. */
const mutationOf = (c: Case) => `${c.category}: ${c.note.replace(/\d{5,}/g, 'N')}`;

/** Whether a body is bytes that are not UTF-8 (sent without a content encoding). */
function notUtf8(c: Case): boolean {
  const body = c.sent.body;
  if (!Buffer.isBuffer(body)) return false;
  if (Object.keys(c.sent.headers ?? {}).some((h) => h.toLowerCase() === 'content-encoding')) {
    return false;
  }
  return !Buffer.from(body.toString('utf8'), 'utf8').equals(body);
}

/** A case as a reproduction: seed and index, the request (body shortened) and the answer. */
function reproduction(seed: number, c: Case, out: Outcome): string {
  const body = Buffer.from(c.sent.body ?? '');
  const text = body.toString('utf8');
  // Bytes that are not UTF-8, or control characters, are shown as base64.
  const control = [...text].some((ch) => ch.charCodeAt(0) < 0x20 && !'\t\n\r'.includes(ch));
  const printable = Buffer.from(text, 'utf8').equals(body) && !control;
  const shown = printable
    ? JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}…` : text)
    : `base64 ${body.subarray(0, 300).toString('base64')}${body.length > 300 ? '…' : ''}`;
  const headers = Object.entries(c.sent.headers ?? {})
    .map(([k, v]) => `${k}: ${v.length > 60 ? `${v.slice(0, 60)}…` : v}`)
    .join('; ');
  const answer =
    out.kind === 'answer'
      ? `${out.status} ${out.body.slice(0, 400)}`
      : `${out.code}: ${out.message}`;
  return `BENCH_SEED=${seed} case #${c.index} [${c.category}] ${c.note}\n      ${c.sent.method ?? 'POST'} ${c.sent.path.slice(0, 120)} (${headers}) body ${body.length} bytes: ${shown}\n      → ${answer}`;
}
