import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Settings from the environment, so a quick run and the full run use the same code. */
export const config = {
  /** Events for the batched append and readAll benchmarks (a) and (b). */
  events: envInt('BENCH_EVENTS', 1_000_000),
  batchSize: envInt('BENCH_BATCH', 100),
  /** Single durable appends for (c): ~4.4k/s here, so far fewer than `events`. */
  singles: envInt('BENCH_SINGLES', 20_000),
  singleStreams: envInt('BENCH_SINGLE_STREAMS', 200),
  runs: envInt('BENCH_RUNS', 3),
  /** Events for Emmett's public store (a connection per call, so far slower). */
  publicEvents: envInt('BENCH_PUBLIC_EVENTS', 20_000),
  /** Comma list of scenarios: batched, single, emmett-public (default all). */
  only: (process.env.BENCH_ONLY ?? 'batched,single,emmett-public').split(',').map((s) => s.trim()),
  /** Contenders: raw, adapter, emmett (default all). */
  contenders: (process.env.BENCH_CONTENDERS ?? 'raw,adapter,emmett')
    .split(',')
    .map((s) => s.trim()),
  /** Keep the databases (for inspection) instead of deleting them after each run. */
  keep: process.env.BENCH_KEEP === '1',
};

/** A positive whole number from the environment (underscores allowed: 1_000_000). */
export function envInt(name: string, fallback: number): number {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
}

/** A fresh directory under bench/.work (gitignored) for one run's database files. */
export function freshDir(label: string): string {
  const root = join(process.cwd(), 'bench', '.work', 'runs');
  mkdirSync(root, { recursive: true });
  return mkdtempSync(join(root, `${label}-`));
}

export function removeDir(dir: string): void {
  if (!config.keep) rmSync(dir, { recursive: true, force: true });
}

/** Seconds elapsed since `start` (from process.hrtime.bigint()). */
export const since = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

/**
 * Seconds of CPU this process used since `start` (from process.cpuUsage()): user + system, all
 * threads (the collector's helpers too). On a shared machine it moves less than wall time when
 * neighbours take the cores, so the benchmarks report both.
 */
export const cpuSince = (start: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1e6;
};

/** Collects garbage between measurements when node runs with --expose-gc. */
export function settle(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) gc();
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export const fmtRate = (n: number) => `${Math.round(n).toLocaleString('en-GB')}/s`;
export const fmtPct = (x: number) => `${(x * 100).toFixed(1)} %`;

export function log(line: string): void {
  process.stdout.write(`${line}\n`);
}
