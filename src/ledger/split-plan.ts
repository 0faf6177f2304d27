import Database from 'better-sqlite3';
import type { Projection } from '../kernel/projection';
import { DIRECTORY_VERSION, LedgerDirectory } from './ledger-directory';
import { savedPositionOf } from './projection-runner';
import { SqliteProjectionStateStore } from './projection-state-store';
import { SqliteDirectorySaves } from './saved-directory';
import { dropShares, firstShareFraction, joinShares, shareNames } from './split-rebuild';
import { DIRECTORY_SHARE, type ShareDone, type ShareWork, type SplitJoin } from './share-work';

/**
 * How a rebuild on several workers of a SQLite ledger shares out the read models that name
 * their own streams (`Projection.ownStreams`, split-rebuild.ts), and joins what the shares saved.
 *
 * - **Every share reads only its own streams** (and everyone's) when the rest can follow: each
 *   read model not split reads only fact types of its own (`reads`), folded by the first share,
 *   and the ledger directory, when it is rebuilt, is rebuilt from the first fact, each share
 *   noting its own facts and the shares' directories joined (directory-shares.ts). The read
 *   models the first share folds are checked at the end: should another share have read a fact
 *   of a type one of them reads (a ledger written before facts were placed by type), that read
 *   model is rebuilt whole.
 * - **Otherwise** (a rebuild resumed, a directory part-saved): the first share reads every fact,
 *   folds the rest and its part of the split read models; on two workers, when the first share
 *   is busy enough with the rest, the split read models go whole to the other.
 */
export interface SplitPlan {
  /** The work of each share, the first share's first. */
  shares: Array<Pick<ShareWork, 'names' | 'split'>>;
  /** What joining the shares' saves takes, once every share is done (`joinSplit`). */
  join: SplitJoin;
}

/** Whole read models a split where every share reads only its own streams has not yet checked. */
const UNCHECKED = 'split-rebuild-unchecked';

/**
 * Read models an earlier split rebuild folded in its first share alone and was stopped before it
 * checked them: their saves are dropped (they are rebuilt with the others). Their names.
 */
export function dropUnchecked(url: string): string[] {
  if (!url.startsWith('sqlite:')) return [];
  const db = new Database(url.slice('sqlite:'.length), { timeout: 60_000 });
  try {
    const kept = meta(db, UNCHECKED);
    if (kept === undefined) return [];
    const names = JSON.parse(kept) as string[];
    db.transaction(() => {
      for (const name of names) dropSaved(db, name);
      db.prepare('DELETE FROM ledger_meta WHERE key = ?').run(UNCHECKED);
    })();
    return names;
  } finally {
    db.close();
  }
}

export function planSplit(
  options: { url: string; workers: number; directory: boolean },
  projections: ReadonlyArray<Projection<unknown>>,
  names: readonly string[],
  head: number,
  weight: (name: string) => number,
): SplitPlan | undefined {
  if (!options.url.startsWith('sqlite:')) return undefined;
  const db = new Database(options.url.slice('sqlite:'.length), { timeout: 60_000 });
  try {
    return planOn(db, options.workers, !!options.directory, projections, names, head, weight);
  } finally {
    db.close();
  }
}

