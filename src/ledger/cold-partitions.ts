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
  if (until === undefined || !letGoAfter || !partitions.drop || !states.loadSomePartitions)
    return undefined;
  const some = { loadSomePartitions: states.loadSomePartitions.bind(states) };
  return new ColdPartitions(name, partitions, some, letGoAfter);
}

/**
 * A rebuild's memory bounded by what it is folding now, not by the whole ledger. A club's
 * competitions and scored sessions are named by their facts for a season and then never again;
 * kept to the end, every one of them stays in the worker's heap, and folding a fact costs more
 * the longer the ledger (at 9.35 M facts, up to twice what it costs at 935,385: bench/RESULTS.md). So
 * a partition no fact has named for `after` facts, once saved and unchanged since, is let go
 * (`Partitions.drop`), and read back from its save if a later fact names it.
 *
 * A service starts the same way from the other end (`leftSaved`): its cold partitions (those
 * `Partitions.cold` names) stay in their save, and each is put back before the first fact that
 * names it or the first reader that asks for it (`bringBack`); nothing is let go after. So a
 * start puts back the clubs' rulebooks and rosters, not every competition of every season.
 */
export class ColdPartitions {
  /** Each partition a fact named, and the position of the last fact that named it. */
  private readonly lastNamed = new Map<string, number>();
  /** Let go, saved: read back when named again. */
  private readonly away = new Set<string>();
  /** What the runner last saved (version, checkpoint): what a partition read back must be of. */
  private savedAt?: () => { version: number; position: number };

  constructor(
    private readonly name: string,
    private readonly partitions: Pick<Partitions<unknown>, 'put' | 'drop'>,
    private readonly states: Required<Pick<ProjectionStateStore, 'loadSomePartitions'>>,
    /** Facts without naming a partition after which it is let go; undefined: never. */
    private readonly after?: number,
  ) {}

  /** A service's start: these saved partitions are left in their save until named. */
  static leftSaved(
    name: string,
    partitions: Pick<Partitions<unknown>, 'put'>,
    states: Required<Pick<ProjectionStateStore, 'loadSomePartitions'>>,
    keys: readonly string[],
  ): ColdPartitions {
    const cold = new ColdPartitions(name, partitions, states);
    for (const key of keys) cold.away.add(key);
    return cold;
  }

  /**
   * A partition read back must be of the runner's own last save: the saved read model changed
   * by another process meanwhile (a rebuild run on the file under the service) would put back a
   * partition of another checkpoint, and its facts be folded twice or never.
   */
  expectSavedAt(savedAt: () => { version: number; position: number }): void {
    this.savedAt = savedAt;
  }

  /** How many saved partitions are not in memory now. */
  get left(): number {
    return this.away.size;
  }

  /** Before a fact naming `keys` is folded: any of them let go are put back as saved. */
  named(state: unknown, keys: readonly string[]): void {
    if (this.away.size === 0) return;
    for (const key of keys) if (this.away.has(key)) return this.bringBack(state, keys);
  }

  /**
   * Before a save: the partitions the facts since the last one named, each with the position of
   * the last fact that named it (the save's track). Noted once a save, not once a fact: the
   * track already keeps them, and a Map written for every key of every fact cost a rebuild
   * worker about 3 % of its time.
   */
  noted(named: ReadonlyMap<string, number>): void {
    if (this.after === undefined) return;
    for (const [key, position] of named) this.lastNamed.set(key, position);
  }

  /**
   * Once a save has committed: the partitions saved and unchanged since, that no fact has named
   * for `after` facts, are let go. A partition the projection keeps (`drop` false) is no longer
   * watched until a fact names it again.
   */
  saved(state: unknown, track: PartTrack, position: number): void {
    const { after, partitions } = this;
    if (after === undefined || !partitions.drop) return;
    for (const [key, at] of this.lastNamed) {
      if (position - at <= after || track.dirty.has(key) || !track.saved.has(key)) continue;
      this.lastNamed.delete(key);
      if (partitions.drop(state, key)) this.away.add(key);
    }
  }

  /** Those of `keys` (or those `keys` picks) left in their save put back, read in one go. */
  bringBack(state: unknown, keys: readonly string[] | ((key: string) => boolean)): void {
    const wanted =
      typeof keys === 'function'
        ? [...this.away].filter(keys)
        : keys.filter((k) => this.away.has(k));
    if (wanted.length === 0) return;
    const saved = this.states.loadSomePartitions(this.name, wanted);
    const own = this.savedAt?.();
    if (own && saved && (saved.version !== own.version || saved.position !== own.position))
      throw new Error(
        `${this.name}: the saved read model is at ${saved.position} (version ${saved.version}), not where this process saved it (${own.position}, version ${own.version}): another process wrote it; restart to read it again`,
      );
    for (const [key, value] of saved?.partitions ?? []) {
      this.partitions.put(state, key, value);
      this.away.delete(key);
    }
    // Left only once saved, so its row is there: not finding it is a fault to stop on.
    const missing = wanted.find((key) => this.away.has(key));
    if (missing !== undefined)
      throw new Error(`${this.name}: partition ${missing} was left in its save and is not there`);
  }
}
