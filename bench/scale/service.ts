import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, statSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/** The built CLI, as `npm start` and the Docker image run it (bundled: scripts/bundle.js). */
export const CLI = join(process.cwd(), 'dist', 'bundle', 'cli', 'main.js');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port free on the loopback now (the OS picks it). */
/** A ledger as `--store` names it: a SQLite file's path, or a PostgreSQL URL as it is. */
export const storeUrl = (ledger: string) =>
  /^postgres(ql)?:\/\//.test(ledger) ? ledger : `sqlite:${ledger}`;

/** The built CLI's `serve` of a ledger on a loopback port, with no examples loaded. */
export const serveArgs = (dbPath: string, port: number): string[] => [
  CLI,
  'serve',
  '--store',
  storeUrl(dbPath),
  '--port',
  String(port),
  '--host',
  '127.0.0.1',
  '--no-examples',
];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Whether a TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = connect({ port, host: '127.0.0.1' });
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}

export interface Health {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

/**
 * Whether a /health answer says the projections have caught up with the store, as far as it
 * tells: a `caughtUp` (or `live`) flag, or a projections' position against `headPosition`.
 * `undefined` when it says nothing about it (today's /health: status, store, headPosition).
 */
export function caughtUpOf(body: Record<string, unknown>): boolean | undefined {
  for (const key of ['caughtUp', 'live']) {
    if (typeof body[key] === 'boolean') return body[key] as boolean;
  }
  const head = body.headPosition;
  for (const key of ['projectionPosition', 'position']) {
    const p = body[key];
    if (typeof p === 'number' && typeof head === 'number') return p >= head;
  }
  const projections = body.projections;
  if (projections && typeof projections === 'object' && typeof head === 'number') {
    const ps = Object.values(projections as Record<string, unknown>).map((p) =>
      typeof p === 'number' ? p : (p as { position?: unknown })?.position,
    );
    if (ps.length && ps.every((p) => typeof p === 'number')) {
      return (ps as number[]).every((p) => p >= head);
    }
  }
  return undefined;
}

export interface Started {
  /** Milliseconds from spawn to the port accepting a connection. */
  portOpen: number;
  /** … to the first /health 200. */
  health200: number;
  /** … to /health saying it has caught up; undefined when /health does not tell. */
  caughtUp?: number;
  /** The first /health 200's body. */
  health: Record<string, unknown>;
}

/** `bridge-ledger serve` on a ledger (a SQLite file, a PostgreSQL URL), as a child process; its output goes to `log`. */
export class Service {
  /** Services still running, so a benchmark that fails leaves no server behind. */
  private static readonly running = new Set<Service>();
  private child?: ChildProcess;
  private exited?: Promise<number | null>;

  constructor(
    readonly dbPath: string,
    readonly port: number,
    readonly log: string,
    /** More arguments of `serve` (`--rebuild-workers 2`). */
    readonly extraArgs: readonly string[] = [],
  ) {}

  get pid(): number {
    return this.child!.pid!;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Starts the process and waits for the port, /health, and /health's caught-up. */
  async start(timeoutMs = 180_000): Promise<Started> {
    const out = openSync(this.log, 'a');
    const t0 = performance.now();
    const child = spawn(
      process.execPath,
      [...serveArgs(this.dbPath, this.port), ...this.extraArgs],
      {
        stdio: ['ignore', out, out],
      },
    );
    closeSync(out);
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    Service.running.add(this);
    void this.exited.then(() => Service.running.delete(this));
    let died = false;
    void this.exited.then(() => (died = true));
    const deadline = t0 + timeoutMs;
    const alive = () => {
      if (died) throw new Error(`the service exited during start; see ${this.log}`);
      if (performance.now() > deadline) throw new Error(`the service did not start; ${this.log}`);
    };
    while (!(await accepts(this.port))) {
      alive();
      await sleep(2);
    }
    const portOpen = performance.now() - t0;
    let first: { at: number; body: Record<string, unknown> } | undefined;
    for (;;) {
      alive();
      const h = await this.health().catch(() => undefined);
      if (h?.status === 200) {
        const at = performance.now() - t0;
        first ??= { at, body: h.body };
        const up = caughtUpOf(h.body);
        if (up !== false) {
          return {
            portOpen,
            health200: first.at,
            caughtUp: up === undefined ? undefined : at,
            health: first.body,
          };
        }
      }
      // Every 5 ms until /health answers, then every 50 ms until caught up: a rebuild's first
      // start takes seconds, and a request every 5 ms (the service answering, this process
      // asking) took a core's share from the rebuild's workers on a 2-core machine.
      await sleep(first ? 50 : 5);
    }
  }

  async health(): Promise<Health> {
    const t = performance.now();
    const res = await fetch(this.url('/health'));
    const body = (await res.json()) as Record<string, unknown>;
    return { status: res.status, body, ms: performance.now() - t };
  }

  /**
   * Waits until the ledger directory, read in the background after the catch-up, has reached
   * the head (`/health` `directory.position`): the start's work is done. Milliseconds waited.
   */
  async directoryRead(timeoutMs = 180_000): Promise<number> {
    const t0 = performance.now();
    for (;;) {
      const h = await this.health();
      const head = h.body.headPosition as number;
      const read = (h.body.directory as { position?: number } | undefined)?.position;
      if (read === undefined || read >= head) return performance.now() - t0;
      if (performance.now() - t0 > timeoutMs) throw new Error('the directory was not read');
      await sleep(20);
    }
  }

  /** SIGTERM (the service saves its projections and closes the store), then its exit. */
  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null) return;
    this.child.kill('SIGTERM');
    await this.exited;
  }

  static async stopAll(): Promise<void> {
    await Promise.all([...Service.running].map((s) => s.stop()));
  }

  /** Resident set and its peak (VmRSS, VmHWM), in bytes, from /proc. */
  memory(): { rss: number; peak: number } {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
  }

  /** Bytes the process handed to write(2) so far (/proc/<pid>/io wchar), if readable. */
  written(): number | undefined {
    try {
      const io = readFileSync(`/proc/${this.pid}/io`, 'utf8');
      return Number(/^wchar:\s+(\d+)/m.exec(io)?.[1]);
    } catch {
      return undefined;
    }
  }

  /** The SQLite file's size with its WAL. */
  fileBytes(): number {
    const size = (p: string) => (existsSync(p) ? statSync(p).size : 0);
    return size(this.dbPath) + size(`${this.dbPath}-wal`);
  }
}

/** Latency of a JSON request in milliseconds; throws on an answer that is not 2xx. */
export async function timed(
  url: string,
  init?: RequestInit,
): Promise<{ ms: number; body: unknown }> {
  const t = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  const ms = performance.now() - t;
  if (!res.ok)
    throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return { ms, body: JSON.parse(text) as unknown };
}

/** POSTs one batch to a stream, as any writer does. */
export function post(service: Service, streamId: string, events: unknown[]) {
  return timed(service.url(`/streams/${streamId}/events`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ expectedRevision: 'any', events }),
  });
}

/** Polls /health one request after another until `stop()`: the worst latency seen. */
export function healthPoller(service: Service, gapMs = 10) {
  let running = true;
  let worst = 0;
  let count = 0;
  const done = (async () => {
    while (running) {
      const h = await service.health().catch(() => undefined);
      if (h) {
        worst = Math.max(worst, h.ms);
        count++;
      }
      await sleep(gapMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { worst, count };
    },
  };
}
