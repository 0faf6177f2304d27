import type { MessagePort } from 'node:worker_threads';
import type { DirectoryShare } from './directory-shares';

/**
 * The ledger directory (ledger-directory.ts) as a share of a rebuild: folded in the same pass as
 * the read models of its share, so a first start reads the ledger once per core, not once more
 * for the directory.
 */
export const DIRECTORY_SHARE = 'ledger-directory';

/** What a share's worker is given. */
export interface ShareWork {
  url: string;
  /** The read-models file of a ledger not kept in SQLite (read-model-file.ts). */
  readModels?: string;
  /** The read models it folds (by name), and DIRECTORY_SHARE when it holds the directory. */
  names: string[];
  head: number;
  saveEvery?: number;
  /** Saves at least this share of the facts folded so far apart, too (SAVE_SPACING). */
  saveSpacing?: number;
  /** A saved partition no fact has named for this many facts is let go (cold-partitions.ts). */
  letGoAfter?: number;
  /** It tells how far it has folded at most this often, in ms (0: every page). */
  progressMs?: number;
  /** Its share of the read models split by their streams (split-rebuild.ts). */
  split?: SplitShare;
  /**
   * Where it sends what the join needs of it (`ShareDone`) once done: to the worker that joins
   * the shares, not through the service's thread, which would read a 9.35 M-fact ledger's
   * directory shares (some 300 MB) only to copy them on.
   */
  joinPort?: MessagePort;
}

/** A share of a split rebuild: which read models, which share of how many, and what it skips. */
export interface SplitShare {
  names: string[];
  index: number;
  of: number;
  /**
   * The first share's part of the streams (split-rebuild.ts `shareOf`): the other shares'
   * streams the split read models name as their own are left out of its folds.
   */
  first: number;
  /** The head the streams were shared out at: a stream's share is where its first fact stands. */
  at: number;
  /** Whether SQLite leaves the other shares' streams out of the read. */
  skipInRead: boolean;
  /** Whether it notes its facts in a directory of its own, joined with the others' at the end. */
  directory?: boolean;
  /** Whether it tells the fact types it read on its own streams (split-plan.ts). */
  reportTypes?: boolean;
}

/** What a share's worker has done, once it is done: what the join needs of it. */
export interface ShareDone {
  /** Its directory's part (SplitShare.directory). */
  directory?: DirectoryShare;
  /** The fact types it read on its own streams (SplitShare.reportTypes). */
  types?: string[];
}

/**
 * What a share's worker says to the rebuild: how far it has folded, that it is done (what the
 * join needs of it goes to the joining worker: `ShareWork.joinPort`), or why it stopped.
 */
export type ShareMessage = { position: number } | { done: true } | { error: string };

/**
 * What joining a split rebuild's shares needs, as a worker of its own is given it: the join of
 * 9.35 M facts' shares took about 5 s, during which a service's main thread answered nothing.
 */
export interface SplitJoin {
  /** The read models split by their streams. */
  names: string[];
  of: number;
  first: number;
  /** The read models the first share folded on its streams alone: checked once all are done. */
  checked: string[];
}

/** What the worker that joins a split rebuild's shares is given: a port from each share. */
export interface JoinWork {
  url: string;
  head: number;
  join: SplitJoin;
  ports: MessagePort[];
}

/**
 * What the joining worker hears from the rebuild (`{ join: true }` once every share is done) and
 * says back: the read models joined, with those to rebuild whole after all; then the directory
 * joined and saved; or why it stopped.
 */
export type JoinMessage =
  { join: true } | { whole: string[] } | { directory: true } | { error: string };