function planOn(
  db: Database.Database,
  of: number,
  directory: boolean,
  projections: ReadonlyArray<Projection<unknown>>,
  names: readonly string[],
  head: number,
  weight: (name: string) => number,
): SplitPlan | undefined {
  const states = new SqliteProjectionStateStore(db);
  const splits = projections.filter(
    (p) => names.includes(p.name) && p.ownStreams && p.partitions && !savedPositionOf(states, p),
  );
  const rest = names.filter((n) => !splits.some((p) => p.name === n));
  dropOtherCut(db, splits);
  const readsOf = (n: string) => projections.find((p) => p.name === n)?.reads;
  const directoryAt = directory ? directorySavedAt(db) : head;
  const withDirectory = directoryAt < head ? [...rest, DIRECTORY_SHARE] : rest;
  const everyShareOwn =
    splits.length > 0 &&
    rest.every((n) => readsOf(n) !== undefined) &&
    !sharesSaved(db, splits, of) &&
    (directoryAt === 0 || directoryAt >= head);
  const { first, at } =
    splits.length === 0
      ? { first: 0, at: head }
      : firstSharePart(db, splits, of, head, () =>
          everyShareOwn
            ? 1 / of
            : firstShareFraction(
                withDirectory.reduce((w, n) => w + weight(n), 0),
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
    return undefined;
  }
  const resumed = sharesSaved(db, splits, of);
  for (const p of splits) dropShares(db, p.name, shareNames(p.name, of));
  // The shares write their own streams' partitions into the read model's rows: a split begun
  // afresh starts from none (what an earlier split left has no checkpoint to stand on).
  if (!resumed) for (const p of splits) dropSaved(db, p.name);
  if (everyShareOwn) putMeta(db, UNCHECKED, JSON.stringify(rest));
  // Each share lists the streams itself (split-rebuild.ts `shareOf`): walking the streams' index
  // here took some 0.8 s of the service's thread at 9.35 M facts, /health unanswered meanwhile.
  const shares = Array.from({ length: of }, (_, index) => ({
    names: index > 0 ? [] : everyShareOwn ? rest : withDirectory,
    // A first share with no streams of its own folds no split read model.
    ...(index === 0 && first === 0
      ? {}
      : {
          split: {
            names: splits.map((p) => p.name),
            index,
            of,
            first,
            at,
            skipInRead: everyShareOwn || index > 0,
            ...(everyShareOwn
              ? { directory: withDirectory.includes(DIRECTORY_SHARE), reportTypes: index > 0 }
              : {}),
          },
        }),
  }));
  return {
    shares,
    join: { names: splits.map((p) => p.name), of, first, checked: everyShareOwn ? rest : [] },
  };
}

/**
 * Joins what a split rebuild's shares saved of the read models (`SplitJoin`), through `db`: the
 * split read models' shares (`joinShares`), and the read models the first share folded on its
 * own streams alone. Returns the read models to rebuild whole after all: one whose shares could
 * not be joined, one of `checked` of which another share read a fact. The shares' directories
 * are joined after (`joinDirectories`), while the service puts back the read models.
 */
export function joinSplit(
  db: Database.Database,
  projections: ReadonlyArray<Projection<unknown>>,
  join: SplitJoin,
  head: number,
  done: readonly ShareDone[],
): string[] {
  const projection = (name: string) => {
    const p = projections.find((q) => q.name === name);
    if (!p) throw new Error(`a split rebuild names ${name}, a read model this code does not have`);
    return p;
  };
  const splits = join.names.map(projection);
  const split = { of: join.of, first: join.first };
  const conflicted: string[] = [];
  for (const p of splits) {
    if (joinShares(db, p, split, head, new Date().toISOString()) === undefined) continue;
    dropShares(db, p.name);
    dropSaved(db, p.name);
    conflicted.push(p.name);
  }
  // A fact another share read that a read model of the first share reads: rebuilt whole.
  const seen = new Set(done.flatMap((d) => d.types ?? []));
  const crossed = join.checked.filter((n) =>
    [...(projection(n).reads ?? [])].some((t) => seen.has(t)),
  );
  db.transaction(() => {
    for (const name of crossed) dropSaved(db, name);
    db.prepare('DELETE FROM ledger_meta WHERE key IN (?, ?)').run(splitKey(splits), UNCHECKED);
  })();
  return [...conflicted, ...crossed];
}

/**
 * The ledger directory of a split rebuild, joined from its shares' (`LedgerDirectory.fromShares`)
 * and saved whole through `db`; nothing when no share noted one.
 */
export function joinDirectories(db: Database.Database, done: readonly ShareDone[]): void {
  const directories = done.flatMap((d) => (d.directory ? [d.directory] : []));
  if (directories.length > 0)
    LedgerDirectory.fromShares(directories, new SqliteDirectorySaves(db, false)).flush();
}

/** Where the saved directory has read to: 0 for none, or one of another version. */
function directorySavedAt(db: Database.Database): number {
  const present = db
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'ledger_directory_head'`)
    .get();
  if (!present) return 0;
  const row = db
    .prepare(`SELECT version, position FROM ledger_directory_head WHERE name = 'directory'`)
    .get() as { version: string; position: number } | undefined;
  return row && row.version === DIRECTORY_VERSION ? row.position : 0;
}

/** Whether a split on `of` shares has saved some of its work (a rebuild resumed). */
function sharesSaved(
  db: Database.Database,
  splits: ReadonlyArray<Projection<unknown>>,
  of: number,
): boolean {
  const names = splits.flatMap((p) => shareNames(p.name, of));
  return (
    db
      .prepare(`SELECT 1 FROM checkpoints WHERE name IN (${names.map(() => '?').join(', ')})`)
      .get(...names) !== undefined
  );
}

/**
 * What split rebuilds left saved, dropped with the read models (`rebuild --from-scratch`): a
 * share's save stands on the read model's rows it wrote, and resumed over rows no longer there it
 * would leave its own streams' partitions out.
 */
export function dropSplitSaves(db: Database.Database, names: readonly string[]): void {
  for (const name of names) dropShares(db, name);
  db.prepare("DELETE FROM ledger_meta WHERE key LIKE 'split-rebuild%'").run();
}

/** Everything saved of a read model: rebuilt from the first fact. */
function dropSaved(db: Database.Database, name: string): void {
  for (const table of [
    'projection_partitions',
    'projection_partitioned',
    'projection_state',
    'checkpoints',
  ])
    db.prepare(`DELETE FROM ${table} WHERE name = ?`).run(name);
}

const meta = (db: Database.Database, key: string) =>
  db.prepare('SELECT value FROM ledger_meta WHERE key = ?').pluck().get(key) as string | undefined;

const putMeta = (db: Database.Database, key: string, value: string) =>
  db
    .prepare(
      'INSERT INTO ledger_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    )
    .run(key, value);

/** Where the ledger keeps a split rebuild's first share's part (ledger_meta). */
const splitKey = (splits: ReadonlyArray<Projection<unknown>>) =>
  `split-rebuild:${splits.map((p) => p.name).join(',')}`;

/**
 * The first share's part of the streams, and the head they were shared out at (split-rebuild.ts
 * `shareOf`), kept in the ledger while its shares' saves are: a rebuild resumed (fewer read
 * models behind, so other weights; a longer ledger) shares the streams as before.
 */
function firstSharePart(
  db: Database.Database,
  splits: ReadonlyArray<Projection<unknown>>,
  of: number,
  head: number,
  fraction: () => number,
): { first: number; at: number } {
  const key = splitKey(splits);
  const kept = meta(db, key)?.split(':');
  const part =
    sharesSaved(db, splits, of) && kept?.length === 3 && kept[0] === String(of)
      ? { first: Number(kept[1]), at: Number(kept[2]) }
      : { first: fraction(), at: head };
  putMeta(db, key, `${of}:${part.first}:${part.at}`);
  return part;
}

/**
 * What a split saved when the streams were shared out by a hash of their ids (its part kept as
 * `of:first`) is dropped: its shares' streams are not those `shareOf` gives, and the read models
 * are begun again.
 */
function dropOtherCut(db: Database.Database, splits: ReadonlyArray<Projection<unknown>>): void {
  const key = splitKey(splits);
  const kept = meta(db, key);
  if (kept === undefined || kept.split(':').length === 3) return;
  db.transaction(() => {
    for (const p of splits) {
      dropShares(db, p.name);
      dropSaved(db, p.name);
    }
    db.prepare('DELETE FROM ledger_meta WHERE key = ?').run(key);
  })();
}
