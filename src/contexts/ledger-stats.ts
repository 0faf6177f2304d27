import type { Projection } from '../kernel/projection';

/** What an auditor first asks of a log: how much of what, and up to where. */
export interface LedgerStats {
  events: number;
  lastPosition: number;
  lastRecordedAt: string | null;
  byType: Record<string, number>;
  streams: number;
  /** Stream id -> last revision; kept so `streams` needs no second pass. */
  streamRevisions: Record<string, number>;
}

const STREAM = 'stream:';

export const ledgerStats: Projection<LedgerStats> = {
  name: 'ledger-stats',
  version: 1,
  initial: () => ({
    events: 0,
    lastPosition: 0,
    lastRecordedAt: null,
    byType: {},
    streams: 0,
    streamRevisions: {},
  }),
  // Saved as the totals and one part per stream (its last revision): an append rewrites two
  // small rows, not the map of every stream.
  partitions: {
    keysOf: (event) => ['totals', STREAM + event.streamId],
    *keys(state) {
      yield 'totals';
      for (const id in state.streamRevisions) yield STREAM + id;
    },
    get(state, key) {
      if (key === 'totals') {
        const { streamRevisions: _, ...totals } = state;
        return totals;
      }
      return key.startsWith(STREAM) ? state.streamRevisions[key.slice(STREAM.length)] : undefined;
    },
    put(state, key, value) {
      if (key === 'totals') Object.assign(state, value);
      else if (key.startsWith(STREAM))
        state.streamRevisions[key.slice(STREAM.length)] = value as number;
    },
  },
  apply(state, event) {
    const isNewStream = !(event.streamId in state.streamRevisions);
    state.events += 1;
    state.lastPosition = event.position;
    state.lastRecordedAt = event.recordedAt;
    state.byType[event.type] = (state.byType[event.type] ?? 0) + 1;
    state.streamRevisions[event.streamId] = event.revision;
    if (isNewStream) state.streams += 1;
    return state;
  },
};
