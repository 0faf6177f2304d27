import { envInt } from '../lib/harness';

/** Every count and duration of the reliability script: an environment setting, small by default. */
export const settings = {
  /** Which checks run, comma-separated. */
  checks: (process.env.BENCH_CHECKS ?? 'concurrency,kill,fuzz,latency')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  seed: envInt('BENCH_SEED', 14),
  /** A request unanswered this long counts as a stall (and is abandoned). */
  timeoutMs: envInt('BENCH_TIMEOUT_MS', 15_000),
  /** No check issues new requests after this long (each check reports how far it got). */
  checkSeconds: envInt('BENCH_CHECK_SECONDS', 150),

  /** 1. Concurrent writers, half on one shared stream ('any'), half on their own (exact). */
  writers: envInt('BENCH_WRITERS', 50),
  writerAppends: envInt('BENCH_WRITER_APPENDS', 20),

  /** 2. kill -9: single appends from a few clients, the service killed this many times. */
  killAppends: envInt('BENCH_KILL_APPENDS', 3_000),
  kills: envInt('BENCH_KILLS', 3),
  killClients: envInt('BENCH_KILL_CLIENTS', 4),

  /** 3. Hostile bodies, this many in flight at a time. */
  fuzz: envInt('BENCH_FUZZ', 2_000),
  fuzzConcurrency: envInt('BENCH_FUZZ_CONCURRENCY', 4),

  /** 4. Single appends timed alone and beside a CLI `append` of this many facts. */
  latencyAppends: envInt('BENCH_LATENCY_APPENDS', 500),
  cliFacts: envInt('BENCH_CLI_FACTS', 2_000),
};

export type Settings = typeof settings;
