import type { RunnerStatus } from '../ledger/runner-options';

/** Where the served read models are: caught up with the store, or still reading it. */
export interface ReadModelStatus {
  caughtUp: boolean;
  /** The lowest position the projections have seen. */
  position: number;
  /** While catching up: facts a second since it began. */
  rate?: number;
  /**
   * While the read models are rebuilt on worker threads (a first start): facts folded of the
   * total, the rate, and how far each worker's share (its read models) has come.
   */
  rebuild?: RunnerStatus['rebuild'];
  /**
   * While the saved read models are put back (a start after a stop): the tables are answered
   * meanwhile from the saved partitions of their club, not refused.
   */
  loading?: boolean;
  /** While loading: the read models put back so far. */
  loaded?: string[];
  /**
   * Per read model, its partitions still in their save (a service leaves a long ledger's
   * competitions there at its start), each put back when a fact or a reader first names it.
   */
  leftSaved?: Record<string, number>;
}

/** () => the read models' status; always caught up when the app keeps none (replays only). */
export const READ_MODEL_STATUS = Symbol.for('bridge-ledger:ReadModelStatus');

export const ALWAYS_CAUGHT_UP = (): ReadModelStatus => ({ caughtUp: true, position: 0 });

/** Seconds a client is asked to wait (Retry-After) while the read models catch up. */
export const CATCHING_UP_RETRY_AFTER = 5;

/** What /health and a refused "now" table say while catching up. */
export function catchingUpMessage(position: number, head: number): string {
  return `catching up (position ${position} of ${head})`;
}

/** What /health says while the read models are rebuilt on worker threads, or joined after. */
export function rebuildMessage(rebuild: NonNullable<RunnerStatus['rebuild']>): string {
  const threads = `${rebuild.shares.length} worker thread(s)`;
  return rebuild.joining
    ? `joining what the read models' ${threads} rebuilt (position ${rebuild.total})`
    : `rebuilding the read models on ${threads} (position ${rebuild.done} of ${rebuild.total})`;
}
