import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { Projection } from '../kernel/projection';
import { savedPositionOf, type RebuildElsewhere, type RebuildStatus } from './projection-runner';
import { SqliteProjectionStateStore } from './projection-state-store';
import {
  dropShares,
  firstShareFraction,
  joinShares,
  shareName,
  shareNames,
  shareOf,
} from './split-rebuild';
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
  /** The read-models file of a ledger not kept in SQLite (read-model-file.ts). */
  readModels?: string;
  /** The read models it folds (by name), and DIRECTORY_SHARE when it holds the directory. */
  names: string[];
  head: number;
  saveEvery?: number;
  /** A saved partition no fact has named for this many facts is let go (cold-partitions.ts). */
  letGoAfter?: number;
  /** Its share of the read models split by their streams (split-rebuild.ts). */
  split?: SplitShare;
}

/** A share of a split rebuild: which read models, which share of how many, and what it skips. */
export interface SplitShare {
  names: string[];
  index: number;
  of: number;
  /** The other shares' streams: left out of the split read models' folds. */
  skip: string[];
  /** Whether SQLite leaves them out of the read (a share folding nothing else). */
  skipInRead: boolean;
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
  /** Facts without naming a partition after which a worker lets it go (default LET_GO_AFTER). */
  letGoAfter?: number;
}

/**
 * A worker lets go of a saved partition no fact has named for this many facts: four saves'
 * worth (a save every 50,000). A competition is named every week of its season, a few thousand
 * facts apart even in a 320-club federation (about 250,000 facts a season), so only those of
 * seasons over are let go.
 */
export const LET_GO_AFTER = 200_000;

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
    run: async (names, head, progress, signal) => {
      const withDirectory = (n: string[]) => (options.directory ? [...n, DIRECTORY_SHARE] : n);
      const split =
        options.workers > 1 ? splitFrom(options, names, withDirectory, weight) : undefined;
      if (!split) {
        const shares = shareRebuild(withDirectory([...names]), weight, options.workers);
        return runShares(
          shares.map((n) => ({ names: n })),
          options,
          head,
          progress,
          signal,
        );
      }
      let conflicted: string[];
      try {
        await runShares(split.plan(), options, head, progress, signal);
        if (signal?.aborted) return;
        conflicted = split.join(head);
      } finally {
        split.close();
      }
      // Facts that cross the streams after all: those read models are rebuilt whole instead.
      if (conflicted.length > 0)
        await runShares([{ names: conflicted }], options, head, progress, signal);
    },
  };
}

/**
 * The read models behind that a split rebuild shares out by their streams: those with nothing
 * saved (a first start, a new version: a read model part-built is caught up from its checkpoint
 * instead), partitioned and naming their own streams; in a SQLite ledger (the shares' saves are
 * joined there).
 */
function splitFrom(
  options: WorkersRebuildOptions,
  names: readonly string[],
  withDirectory: (names: string[]) => string[],
  weight: (name: string) => number,
) {
  if (!options.url.startsWith('sqlite:')) return undefined;
  const db = new Database(options.url.slice('sqlite:'.length), { timeout: 60_000 });
  const states = new SqliteProjectionStateStore(db);
  const splits = options.projections.filter(
    (p) => names.includes(p.name) && p.ownStreams && p.partitions && !savedPositionOf(states, p),
  );
  const of = options.workers;
  const whole = withDirectory(names.filter((n) => !splits.some((p) => p.name === n)));
  const first =
    splits.length === 0
      ? 0
      : firstSharePart(db, splits, of, () =>
          firstShareFraction(
            whole.reduce((w, n) => w + weight(n), 0),
            splits.reduce((w, p) => w + (p.rebuildWeight ?? 1), 0),
            of,
          ),
        );
  // The first share busy enough with the rest: the split read models go to the others, and
  // with one other, whole to it (nothing to join).
  if (splits.length === 0 || (first === 0 && of === 2)) {
    // What an earlier split on more workers saved is of no use to this rebuild.
    for (const p of splits) dropShares(db, p.name);
    if (splits.length) db.prepare('DELETE FROM ledger_meta WHERE key = ?').run(splitKey(splits));
    db.close();
    return undefined;
  }
  for (const p of splits) dropShares(db, p.name, shareNames(p.name, of));
  const owns = (s: string) => splits.every((p) => p.ownStreams!(s));
  return {
    plan(): Array<Pick<ShareWork, 'names' | 'split'>> {
      const streams = db
        .prepare('SELECT stream_id FROM events GROUP BY stream_id')
        .pluck()
        .all() as string[];
      const byShare = Array.from({ length: of }, () => [] as string[]);
      for (const s of streams) if (owns(s)) byShare[shareOf(s, of, first)]!.push(s);
      return byShare.map((_, index) => ({
        names: index === 0 ? whole : [],
        // A first share with no streams of its own folds no split read model.
        ...(index === 0 && first === 0
          ? {}
          : {
              split: {
                names: splits.map((p) => p.name),
                index,
                of,
                skip: byShare.flatMap((own, i) => (i === index ? [] : own)),
                skipInRead: index > 0,
              },
            }),
      }));
    },
    /** Joins each split read model's shares; the names of those that could not be joined. */
    join(head: number): string[] {
      const conflicted: string[] = [];
      for (const p of splits) {
        if (joinShares(db, p, { of, first }, head, new Date().toISOString()) === undefined)
          continue;
        dropShares(db, p.name);
        conflicted.push(p.name);
      }
      db.prepare('DELETE FROM ledger_meta WHERE key = ?').run(splitKey(splits));
      return conflicted;
    },
    close: () => db.close(),
  };
}

/** Where the ledger keeps a split rebuild's first share's part (ledger_meta). */
const splitKey = (splits: ReadonlyArray<Projection<unknown>>) =>
  `split-rebuild:${splits.map((p) => p.name).join(',')}`;

/**
 * The first share's part of the streams, kept in the ledger while its shares' saves are: a
 * rebuild resumed (fewer read models behind, so other weights) shares the streams as before.
 */
function firstSharePart(
  db: Database.Database,
  splits: ReadonlyArray<Projection<unknown>>,
  of: number,
  fraction: () => number,
): number {
  const key = splitKey(splits);
  const names = splits.flatMap((p) => shareNames(p.name, of));
  const resumed = db
    .prepare(`SELECT 1 FROM checkpoints WHERE name IN (${names.map(() => '?').join(', ')})`)
    .get(...names);
  const kept = db.prepare('SELECT value FROM ledger_meta WHERE key = ?').pluck().get(key) as
    string | undefined;
  const part =
    resumed && kept?.startsWith(`${of}:`) ? Number(kept.slice(`${of}:`.length)) : fraction();
  db.prepare(
    'INSERT INTO ledger_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, `${of}:${part}`);
  return part;
}

function runShares(
  shares: Array<Pick<ShareWork, 'names' | 'split'>>,
  options: WorkersRebuildOptions,
  head: number,
  progress: (status: RebuildStatus) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
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
    shares.forEach((share, i) => {
      const names = status.shares[i]!.projections;
      const work: ShareWork = {
        url: options.url,
        ...(options.readModels !== undefined ? { readModels: options.readModels } : {}),
        ...share,
        head,
        ...(options.saveEvery !== undefined ? { saveEvery: options.saveEvery } : {}),
        letGoAfter: options.letGoAfter ?? LET_GO_AFTER,
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
