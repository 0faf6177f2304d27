// A worker of a rebuild on all cores: folds its share of the read models (and the ledger
// directory, when its share holds it) in one pass over the store, through its own connection,
// saving as the runner saves (src/ledger/parallel-rebuild.ts). An entry point, as the CLI is: it
// loads the contexts and rulesets the ledger ships.
import 'reflect-metadata';
import '../../contexts/built-in';
import '../../rulesets';
import { parentPort, workerData } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { catalogue } from '../../contexts/catalogue';
import type { Projection } from '../../kernel/projection';
import { projections } from '../../contexts/projections';
import { LedgerDirectory } from '../../ledger/ledger-directory';
import {
  DIRECTORY_SHARE,
  type ShareDone,
  type ShareMessage,
  type ShareWork,
} from '../../ledger/share-work';
import type { RecordedEvent } from '../../kernel/envelope';
import { ProjectionRunner, savedPositionOf } from '../../ledger/projection-runner';
import { SqliteProjectionStateStore } from '../../ledger/projection-state-store';
import { ShareStateStore } from '../../ledger/share-state-store';
import { savedDirectoryOf } from '../../ledger/saved-directory';
import { shareName, shareOf } from '../../ledger/split-rebuild';
import type { Stretch } from '../../store/sqlite/read-except';
import { lastPositionOf, readPagesExcept, streamStarts } from '../../store/sqlite/read-except';
import { SqliteEventStore } from '../../store/sqlite/sqlite-event-store';
import type { EventStore } from '../../store/event-store';
import { openStore } from '../../store/open-store';
import { saveWhenFree } from '../../ledger/save-when-free';
import { joinReadModelFile, readModelFileOf } from '../../ledger/read-model-file';

const work = workerData as ShareWork;
const say = (m: ShareMessage) => parentPort!.postMessage(m);

/**
 * The ledger, read through the worker's own connection, and the file its read models are saved
 * in: a SQLite ledger's own, or the service's read-models file of a ledger kept elsewhere.
 */
async function open(): Promise<{ store: EventStore; db: Database.Database; close: () => void }> {
  if (work.url.startsWith('sqlite:')) {
    // The workers' saves take the file's write lock in turn: a worker waits for it (it answers
    // no requests), rather than putting its save off past its end.
    const store = new SqliteEventStore(work.url.slice('sqlite:'.length), {
      upcast: catalogue.upcast,
      lockWaitMs: 60_000,
    });
    return { store, db: store.db, close: () => undefined };
  }
  if (work.readModels === undefined)
    throw new Error('a rebuild on workers of a ledger kept elsewhere needs its read-models file');
  const store = await openStore(work.url, { upcast: catalogue.upcast, readOnly: true });
  const close = joinReadModelFile(store, work.readModels);
  return { store, db: readModelFileOf(store)!.db, close };
}

async function main(): Promise<void> {
  const { store, db, close } = await open();
  try {
    const split = work.split;
    const toSplit = split ? projections.filter((p) => split.names.includes(p.name)) : [];
    const streams = split
      ? sharedStreams(db, split, (s) => toSplit.every((p) => p.ownStreams!(s)))
      : undefined;
    // Whether the split read models name a stream as their own: asked of every fact, answered
    // once a stream (its share's listing).
    const owns = (s: string) => streams?.owned.has(s) ?? false;
    // A split read model is saved under its share's name, joined once every share is done; its
    // partitions of the share's own streams straight into the read model's rows.
    const states = split
      ? new ShareStateStore(db, new SqliteProjectionStateStore(db), toSplit, {
          ...split,
          shareOfStream: streams!.shareOf,
        })
      : new SqliteProjectionStateStore(db);
    const splits: Array<Projection<unknown>> = toSplit.map((p) => ({
      ...p,
      name: shareName(p.name, split!.index, split!.of),
    }));
    const mine = [...projections.filter((p) => work.names.includes(p.name)), ...splits];
    const skip = streams?.skip ?? new Set<string>();
    let directory: LedgerDirectory | undefined;
    if (work.names.includes(DIRECTORY_SHARE)) {
      directory = new LedgerDirectory(store, savedDirectoryOf(store));
      await directory.restore();
      // Followed in the read models' pass when it holds every fact before that pass's start;
      // otherwise (a directory saved further back) read by its own pass first.
      const from = Math.min(...mine.map((p) => savedPositionOf(states, p)), work.head);
      if (directory.position < from) await directory.catchUp();
    } else if (split?.directory) {
      // This share's part of a directory rebuilt from the first fact, joined at the end.
      directory = new LedgerDirectory(store);
      directory.recordShare();
    }
    // A share of the directory alone has been read by its own pass: no second pass for nothing.
    if (mine.length === 0) {
      directory?.flush();
      done({});
      return;
    }
    const types = new Set<string>();
    const observe = (e: RecordedEvent) => {
      directory?.follow(e);
      if (split?.reportTypes && owns(e.streamId)) types.add(e.type);
    };
    // Progress is told every `progressMs`, not every page: a message a page (a thousand facts)
    // cost the worker about 3 % of a first start at 935,385 facts.
    let told = -Infinity;
    const progress = (position: number) => {
      const now = performance.now();
      if (now - told < (work.progressMs ?? 0)) return;
      told = now;
      say({ position });
    };
    const runner = new ProjectionRunner(store, states, mine, {
      until: work.head,
      ...(split
        ? {
            numberByPosition: true,
            ...(split.skipInRead
              ? { read: readPagesExcept(db, skip, catalogue.upcast, streams!.stretch) }
              : {}),
            ...foldsOf(split, splits, skip, owns),
          }
        : {}),
      ...(work.saveEvery !== undefined ? { saveEvery: work.saveEvery } : {}),
      ...(work.saveSpacing !== undefined ? { saveSpacing: work.saveSpacing } : {}),
      ...(work.letGoAfter !== undefined ? { letGoAfter: work.letGoAfter } : {}),
      onPage: (position) => progress(position),
      ...(directory || split?.reportTypes ? { observe } : {}),
    });
    runner.start();
    await runner.ended();
    // Whatever the last page's save left (a save put off by a lock) is written before done.
    await saveWhenFree(() => runner.save());
    if (!split?.directory) directory?.flush();
    done({ types: [...types], ...(split?.directory ? { directory: directory!.share() } : {}) });
  } finally {
    close();
    await store.close();
  }
}

