import { MessageChannel, Worker } from 'node:worker_threads';
import type { Projection } from '../kernel/projection';
import { SAVE_EVERY, type RebuildElsewhere, type RebuildStatus } from './runner-options';
import {
  DIRECTORY_SHARE,
  type JoinMessage,
  type JoinWork,
  type ShareMessage,
  type ShareWork,
  type SplitJoin,
} from './share-work';
import { dropUnchecked, planSplit } from './split-plan';
import { shareName } from './split-rebuild';
import { workerScript } from './worker-script';

export { DIRECTORY_SHARE, type ShareMessage, type ShareWork } from './share-work';

/** The directory's cost of a fact against a read model's default of 1 (measured: bench/RESULTS.md). */
const DIRECTORY_WEIGHT = 2;

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
  /**
   * Where a ledger kept elsewhere (PostgreSQL, EventStoreDB) has its read models saved: each
   * worker reads the store through its own connection and saves in this file.
   */
  readModels?: string;
  workers: number;
  projections: ReadonlyArray<Projection<unknown>>;
  /** Fewer facts behind than this: caught up by the runner itself (default 20,000). */
  minFacts?: number;
  /** Whether the directory is rebuilt in the same passes (the service's: true). */
  directory?: boolean;
  saveEvery?: number;
  /** Saves at least this share of the facts a worker has folded apart, too (default SAVE_SPACING). */
  saveSpacing?: number;
  /** Facts without naming a partition after which a worker lets it go (default LET_GO_AFTER). */
  letGoAfter?: number;
  /** How often each worker tells how far it has folded, at most (default PROGRESS_MS). */
  progressMs?: number;
}

/** A worker tells its progress every 100 ms at most: a message a page cost it 3 % of a start. */
export const PROGRESS_MS = 100;

/**
 * A worker's saves are for a rebuild stopped half way to resume from, and each rewrites whole
 * every partition changed since the last. Every 50,000 facts, a 9.35 M-fact federation's read
 * models were written 2.6 times over (1.1 GB for 433 MB) in a quarter of a worker's time, and
 * two workers' saves waited for each other's lock. So the saves also spread out as a worker goes,
 * a quarter of what it has folded apart: stopped at any moment, it has saved at least three
 * quarters of what it had folded (bench/RESULTS.md).
 */
export const SAVE_SPACING = 0.25;

/**
 * Share `index` of `of` saves on the same spacing, its saves shifted by a part of the spacing's
 * ratio: the saves take the file's lock in turn, and shares of equal work saving at the same
 * points waited for each other at every save (bench/RESULTS.md).
 */
export function staggered(
  options: Pick<WorkersRebuildOptions, 'saveEvery' | 'saveSpacing'>,
  index: number,
  of: number,
): { saveEvery: number; saveSpacing: number } {
  const saveSpacing = options.saveSpacing ?? SAVE_SPACING;
  const ratio = 1 / (1 - saveSpacing);
  const saveEvery = Math.round((options.saveEvery ?? SAVE_EVERY) * ratio ** (index / of));
  return { saveEvery, saveSpacing };
}

/**
 * A worker lets go of a saved partition no fact has named for this many facts: four saves'
 * worth at the first saves (every 50,000 facts). A competition is named every week of its
 * season, a few thousand facts apart even in a 320-club federation (about 250,000 facts a
 * season), so only those of seasons over are let go.
 */
export const LET_GO_AFTER = 200_000;

/**
 * A rebuild on worker threads: the read models behind are shared among the workers
 * (`shareRebuild`), each worker folds its share in one pass over the store through its own
 * connection (SQLite in WAL mode takes readers side by side, and their saves one at a time) and
 * saves it as the runner saves, every `saveEvery` facts: a rebuild stopped half way resumes
 * from what its workers saved. The runner then loads what they saved and follows the head.
 */
export function rebuildOnWorkers(
  options: WorkersRebuildOptions,
): RebuildElsewhere & Required<Pick<RebuildElsewhere, 'settled'>> {
  const weight = (name: string) =>
    name === DIRECTORY_SHARE
      ? DIRECTORY_WEIGHT
      : (options.projections.find((p) => p.name === name)?.rebuildWeight ?? 1);
  // The directory of the last split run, still being joined while the read models are put back.
  let directory: Promise<void> = Promise.resolve();
  return {
    minFacts: options.minFacts ?? 20_000,
    settled: () => directory,
    run: async (behind, head, progress, signal) => {
      // Read models an interrupted split left unchecked are rebuilt with the rest.
      const names = [...new Set([...behind, ...dropUnchecked(options.url)])];
      const withDirectory = (n: string[]) => (options.directory ? [...n, DIRECTORY_SHARE] : n);
      const split =
        options.workers > 1
          ? planSplit(
              { url: options.url, workers: options.workers, directory: !!options.directory },
              options.projections,
              names,
              head,
              weight,
            )
          : undefined;
      if (!split) {
        const shares = shareRebuild(withDirectory([...names]), weight, options.workers);
        await runShares(
          shares.map((n) => ({ names: n })),
          options,
          head,
          progress,
          signal,
        );
        return;
      }
      // The shares' saves joined by a worker of its own, once every share is done.
      const joined = await runShares(split.shares, options, head, progress, signal, split.join);
      directory = joined.directory;
      if (signal?.aborted) return;
      // Facts that cross the streams after all: those read models are rebuilt whole instead.
      if (joined.whole.length > 0)
        await runShares([{ names: joined.whole }], options, head, progress, signal);
    },
  };
}

