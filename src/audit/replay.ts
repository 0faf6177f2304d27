import type { RecordedEvent } from '../kernel/envelope';
import { fold, type Projection } from '../kernel/projection';
import { validateStreamId } from '../store/append-rules';
import type { EventStore } from '../store/event-store';

export interface ReplayBounds {
  /** Replay up to and including this position. */
  toPosition?: number;
  /** "As published on": only facts the ledger had recorded by this instant. */
  asOf?: string;
}

export function withinBounds(bounds: ReplayBounds): (e: RecordedEvent) => boolean {
  const asOf = bounds.asOf === undefined ? undefined : Date.parse(bounds.asOf);
  if (asOf !== undefined && Number.isNaN(asOf)) {
    throw new RangeError(`asOf: not an instant: ${bounds.asOf}`);
  }
  return (e) =>
    (bounds.toPosition === undefined || e.position <= bounds.toPosition) &&
    (asOf === undefined || Date.parse(e.recordedAt) <= asOf);
}

/** Events handled between two turns of the event loop: no request waits long behind a read. */
export const EVENTS_PER_TURN = 1000;

/** How many facts of a long pass (audit's phases) go between two reports of its progress. */
export const PROGRESS_EVERY = 10_000;

/** Lets the event loop run what is queued (a /health, another request) before going on. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Rebuilds a projection from zero out of the store, optionally to a past moment. A store's
 * async read does not by itself give the event loop a turn (its pages are synchronous), so the
 * replay does, every EVENTS_PER_TURN events.
 */
export async function replayFromStore<S>(
  store: EventStore,
  projection: Projection<S>,
  bounds: ReplayBounds = {},
  onProgress?: (position: number) => void,
): Promise<{ state: S; position: number }> {
  const keep = withinBounds(bounds);
  let state = projection.initial();
  let position = 0;
  let read = 0;
  for await (const e of store.readAll({ toPosition: bounds.toPosition })) {
    if (++read % EVENTS_PER_TURN === 0) await nextTurn();
    if (!keep(e)) continue;
    state = projection.apply(state, e, undefined);
    position = e.position;
    onProgress?.(position);
  }
  return { state, position };
}

/**
 * Several projections rebuilt from zero in one read of the store: each event folded into every
 * one in turn (what `audit` recomputes, read once rather than once a projection).
 */
export async function replayAllFromStore(
  store: EventStore,
  projections: ReadonlyArray<Projection<unknown>>,
): Promise<unknown[]> {
  const states = projections.map((p) => p.initial());
  let read = 0;
  for await (const e of store.readAll()) {
    if (++read % EVENTS_PER_TURN === 0) await nextTurn();
    projections.forEach((p, i) => (states[i] = p.apply(states[i], e, undefined)));
  }
  return states;
}

/** The same replay over events already in hand (an exported file): no store at all. */
export function replayEvents<S>(
  events: readonly RecordedEvent[],
  projection: Projection<S>,
  bounds: ReplayBounds = {},
): { state: S; position: number } {
  const kept = events.filter(withinBounds(bounds));
  return {
    state: fold(projection, kept),
    position: kept.length ? kept[kept.length - 1].position : 0,
  };
}

/**
 * A stream's facts up to a ledger position (from a revision), in order; none for a stream that
 * does not (or cannot) exist: what an as-of answer of one league, event or club reads.
 */
export async function readStreamTo(
  store: EventStore,
  streamId: string,
  to: number,
  fromRevision = 0,
): Promise<RecordedEvent[]> {
  if (validateStreamId(streamId).length) return [];
  const out: RecordedEvent[] = [];
  try {
    for await (const e of store.readStream(streamId, fromRevision ? { fromRevision } : {})) {
      if (e.position > to) break;
      out.push(e);
    }
  } catch (err) {
    if ((err as { code?: unknown }).code !== 'STREAM_NOT_FOUND') throw err;
  }
  return out;
}
