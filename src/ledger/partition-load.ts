import type { Partitions, Projection } from '../kernel/projection';
import { inSlices } from './background-slices';
import { ColdPartitions, coldPartitionsOf } from './cold-partitions';
import { newPartTrack, type PartTrack } from './partition-saves';
import type { ProjectionStateStore, SavedPartitions } from './projection-state-store';

/** A partitioned projection as the runner holds it once loaded. */
export interface LoadedPartitions {
  state: unknown;
  position: number;
  track: PartTrack;
  cold?: ColdPartitions;
}

export interface PartitionLoadOptions {
  /** A rebuild's share, stopping there: it may let go of partitions (`letGoAfter`). */
  until?: number;
  letGoAfter?: number;
  /** A service: the cold partitions (`Partitions.cold`) stay in their save until named. */
  leaveCold?: boolean;
}

/**
 * A partitioned projection's saved state put back: every partition, or, for a service whose
 * projection names cold ones, only the warm ones, the cold left in their save (ColdPartitions).
 * A state saved whole by an earlier version of the runner is taken apart, then saved by parts.
 */
export async function loadPartitioned(
  projection: Projection<unknown>,
  partitions: Partitions<unknown>,
  states: ProjectionStateStore,
  options: PartitionLoadOptions,
  turn: () => Promise<void>,
): Promise<LoadedPartitions> {
  const state = projection.initial();
  const track = newPartTrack(partitions);
  let position = 0;
  const { cold: isCold } = partitions;
  const leaveCold =
    options.leaveCold && isCold && states.loadWarmPartitions && states.loadSomePartitions;
  const saved: (SavedPartitions & { coldKeys?: string[] }) | undefined = leaveCold
    ? states.loadWarmPartitions!(projection.name, (key) => isCold.call(partitions, key))
    : states.loadPartitionsInPages
      ? await states.loadPartitionsInPages(projection.name, turn)
      : states.loadPartitions(projection.name);
  let cold: ColdPartitions | undefined;
  if (saved && saved.version === projection.version) {
    // A slice at a time: /health and the requests are answered meanwhile.
    await inSlices(
      saved.partitions,
      ([key, value]) => {
        partitions.put(state, key, value);
        track.saved.add(key);
      },
      turn,
    );
    track.nextSeq = saved.lastSeq + 1;
    track.replace = false;
    position = saved.position;
    if (saved.coldKeys) {
      for (const key of saved.coldKeys) track.saved.add(key);
      const some = { loadSomePartitions: states.loadSomePartitions!.bind(states) };
      cold = ColdPartitions.leftSaved(projection.name, partitions, some, saved.coldKeys);
    }
  } else if (!saved) {
    const whole = states.load(projection.name);
    if (whole && whole.version === projection.version) {
      for (const key of partitions.keys(whole.state))
        partitions.put(state, key, partitions.get(whole.state, key));
      position = whole.position;
    }
  }
  cold ??= coldPartitionsOf(projection.name, partitions, states, options);
  return { state, position, track, ...(cold ? { cold } : {}) };
}
