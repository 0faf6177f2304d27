import type { Partitions } from '../kernel/projection';
import type { PartTrack } from './partition-saves';
import type { ProjectionStateStore } from './projection-state-store';

/**
 * The let-go of a projection of a rebuild (a runner stopping at `until`) that asks for one
 * (`letGoAfter`), when its partitions can be dropped and the store read back by key.
 */
export function coldPartitionsOf(
  name: string,
  partitions: Partitions<unknown>,
  states: ProjectionStateStore,
  { until, letGoAfter }: { until?: number; letGoAfter?: number },
): ColdPartitions | undefined {
  const { drop } = partitions;
  if (until === undefined || !letGoAfter || !drop || !states.loadSomePartitions) return undefined;
  const some = { loadSomePartitions: states.loadSomePartitions.bind(states) };
  return new ColdPartitions(name, { ...partitions, drop }, some, letGoAfter);
}

/**
 * A rebuild's memory bounded by what it is folding now, not by the whole ledger. A club's
 * competitions and scored sessions are named by their facts for a season and then never again;
 * kept to the end, every one of them stays in the worker's heap, and folding a fact costs more
 * the longer the ledger (at 9.35 M facts, up to twice what it costs at 935,385: bench/RESULTS.md). So
 * a partition no fact has named for `after` facts, once saved and unchanged since, is let go
 * (`Partitions.drop`), and read back from its save if a later fact names it. Only a rebuild
 * (a runner stopping at `until`) lets go: the service answers from its whole state.
 */
export class ColdPartitions {
  /** Each partition a fact named, and the position of the last fact that named it. */
  private readonly lastNamed = new Map<string, number>();
  /** Let go, saved: read back when named again. */
  private readonly away = new Set<string>();

  constructor(
    private readonly name: string,
    private readonly partitions: Partitions<unknown> & {
      drop: NonNullable<Partitions<unknown>['drop']>;
    },
    private readonly states: Required<Pick<ProjectionStateStore, 'loadSomePartitions'>>,
    private readonly after: number,
  ) {}

  /** Before a fact naming `keys` is folded: any of them let go are put back as saved. */
  named(state: unknown, keys: readonly string[], position: number): void {
    for (const key of keys) {
      if (this.away.size > 0 && this.away.has(key)) this.bringBack(state, key);
      this.lastNamed.set(key, position);
    }
  }

  /**
   * Once a save has committed: the partitions saved and unchanged since, that no fact has named
   * for `after` facts, are let go. A partition the projection keeps (`drop` false) is no longer
   * watched until a fact names it again.
   */
  saved(state: unknown, track: PartTrack, position: number): void {
    for (const [key, at] of this.lastNamed) {
      if (position - at <= this.after || track.dirty.has(key) || !track.saved.has(key)) continue;
      this.lastNamed.delete(key);
      if (this.partitions.drop(state, key)) this.away.add(key);
    }
  }

  private bringBack(state: unknown, key: string): void {
    const saved = this.states.loadSomePartitions(this.name, [key]);
    let found = false;
    for (const [k, value] of saved?.partitions ?? [])
      if (k === key) {
        this.partitions.put(state, key, value);
        found = true;
      }
    // Let go only once saved, so its row is there: not finding it is a fault to stop on.
    if (!found) throw new Error(`${this.name}: partition ${key} was let go and is not saved`);
    this.away.delete(key);
  }
}
