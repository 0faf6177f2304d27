import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { CLI, caughtUpOf, serveArgs } from '../scale/service';
import { newAgent, send, sleep } from './http';

/**
 * `bridge-ledger serve` on a SQLite file (127.0.0.1 only, no examples), as a child process
 * that can be stopped cleanly or killed with SIGKILL and started again on the same file and
 * port. Its output is appended to `log`.
 */
export class LedgerProcess {
  private static readonly running = new Set<LedgerProcess>();
  private child?: ChildProcess;
  private exited?: Promise<number | null>;
  private readonly agent = newAgent();

  constructor(
    readonly dbPath: string,
    readonly port: number,
    readonly log: string,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get alive(): boolean {
    return this.child !== undefined && this.child.exitCode === null && !this.child.signalCode;
  }

  /** Starts it and waits until /health says 200 and caught up (or says nothing of it). */
  async start(timeoutMs = 120_000): Promise<{ ms: number }> {
    const out = openSync(this.log, 'a');
    const t0 = performance.now();
    const child = spawn(process.execPath, serveArgs(this.dbPath, this.port), {
      stdio: ['ignore', out, out],
    });
    closeSync(out);
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    LedgerProcess.running.add(this);
    void this.exited.then(() => LedgerProcess.running.delete(this));
    for (;;) {
      if (child.exitCode !== null || child.signalCode) {
        throw new Error(`the service exited during start; see ${this.log}:\n${this.tail()}`);
      }
      if (performance.now() - t0 > timeoutMs) {
        throw new Error(`the service did not start within ${timeoutMs} ms; see ${this.log}`);
      }
      const h = await send(this.port, this.agent, { method: 'GET', path: '/health' }, 5000);
      if (h.kind === 'answer' && h.status === 200) {
        try {
          if (caughtUpOf(JSON.parse(h.body) as Record<string, unknown>) !== false) {
            return { ms: performance.now() - t0 };
          }
        } catch {
          // not JSON yet: ask again
        }
      }
      await sleep(20);
    }
  }

  /** SIGTERM and its exit (the service saves its projections and closes the store). */
  async stop(): Promise<void> {
    if (!this.alive) return;
    this.child!.kill('SIGTERM');
    await this.exited;
  }

  /** SIGKILL: no save, no close, whatever was in flight is cut. Resolves once it is gone. */
  async kill9(): Promise<void> {
    if (!this.alive) return;
    this.child!.kill('SIGKILL');
    await this.exited;
  }

  /** The last lines of its log, for an error message. */
  tail(lines = 20): string {
    try {
      return readFileSync(this.log, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  static async stopAll(): Promise<void> {
    await Promise.all([...LedgerProcess.running].map((s) => s.kill9()));
  }
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs `bridge-ledger <args>` (the built CLI) to its end; never throws. */
export function runCli(args: string[], timeoutMs = 120_000): Promise<CliRun> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - t0 });
    });
  });
}

/** `bridge-ledger verify` on a SQLite file (the service stopped): its verdict line. */
export async function verify(dbPath: string): Promise<{ ok: boolean; line: string }> {
  const r = await runCli(['verify', '--store', `sqlite:${dbPath}`]);
  const lines = `${r.stdout}\n${r.stderr}`.split('\n').filter((l) => l.trim());
  return { ok: r.code === 0, line: lines[lines.length - 1] ?? `exit ${r.code}` };
}
