import { performance } from 'node:perf_hooks';
import { nextTurn } from '../audit/replay';

/**
 * Milliseconds a service's background work (the saved read models and the saved directory put
 * back after a start) runs between two turns of the event loop. A request is answered over
 * several turns (the socket read, each await of its handler, the reply), and each turn waits
 * behind one slice of each loader: short slices keep the first standing after a cold start
 * close to its own work (bench/RESULTS.md), and the loads finish as soon, a turn costing
 * microseconds.
 */
export const BACKGROUND_SLICE_MS = 2;

/**
 * `each` of the items, the event loop given a turn (`turn`, a setImmediate by default) every
 * BACKGROUND_SLICE_MS: by time, since an item's cost varies (a saved partition's size).
 */
export async function inSlices<T>(
  items: Iterable<T>,
  each: (item: T) => void,
  turn: () => Promise<void> = nextTurn,
): Promise<void> {
  let slice = performance.now();
  for (const item of items) {
    each(item);
    if (performance.now() - slice < BACKGROUND_SLICE_MS) continue;
    await turn();
    slice = performance.now();
  }
}