/**
 * Says the share is done: what the join needs of it to the worker that joins the shares, when
 * there is one (its timeline's buffers moved rather than copied: the share is done with them),
 * then to the rebuild that it is done.
 */
function done(part: ShareDone): void {
  const port = work.joinPort;
  if (!port && (part.directory || part.types?.length))
    throw new Error('a share of a split rebuild has no joining worker to hand its part to');
  if (port) {
    const d = part.directory;
    const moved = d ? [d.positions.buffer as ArrayBuffer, d.times.buffer as ArrayBuffer] : [];
    port.postMessage(part, moved);
    port.close();
  }
  say({ done: true });
}

/**
 * The streams as this share sees them (split-rebuild.ts `shareOf`: by where each one's first fact
 * stands): each split stream's share, the other shares' (left out of the read), and the stretch
 * of the events table this share's own stand in, outside which it reads everyone's facts alone.
 */
function sharedStreams(
  db: Database.Database,
  split: NonNullable<ShareWork['split']>,
  owns: (streamId: string) => boolean,
): {
  owned: Set<string>;
  shareOf: (streamId: string) => number;
  skip: Set<string>;
  stretch: Stretch;
} {
  const cut = { of: split.of, first: split.first, at: split.at };
  const shares = new Map<string, number>();
  const skip = new Set<string>();
  const everyone: string[] = [];
  const own: string[] = [];
  let from = Infinity;
  // One seek of the streams' index a stream.
  for (const [stream, first] of streamStarts(db)) {
    if (!owns(stream)) {
      everyone.push(stream);
      continue;
    }
    const share = shareOf(first, cut);
    shares.set(stream, share);
    if (share !== split.index) skip.add(stream);
    else {
      own.push(stream);
      from = Math.min(from, first);
    }
  }
  const last = lastPositionOf(db);
  return {
    owned: new Set(shares.keys()),
    // A stream begun after this listing is past the plan's head: the last share's.
    shareOf: (s) => shares.get(s) ?? split.of - 1,
    skip,
    // With no streams of its own, a share reads everyone's facts alone.
    stretch:
      own.length > 0
        ? { from, to: own.reduce((to, s) => Math.max(to, last(s)), 0), everyone }
        : { from: 1, to: 0, everyone },
  };
}

/**
 * Which facts a split read model of this share folds: none of another share's streams (when
 * SQLite has not left them out already), and, past the first share, none of a stream it names
 * as its own that is not shared out (the first share folds those: counted once).
 */
function foldsOf(
  split: NonNullable<ShareWork['split']>,
  splits: ReadonlyArray<Projection<unknown>>,
  skip: ReadonlySet<string>,
  owns: (streamId: string) => boolean,
): { folds?: (p: Projection<unknown>, e: RecordedEvent) => boolean } {
  if (split.skipInRead && split.index === 0) return {};
  const isSplit = new Set(splits);
  return {
    folds: (p, e) =>
      !isSplit.has(p) ||
      ((split.skipInRead || !skip.has(e.streamId)) &&
        !(split.index > 0 && !owns(e.streamId) && p.ownStreams!(e.streamId))),
  };
}

main().catch((err: unknown) => say({ error: (err as Error).message }));
