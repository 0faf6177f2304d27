import type { RecordedEvent } from '../kernel/envelope';
import type { Projection } from '../kernel/projection';
import type { ReadAllOptions } from '../store/event-store';

// What a ProjectionRunner (projection-runner.ts) is asked to do, and what it says of itself.

/** A runner saves after this many facts, by default. */
export const SAVE_EVERY = 50_000;

export interface RunnerOptions {
  /**
   * Save after this many events (default 50,000), and whenever the live subscription goes
   * quiet. During the catch-up only partitioned projections are saved on this budget (their
   * changed partitions); states saved whole wait for the end of the catch-up.
   */
  saveEvery?: number;
  /** How long the live subscription is quiet before a save (default 50 ms). */
  quietMs?: number;
  /** Events read per catch-up page; the event loop gets a turn between pages (default 250). */
  pageSize?: number;
  rulebookFor?: (event: RecordedEvent) => unknown;
  onError?: (error: unknown) => void;
  /**
   * Catch up to this position and stop there: no live subscription (a worker's share of a
   * rebuild, which the service then follows from).
   */
  until?: number;
  /** Told the position reached after each catch-up page (a rebuild's progress). */
  onPage?: (position: number) => void;
  /** Shown every event the catch-up reads, before the projections fold it (one read for both). */
  observe?: (event: RecordedEvent) => void;
  /**
   * Rebuilds elsewhere (worker threads) the projections that are this many facts or more
   * behind the head at start, before loading them: see parallel-rebuild.ts.
   */
  rebuildElsewhere?: RebuildElsewhere;
  /**
   * Where the catch-up reads its pages (default the store's $all): a share of a split rebuild
   * reads its own.
   */
  read?: (options: ReadAllOptions) => readonly RecordedEvent[] | Promise<readonly RecordedEvent[]>;
  /** Whether a projection folds a fact it is shown (default: every one): a split rebuild's share. */
  folds?: (projection: Projection<unknown>, event: RecordedEvent) => boolean;
  /**
   * A new partition is numbered by the position of the first fact that named it, not by a count
   * of this runner's: the shares of a split rebuild, numbered apart, then join in the one order
   * a single fold of every fact gives (split-rebuild.ts).
   */
  numberByPosition?: boolean;
  /** With `until`: a saved partition no fact has named for this many facts is let go. */
  letGoAfter?: number;
  /**
   * With `until`: saves are also at least this share of the facts this pass has folded apart
   * (a rebuild's, parallel-rebuild.ts: each save rewrites every partition changed since the last).
   */
  saveSpacing?: number;
  /**
   * A service: a projection's cold partitions (`Partitions.cold`) stay in their save at the
   * start, put back when a fact names them or a reader asks (`bringBack`).
   */
  leaveCold?: boolean;
}

/** A rebuild of some projections, to `head`, run outside this runner; it saves what it builds. */
export interface RebuildElsewhere {
  /** The fewest facts behind worth a rebuild elsewhere (fewer: caught up here as ever). */
  minFacts: number;
  run(
    names: readonly string[],
    head: number,
    progress: (status: RebuildStatus) => void,
    signal?: AbortSignal,
  ): Promise<void>;
  /**
   * What the last run goes on writing once it has returned (a split rebuild's directory, saved
   * while the runner puts back the read models): settled once written, or rejected with why not.
   * A reader of the saved directory waits for it; one that does not reads the ledger instead.
   */
  settled?(): Promise<void>;
}

/** A rebuild under way: facts folded of the total, per share (a worker's read models). */
export interface RebuildStatus {
  head: number;
  shares: Array<{ projections: string[]; position: number }>;
  /** Every share done, what they saved being joined (a worker of its own: split-plan.ts). */
  joining?: boolean;
}

/** Where the runner is: `caughtUp` once it has read to the store's head as of its start. */
export interface RunnerStatus {
  caughtUp: boolean;
  /** The lowest position the projections have seen. */
  position: number;
  /** While catching up: facts a second since the catch-up began (none before the first page). */
  rate?: number;
  /** While read models are rebuilt elsewhere (on worker threads): how far each share is. */
  rebuild?: RebuildStatus & { done: number; total: number; rate?: number };
  /** While the saved read models are put back (load), before the catch-up from their checkpoints. */
  loading?: boolean;
  /** While loading: the read models put back so far. */
  loaded?: string[];
  /** The partitions of each read model still in their save, put back when first asked for. */
  leftSaved?: Record<string, number>;
}
