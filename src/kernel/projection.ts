import type { RecordedEvent } from './envelope';

/**
 * A projection is a pure reducer over the facts: a name and a version (bump the version and
 * the runner rebuilds it from zero), an initial state, and apply(state, event, rulebook).
 * State must be JSON data, so the runner can keep it beside its checkpoint: what
 * JSON.stringify writes is what a restart reads back. apply owns the state it is given and may
 * update it in place (a replay of 500,000 facts should not copy a table per fact); it reads
 * nothing but its arguments.
 * `rulebook` is the rulebook in force for the event; projections that need none ignore it.
 */
export interface Projection<S, RB = unknown> {
  readonly name: string;
  readonly version: number;
  initial(): S;
  apply(state: S, event: RecordedEvent, rulebook: RB | undefined): S;
  /**
   * Optional: the state as independent parts (a competition, a club's roster …), so the runner
   * saves only the parts an event changed instead of the whole state. Without it the state is
   * saved whole.
   */
  readonly partitions?: Partitions<S>;
  /**
   * Optional: what folding the ledger into this projection costs against the default of 1
   * (measured, bench/RESULTS.md), so that a rebuild on several cores shares the projections
   * evenly (src/ledger/parallel-rebuild.ts).
   */
  readonly rebuildWeight?: number;
  /**
   * Optional: the fact types `apply` reads. A fact of any other type leaves the state as it is
   * and names no partition, so the runner does not hand it over: a read model of a few facts
   * then costs nothing on a ledger of board results.
   */
  readonly reads?: ReadonlySet<string>;
  /**
   * Optional: the streams whose facts this projection folds only into partitions of their own
   * (a competition's stream into that competition: `partitions.streamOf`), never into a
   * partition another of these streams writes, and which no fact of another stream removes. A
   * rebuild on several cores then shares these streams out (src/ledger/split-rebuild.ts): each
   * share folds every other stream's facts and the facts of its own streams, and the shares'
   * partitions are joined. A partition two shares saved differently is taken from its stream's
   * share, or joined by `partitions.merge`; failing both, the projection is rebuilt whole.
   */
  readonly ownStreams?: (streamId: string) => boolean;
}

/**
 * A state seen as keyed partitions, each plain JSON. The runner writes, beside its checkpoint,
 * the partitions named by `keysOf` for the events since the last save (and any key it has not
 * saved yet), and reassembles a loaded state with `put`, in the order `keys` gave.
 */
export interface Partitions<S> {
  /**
   * Every partition `apply` may change for this event (naming one more is harmless: it is
   * rewritten as it is; naming one too few would lose a change). `state`, when given, is the
   * state the event is about to be applied to: a fact whose partition only the state knows
   * (an accepted correction changes the partition of the fact it corrects, named by the
   * notice before it) names it then. Without it, such a fact names the partitions its data
   * names, and the facts before it (the notice) named the rest.
   */
  keysOf(event: RecordedEvent, state?: S): readonly string[];
  /** Every partition of the state, in the state's own order (a rebuild writes them all). */
  keys(state: S): Iterable<string>;
  /** A partition's value; undefined when the state has no such partition (its row is dropped). */
  get(state: S, key: string): unknown;
  /** Puts a saved partition back into a state being assembled (from `initial()`). */
  put(state: S, key: string, value: unknown): void;
  /**
   * Optional, with `ownStreams`: the stream whose facts make a partition (a competition's, a
   * scored session's), or undefined for one of no such stream. In a split rebuild the share of
   * that stream has seen every fact the partition folds (its stream's and everyone's), where
   * another share may hold only what everyone's facts made of it (an appeal's adjusted score).
   */
  streamOf?(key: string): string | undefined;
  /**
   * Optional: a partition that several shares of a split rebuild (`ownStreams`) each folded
   * from their own facts (the position of the last fact): the value one fold of every fact
   * would have made. Undefined for a key that cannot be joined.
   */
  merge?(key: string, values: readonly unknown[]): unknown;
  /**
   * Optional: takes a saved partition out of the state, to be put back (`put`) before the next
   * fact that names it; false, and nothing changed, for one the state keeps. A rebuild lets go
   * of partitions no fact has named for a long while (src/ledger/cold-partitions.ts), so only
   * a partition that `apply` reads for no fact but those naming it may be dropped.
   */
  drop?(state: S, key: string): boolean;
  /**
   * Optional, with `drop`: whether a saved partition may be left in its save when the service
   * starts, put back (`put`) before the first fact that names it or the first reader that asks
   * for it (src/ledger/cold-partitions.ts). The same partitions `drop` lets go.
   */
  cold?(key: string): boolean;
}

/** Folds events into a projection: the whole of a replay, with no store involved. */
export function fold<S, RB>(
  projection: Projection<S, RB>,
  events: Iterable<RecordedEvent>,
  rulebookFor: (event: RecordedEvent) => RB | undefined = () => undefined,
  state: S = projection.initial(),
): S {
  let s = state;
  for (const e of events) s = projection.apply(s, e, rulebookFor(e));
  return s;
}

/**
 * The partitions of a state made of records keyed by id (a club's facts, its rulebook facts):
 * one partition a record, its key the record's prefix and id (`club:pinner`), written in the
 * order of `records`; `keysOf` names the partitions an event changes.
 */
export function recordPartitions<S>(
  records: ReadonlyArray<readonly [prefix: string, of: (state: S) => Record<string, unknown>]>,
  keysOf: Partitions<S>['keysOf'],
): Partitions<S> {
  const find = (key: string) => records.find(([prefix]) => key.startsWith(prefix));
  return {
    keysOf,
    keys: (state) =>
      records.flatMap(([prefix, of]) => Object.keys(of(state)).map((k) => prefix + k)),
    get: (state, key) => {
      const r = find(key);
      return r ? r[1](state)[key.slice(r[0].length)] : undefined;
    },
    put: (state, key, value) => {
      const r = find(key);
      if (r) r[1](state)[key.slice(r[0].length)] = value;
    },
  };
}
