import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import { clubRegistered, clubStream, type Rng } from './facts';

/** One request as sent: raw bytes and headers, so that a hostile body goes out as built. */
export interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface Answered {
  kind: 'answer';
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
  ms: number;
}

/** No answer: the connection failed, was reset (a kill -9), or the request timed out. */
export interface Failed {
  kind: 'error';
  code: string;
  message: string;
  timedOut: boolean;
  ms: number;
}

export type Outcome = Answered | Failed;

/** Keep-alive connections to the loopback, as a client library keeps them. */
export const newAgent = () => new Agent({ keepAlive: true, maxSockets: 256 });

/**
 * Sends one request to 127.0.0.1:port and reads the whole answer; never throws. A request not
 * answered within `timeoutMs` is abandoned (the socket destroyed) and reported as timed out:
 * the scripts count those as stalls.
 */
export function send(port: number, agent: Agent, s: Sent, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let done = false;
    const finish = (o: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(o);
    };
    const failed = (err: NodeJS.ErrnoException, timedOut = false): Failed => ({
      kind: 'error',
      code: timedOut ? 'TIMEOUT' : (err.code ?? err.name),
      message: err.message,
      timedOut,
      ms: performance.now() - t0,
    });
    const headers: Record<string, string> = { ...s.headers };
    const hasLength = Object.keys(headers).some((h) =>
      /^(content-length|transfer-encoding)$/i.test(h),
    );
    if (s.body !== undefined && !hasLength) {
      headers['content-length'] = String(Buffer.byteLength(s.body));
    }
    const req = request(
      { host: '127.0.0.1', port, method: s.method ?? 'POST', path: s.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) => finish(failed(err)));
        res.on('end', () =>
          finish({
            kind: 'answer',
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
            ms: performance.now() - t0,
          }),
        );
      },
    );
    const timer = setTimeout(() => {
      finish(failed(new Error(`no answer within ${timeoutMs} ms`), true));
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) => finish(failed(err)));
    req.end(s.body);
  });
}

/** A JSON POST of an append body to a stream. */
export function appendRequest(streamId: string, body: unknown): Sent {
  return {
    path: `/streams/${encodeURIComponent(streamId)}/events`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

/** The parsed JSON body of an answer, or undefined. */
export function json(o: Outcome): Record<string, unknown> | undefined {
  if (o.kind !== 'answer') return undefined;
  try {
    const v = JSON.parse(o.body) as unknown;
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export const is2xx = (o: Outcome): boolean =>
  o.kind === 'answer' && o.status >= 200 && o.status < 300;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nearest-rank percentile (0 for no samples). */
export function pct(xs: readonly number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)]!;
}

/** An outcome in one line, for an error or a finding. */
export function describe(o: Outcome): string {
  return o.kind === 'answer'
    ? `${o.status} ${o.body.slice(0, 300)}`
    : `${o.code}: ${o.message} after ${o.ms.toFixed(0)} ms`;
}

/** Registers each club (a check's setup): the deciders take no roster fact of a club not registered. */
export async function registerClubs(
  port: number,
  agent: Agent,
  rng: Rng,
  clubIds: Iterable<string>,
  timeoutMs: number,
): Promise<void> {
  for (const clubId of clubIds) {
    const o = await send(
      port,
      agent,
      appendRequest(clubStream(clubId), {
        expectedRevision: 'no_stream',
        events: [clubRegistered(rng.uuid(), clubId)],
      }),
      timeoutMs,
    );
    if (!is2xx(o)) throw new Error(`setup: ClubRegistered ${clubId}: ${describe(o)}`);
  }
}
