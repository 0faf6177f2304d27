import { Worker } from 'node:worker_threads';
import type { Projection } from '../kernel/projection';
import type { RebuildElsewhere, RebuildStatus } from './projection-runner';
import { workerScript } from './worker-script';

/**
 * The ledger directory (ledger-directory.ts) as a share of a rebuild: folded in the same pass as
 * the read models of its share, so a first start reads the ledger once per core, not once more
 * for the directory.
 */
export const DIRECTORY_SHARE = 'ledger-directory';
/** The directory's cost of a fact against a read model's default of 1 (measured: bench/RESULTS.md). */
const DIRECTORY_WEIGHT = 2;

/** What a share's worker is given. */
export interface ShareWork {
  url: string;
  /** The read models it folds (by name), and DIRECTORY_SHARE when it holds the directory. */
  names: string[];
  head: number;
  saveEvery?: number;
}

/** What a share's worker says: how far it has folded, that it is done, or why it stopped. */
export type ShareMessage = { position: number } | { done: true } | { error: string };

/**
 * The read models (and the directory) shared among `workers` so that the heaviest share is as
 * light as it can be made: the heaviest first, each to the lightest share so far. Each share is
 * one pass over the ledger; a read model's cost is its `rebuildWeight`.
 */
export function shareRebuild(
  names: readonly string[],
  weightOf: (name: string) => number,
  workers: number,
): string[][] {
  const shares = Array.from({ length: Math.max(1, Math.min(workers, names.length)) }, () => ({
    names: [] as string[],
    weight: 0,
  }));
  const heaviestFirst = names
    .map((name, i) => ({ name, i, weight: weightOf(name) }))
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const { name, weight } of heaviestFirst) {
    const lightest = shares.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.names.push(name);
    lightest.weight += weight;
  }
  return shares.filter((s) => s.names.length > 0).map((s) => s.names);
}

export interface WorkersRebuildOptions {
  /** The store's URL, opened by each worker (SQLite: a file the workers can share). */
  url: string;
  workers: number;
  projections: ReadonlyArray<Projection<unknown>>;
  /** Fewer facts behind than this: caught up by the runner itself (default 20,000). */
  minFacts?: number;
  /** Whether the directory is rebuilt in the same passes (the service's: true). */
  directory?: boolean;
  saveEvery?: number;
}

/**
 * A rebuild on worker threads: the read models behind are shared among the workers
 * (`shareRebuild`), each worker folds its share in one pass over the store through its own
 * connection (SQLite in WAL mode takes readers side by side, and their saves one at a time) and
 * saves it as the runner saves, every `saveEvery` facts: a rebuild stopped half way resumes
 * from what its workers saved. The runner then loads what they saved and follows the head.
 */
export function rebuildOnWorkers(options: WorkersRebuildOptions): RebuildElsewhere {
  const weight = (name: string) =>
    name === DIRECTORY_SHARE
      ? DIRECTORY_WEIGHT
      : (options.projections.find((p) => p.name === name)?.rebuildWeight ?? 1);
  return {
    minFacts: options.minFacts ?? 20_000,
    run: (names, head, progress, signal) => {
      const all = options.directory ? [...names, DIRECTORY_SHARE] : [...names];
      const shares = shareRebuild(all, weight, options.workers);
      return runShares(shares, options, head, progress, signal);
    },
  };
}

function runShares(
  shares: string[][],
  options: WorkersRebuildOptions,
  head: number,
  progress: (status: RebuildStatus) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { file, execArgv } = workerScript('rebuild-worker');
  const status: RebuildStatus = {
    head,
    shares: shares.map((names) => ({ projections: names, position: 0 })),
  };
  progress(status);
  return new Promise<void>((resolve, reject) => {
    const pool: Worker[] = [];
    let left = shares.length;
    let over = false;
    const finish = (err?: Error) => {
      if (over) return;
      over = true;
      signal?.removeEventListener('abort', abort);
      // A worker stopped mid-save leaves its transaction uncommitted: the last save stands.
      for (const w of pool) void w.terminate();
      if (err) reject(err);
      else resolve();
    };
    const abort = () => finish();
    signal?.addEventListener('abort', abort);
    shares.forEach((names, i) => {
      const work: ShareWork = {
        url: options.url,
        names,
        head,
        ...(options.saveEvery !== undefined ? { saveEvery: options.saveEvery } : {}),
      };
      const w = new Worker(file, { workerData: work, execArgv });
      pool.push(w);
      w.on('message', (m: ShareMessage) => {
        if ('error' in m) return finish(new Error(`rebuild of ${names.join(', ')}: ${m.error}`));
        if ('done' in m) {
          status.shares[i]!.position = head;
          progress(status);
          if (--left === 0) finish();
          return;
        }
        status.shares[i]!.position = m.position;
        progress(status);
      });
      w.on('error', (err) => finish(err));
      w.on('exit', (code) => {
        if (!over && code !== 0) finish(new Error(`rebuild worker exited with ${code}`));
      });
    });
    if (signal?.aborted) abort();
  });
}
