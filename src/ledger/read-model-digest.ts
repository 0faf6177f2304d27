import { createHash } from 'node:crypto';
import type { Projection } from '../kernel/projection';
import type { ProjectionStateStore } from './projection-state-store';

/** A saved read model summed up: what a restart would serve, and its SHA-256. */
export interface ReadModelDigest {
  name: string;
  version: number;
  /** The position its saved state has seen. */
  position: number;
  /** Saved partitions (1 for a state saved whole). */
  parts: number;
  sha256: string;
}

/**
 * The SHA-256 of each projection's saved state as a restart serves it: its version, its
 * checkpoint, then every partition's key and JSON in the state's own order once put back, or
 * the state saved whole. Two ledgers whose read models were built differently (one thread, several workers, a
 * rebuild resumed, the live catch-up) serve the same tables exactly when their digests agree.
 * Undefined for a projection with nothing saved of its version.
 */
export function readModelDigests(
  states: ProjectionStateStore,
  projections: ReadonlyArray<Projection<unknown>>,
): Array<ReadModelDigest | { name: string; version: number; missing: true }> {
  return projections.map((p) => {
    const hash = createHash('sha256');
    const head = (position: number) => hash.update(`${p.name}\n${p.version}\n${position}\n`);
    let parts = 0;
    let position: number;
    const parted = p.partitions;
    const saved = parted ? states.loadPartitions(p.name) : undefined;
    if (parted && saved && saved.version === p.version) {
      position = saved.position;
      head(position);
      // Put back as a restart puts them back, then read in the state's own order: partitions
      // first saved at different times are numbered differently (a resumed rebuild, a live
      // service saving as it goes) yet make the same state.
      const state = p.initial();
      for (const [key, value] of saved.partitions) parted.put(state, key, value);
      for (const key of parted.keys(state)) {
        hash.update(`${key}\n${JSON.stringify(parted.get(state, key))}\n`);
        parts += 1;
      }
    } else {
      const whole = states.load(p.name);
      if (!whole || whole.version !== p.version)
        return { name: p.name, version: p.version, missing: true as const };
      position = whole.position;
      head(position);
      hash.update(JSON.stringify(whole.state));
      parts = 1;
    }
    return { name: p.name, version: p.version, position, parts, sha256: hash.digest('hex') };
  });
}
