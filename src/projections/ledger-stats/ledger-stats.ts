import type { Projection } from '../projection';

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