/** What a run of shares did: the read models to rebuild whole after all, and its directory. */
interface SharesRun {
  /** The join's answer: none without a join. */
  whole: string[];
  /**
   * Its directory joined and saved: at once without a join; with one, once the joining worker
   * has saved it, which it does after it has said `whole`, while the service puts back the read
   * models (at 9.35 M facts the directory was 3 s of the join's 3.7 s).
   */
  directory: Promise<void>;
}

/**
 * Runs the shares, each on a worker; with `join`, a worker more, told by each share what the join
 * needs of it and asked to join once every share is done.
 */
function runShares(
  shares: Array<Pick<ShareWork, 'names' | 'split'>>,
  options: WorkersRebuildOptions,
  head: number,
  progress: (status: RebuildStatus) => void,
  signal: AbortSignal | undefined,
  join?: SplitJoin,
): Promise<SharesRun> {
  const { file, execArgv } = workerScript('rebuild-worker');
  const status: RebuildStatus = {
    head,
    shares: shares.map((w) => ({
      projections: [
        ...w.names,
        ...(w.split?.names.map((n) => shareName(n, w.split!.index, w.split!.of)) ?? []),
      ],
      position: 0,
    })),
  };
  progress(status);
  const directory = settlement();
  if (!join) directory.resolve();
  return new Promise<SharesRun>((resolve, reject) => {
    const pool: Worker[] = [];
    let left = shares.length;
    let over = false;
    // Stopped (an error, an abort): every worker. A worker stopped mid-save leaves its
    // transaction uncommitted: the last save stands.
    const stop = (err?: Error) => {
      if (over) return;
      over = true;
      signal?.removeEventListener('abort', abort);
      for (const w of pool) void w.terminate();
      for (const c of channels) c.port2.close();
      directory.reject(err ?? new Error('the rebuild was stopped before its directory was saved'));
      if (err) reject(err);
      else resolve({ whole: [], directory: directory.promise });
    };
    // Done: the joining worker, if any, goes on to save the directory.
    const done = (whole: string[] = []) => {
      if (over) return;
      over = true;
      signal?.removeEventListener('abort', abort);
      for (const c of channels) c.port2.close();
      resolve({ whole, directory: directory.promise });
    };
    const abort = () => stop();
    signal?.addEventListener('abort', abort);
    const watch = (w: Worker) => {
      pool.push(w);
      w.on('error', (err) => stop(err));
      w.on('exit', (code) => {
        if (!over && code !== 0) stop(new Error(`rebuild worker exited with ${code}`));
      });
    };
    // A share's part waits in its channel until the joining worker takes the other end.
    const channels = join ? shares.map(() => new MessageChannel()) : [];
    let joiner: Worker | undefined;
    // Booted once the first share is done, on the core that share leaves: booted beside the
    // shares, it took a core from them while they booted and folded (at 935,385 facts the
    // shares booted in 0.6–0.75 s beside it, against 0.25 s for one worker alone).
    const startJoiner = (): Worker => {
      const w = joinWorker(options.url, head, join!, channels);
      pool.push(w);
      // Before it has said `whole`, its failure is the rebuild's; after, the directory's alone.
      const failed = (err: Error) => (over ? directory.reject(err) : stop(err));
      w.on('error', failed);
      w.on('exit', (code) =>
        failed(
          new Error(`the joining worker exited with ${code} before it had saved the directory`),
        ),
      );
      w.on('message', (m: JoinMessage) => {
        if ('error' in m)
          failed(new Error(`joining the shares of ${join!.names.join(', ')}: ${m.error}`));
        else if ('whole' in m) done(m.whole);
        else if ('directory' in m) directory.resolve();
      });
      return w;
    };
    shares.forEach((share, i) => {
      const names = status.shares[i]!.projections;
      const joinPort = channels[i]?.port1;
      const work: ShareWork = {
        url: options.url,
        ...(options.readModels !== undefined ? { readModels: options.readModels } : {}),
        ...share,
        head,
        ...staggered(options, i, shares.length),
        letGoAfter: options.letGoAfter ?? LET_GO_AFTER,
        progressMs: options.progressMs ?? PROGRESS_MS,
        ...(joinPort ? { joinPort } : {}),
      };
      const w = new Worker(file, {
        workerData: work,
        execArgv,
        ...(joinPort ? { transferList: [joinPort] } : {}),
      });
      watch(w);
      w.on('message', (m: ShareMessage) => {
        // A message already on its way when the rebuild stopped: no joining worker for it.
        if (over) return;
        if ('error' in m) return stop(new Error(`rebuild of ${names.join(', ')}: ${m.error}`));
        if ('done' in m) {
          status.shares[i]!.position = head;
          left -= 1;
          if (join) joiner ??= startJoiner();
          if (left > 0 || !joiner) {
            progress(status);
            if (left === 0) done();
            return;
          }
          progress({ ...status, joining: true });
          joiner.postMessage({ join: true } satisfies JoinMessage);
          return;
        }
        status.shares[i]!.position = m.position;
        progress(status);
      });
    });
    if (signal?.aborted) abort();
  });
}

/** The worker that joins the shares, a port from each. */
function joinWorker(
  url: string,
  head: number,
  join: SplitJoin,
  channels: readonly MessageChannel[],
): Worker {
  const { file, execArgv } = workerScript('join-worker');
  const ports = channels.map((c) => c.port2);
  const work: JoinWork = { url, head, join, ports };
  return new Worker(file, { workerData: work, execArgv, transferList: ports });
}

/** A promise settled from outside, once: the first of resolve and reject wins. */
function settlement(): { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // Asked for by whoever reads the directory next, if anyone: no rejection goes unhandled.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
