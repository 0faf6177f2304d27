import { competitionStreamId } from '../domain/competition/facts';
import type { RecordedEvent } from '../events/envelope';
import { competitions, type CompetitionsState } from '../projections/competitions';
import { validateStreamId } from '../store/append-rules';
import type { EventStore } from '../store/event-store';
import { directoryOf } from './ledger-directory';
import { EVENTS_PER_TURN, nextTurn, withinBounds } from './replay';

/** What a slice answers for: one competition (its standings, C points) or one club (DSB-11). */
export type SliceScope = { competitionId: string } | { clubId: string };

/** As of an instant (recordedAt) and/or a ledger position, as `competitionsState` reads them. */
export interface SliceBounds {
  asOf?: string;
  atPosition?: number;
}

/** A slice and what it cost: the streams read and the events read from them. */
export interface Slice {
  state: CompetitionsState;
  streams: string[];
  eventsRead: number;
}

/**
 * The competitions state a full replay to these bounds would give, as far as the scope's
 * answers read it, folded from the scope's club's streams only (LedgerDirectory says which):
 * its rulebook stream, its roster's streams, every competition of the club (NZ-8e/NZ-10 count
 * plays club-wide, DSB-6/8 read the club's earlier competitions) and the session streams they
 * link to. The events are merged by position, so the fold sees them in the ledger's order, and
 * the state's `position` is the full replay's (the last event of the ledger within the bounds,
 * whichever stream it is in): the answers are the full replay's, byte for byte. Facts of other
 * clubs found on those streams are folded as the replay folds them, and read by nothing.
 * Reading and folding give the event loop a turn every EVENTS_PER_TURN events.
 */
export async function competitionsSlice(
  store: EventStore,
  scope: SliceScope,
  at: SliceBounds = {},
): Promise<Slice> {
  const keep = withinBounds({ asOf: at.asOf, toPosition: at.atPosition }); // a bad asOf throws here
  const directory = directoryOf(store);
  await directory.catchUp();
  // Events appended after the directory's read are not in it: the slice stops where it stopped.
  const to = Math.min(at.atPosition ?? Number.POSITIVE_INFINITY, directory.position);
  const streams = new Set<string>();
  if ('competitionId' in scope) {
    streams.add(competitionStreamId(scope.competitionId));
    for (const clubId of directory.clubsOfCompetition(scope.competitionId))
      for (const s of directory.streamsOfClub(clubId)) streams.add(s);
  } else for (const s of directory.streamsOfClub(scope.clubId)) streams.add(s);

  const events: RecordedEvent[] = [];
  let read = 0;
  for (const streamId of streams) {
    for await (const e of streamUpTo(store, streamId, to)) {
      if (++read % EVENTS_PER_TURN === 0) await nextTurn();
      if (keep(e)) events.push(e);
    }
  }
  // Each stream is in position order; merged, the fold sees the ledger's order.
  events.sort((a, b) => a.position - b.position);
  let state = competitions.initial();
  for (let i = 0; i < events.length; i++) {
    if (i > 0 && i % EVENTS_PER_TURN === 0) await nextTurn();
    state = competitions.apply(state, events[i], undefined);
  }
  state.position = directory.lastPosition({ asOf: at.asOf, toPosition: to });
  return { state, streams: [...streams], eventsRead: read };
}

/** A stream's events up to a position; none for a stream that does not (or cannot) exist. */
async function* streamUpTo(
  store: EventStore,
  streamId: string,
  to: number,
): AsyncGenerator<RecordedEvent> {
  // An id no stream can have (a competition id from a URL): no stream, as in the full replay.
  if (validateStreamId(streamId).length) return;
  try {
    for await (const e of store.readStream(streamId)) {
      if (e.position > to) return;
      yield e;
    }
  } catch (err) {
    if ((err as { code?: unknown }).code === 'STREAM_NOT_FOUND') return;
    throw err;
  }
}
