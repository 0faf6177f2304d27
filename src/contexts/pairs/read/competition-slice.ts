import { competitionStreamId } from '../domain/facts';
import type { RecordedEvent } from '../../../kernel/envelope';
import { competitions, type CompetitionsState } from '../projection';
import { validateStreamId } from '../../../store/append-rules';
import type { EventStore } from '../../../store/event-store';
import {
  DIRECTORY_VERSION,
  directoryOf,
  type LedgerDirectory,
} from '../../../ledger/ledger-directory';
import type { DirectoryKeys } from '../../../ledger/directory-keys';
import { savedAtHeadOf, savedPartitionsOf } from '../../../ledger/saved-read-model';
import { EVENTS_PER_TURN, nextTurn, withinBounds } from '../../../audit/replay';

/**
 * What a slice answers for: one competition (its standings, C points) or one club (DSB-11). A
 * `window` reads of the club's history only its year around the competition (or season):
 * the what-if and diff (`streamsOf`).
 */
export type SliceScope =
  { competitionId: string; window?: boolean } | { clubId: string; season?: string };

/** How far back a window reads the club's other competitions: a club year and a little. */
export const WINDOW_DAYS = 400;

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
  let slice: Slice | undefined;
  await answerFromSlice(store, scope, at, undefined, (s) => (slice = s));
  return slice!;
}

/**
 * The read model's partitions a scope's answers read (the partitions its club's streams fold
 * into, and the position): all a read in a process of its own needs to load of a saved read
 * model, which `answerFromSlice` then brings up to date.
 */
export async function partitionsOfScope(store: EventStore, scope: SliceScope): Promise<string[]> {
  const directory = directoryOf(store);
  await directory.catchUp();
  return partitionsOf(directory, streamsOf(directory, scope));
}

/** The partitions a club's streams fold into (its competitions, scored sessions …). */
export const clubPartitions = (directory: DirectoryKeys, clubId: string): string[] =>
  partitionsOf(directory, directory.streamsOfClub(clubId));

/** The partitions these streams fold into, and the position. */
function partitionsOf(directory: DirectoryKeys, streams: Iterable<string>): string[] {
  const keys = new Set<string>(['position']);
  for (const s of streams) for (const key of directory.partitionsOfStream(s)) keys.add(key);
  return [...keys];
}

/**
 * An answer as of now without a live read model (a read in a process of its own, or the service
 * while it puts its saved read model back after a restart): the partitions of the saved read
 * model the scope reads, with the streams changed since its checkpoint folded again
 * (`answerFromSlice`); with none saved, a replay of the club's streams. A read of one
 * competition loads its club's partitions, not the ledger's.
 */
export async function answerNowFromSaved<T>(
  store: EventStore,
  scope: SliceScope,
  answer: (slice: Slice) => T,
): Promise<T> {
  // Everything saved at the head (a restart after a clean stop): the club's partitions as saved,
  // found through the saved directory by key, are the answer's state; nothing to fold again.
  const atHead = await savedAtHeadOf(store, competitions, DIRECTORY_VERSION, (directory) =>
    partitionsOf(directory, wholeClubStreams(directory, scope)),
  );
  if (atHead) return answer({ state: atHead.state, streams: [], eventsRead: 0 });
  const saved = savedPartitionsOf(store, competitions, await partitionsOfScope(store, scope));
  return answerFromSlice(store, scope, {}, saved && (() => saved.state), answer);
}

/**
 * The service's live competitions read model, once caught up, with these partitions in memory
 * (a service leaves its cold ones in their save until asked for); undefined while it catches up.
 */
export type LiveCompetitions = (partitions: readonly string[]) => CompetitionsState | undefined;

/**
 * An answer as of now from the live read model: the scope's partitions (its club's, through the
 * directory) put back, then read from the live state. Undefined when there is no live state, or
 * while the directory has not read as far as it (the background read after a restart): the
 * caller then answers from the saved partitions (`answerNowFromSaved`).
 */
export function answerNowFromLive<T>(
  store: EventStore,
  scope: SliceScope,
  live: LiveCompetitions,
  answer: (state: CompetitionsState) => T,
): T | undefined {
  const position = live([])?.position;
  const directory = directoryOf(store);
  if (position === undefined || directory.position < position) return undefined;
  const now = live(partitionsOf(directory, wholeClubStreams(directory, scope)));
  return now && answer(now);
}

/** How many times an answer retries taking live partitions before it reads every stream. */
const LIVE_TRIES = 3;

/**
 * An answer computed from the slice of `scope` as of `at`, with the live read model (`live`,
 * the runner's state once caught up) taken for every partition no fact after the bounds has
 * changed: only the streams of the partitions changed since are read and folded, so the cost of
 * an as-of answer grows with what changed after it, not with the club's history. The live
 * partitions are shared, not copied, so `answer` runs in the same turn as they are taken (the
 * runner updates its state in place between turns); if the live state moved while the changed
 * streams were read, it tries again, then reads every stream of the club as without `live`.
 */
export async function answerFromSlice<T>(
  store: EventStore,
  scope: SliceScope,
  at: SliceBounds,
  live: LiveCompetitions | undefined,
  answer: (slice: Slice) => T,
): Promise<T> {
  const keep = withinBounds({ asOf: at.asOf, toPosition: at.atPosition }); // a bad asOf throws here
  const directory = directoryOf(store);
  for (let attempt = 0; ; attempt++) {
    await directory.catchUp();
    const streams = streamsOf(directory, scope);
    // The live partitions the scope reads put back first, should the service have left any in
    // their save: the answer reuses them.
    const current = attempt < LIVE_TRIES ? live?.(partitionsOf(directory, streams)) : undefined;
    if (current && current.position > directory.position) continue; // the directory is behind
    const seen = current?.position;
    // Events appended after the directory's read are not in it: the slice stops where it stopped.
    const to = Math.min(at.atPosition ?? Number.POSITIVE_INFINITY, directory.position);
    const { fresh, reuse } = partitionsToRead(directory, streams, to, at.asOf, current);

    const events: RecordedEvent[] = [];
    let read = 0;
    for (const streamId of fresh) {
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
    // From here to the answer, one turn: the live partitions cannot change under it.
    if (current && (live?.(reuse) !== current || current.position !== seen)) continue;
    const parts = competitions.partitions!;
    for (const key of reuse) {
      const value = parts.get(current!, key);
      if (value !== undefined) parts.put(state, key, value);
    }
    state.position = directory.lastPosition({ asOf: at.asOf, toPosition: to });
    return answer({ state, streams: fresh, eventsRead: read });
  }
}

/** The streams a scope's answers read: its competition's, and every stream of its club. */
function streamsOf(directory: LedgerDirectory, scope: SliceScope): Set<string> {
  const streams = new Set<string>();
  const window = windowOf(directory, scope);
  if (window) {
    if ('competitionId' in scope) streams.add(competitionStreamId(scope.competitionId));
    for (const clubId of window.clubs)
      for (const s of directory.streamsOfClubWindow(clubId, window)) streams.add(s);
    return streams;
  }
  return wholeClubStreams(directory, scope);
}

/** The scope's competition's stream, and every stream of its club (no window). */
function wholeClubStreams(directory: DirectoryKeys, scope: SliceScope): Set<string> {
  const streams = new Set<string>();
  if ('competitionId' in scope) {
    streams.add(competitionStreamId(scope.competitionId));
    for (const clubId of directory.clubsOfCompetition(scope.competitionId))
      for (const s of directory.streamsOfClub(clubId)) streams.add(s);
  } else for (const s of directory.streamsOfClub(scope.clubId)) streams.add(s);
  return streams;
}

const daysBefore = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

/**
 * A window of the club's history (what a what-if or a diff of one competition or
 * season reads): the competition's season, and the club's competitions whose sessions run in
 * the WINDOW_DAYS before its first session up to its last — the club year the NZ-8e/f/g and
 * NZ-10 counts read, the previous competition DSB-6/8 read, the season DSB-11 reads — beside
 * the club's rulebook and roster streams. Undefined (the whole club) when the directory does
 * not know the dates.
 */
function windowOf(
  directory: LedgerDirectory,
  scope: SliceScope,
): { clubs: string[]; seasons: string[]; from: string; to: string } | undefined {
  if ('competitionId' in scope) {
    const dates = scope.window ? directory.competitionDatesOf(scope.competitionId) : undefined;
    if (!dates) return undefined;
    return {
      clubs: directory.clubsOfCompetition(scope.competitionId),
      seasons: [dates.season],
      from: daysBefore(dates.first, WINDOW_DAYS),
      to: dates.last,
    };
  }
  if (scope.season === undefined) return undefined;
  const dates = directory
    .competitionsOfSeason(scope.clubId, scope.season)
    .map((id) => directory.competitionDatesOf(id)!);
  if (!dates.length) return undefined;
  const first = dates.map((d) => d.first).sort()[0]!;
  const last = dates.map((d) => d.last).sort()[dates.length - 1]!;
  return {
    clubs: [scope.clubId],
    seasons: [scope.season],
    from: daysBefore(first, WINDOW_DAYS),
    to: last,
  };
}

/**
 * Which of the scope's streams must be read, and which partitions may be taken from the live
 * state: a partition is taken when every stream that folds into it is unchanged since the
 * bounds (and the live state has read it all). A partition that is not is rebuilt from all of
 * its streams, and so is every other partition those streams fold into.
 */
function partitionsToRead(
  directory: LedgerDirectory,
  streams: Set<string>,
  to: number,
  asOf: string | undefined,
  current: CompetitionsState | undefined,
): { fresh: string[]; reuse: string[] } {
  if (!current) return { fresh: [...streams], reuse: [] };
  const asOfTime = asOf === undefined ? undefined : Date.parse(asOf);
  const upTo = Math.min(to, current.position);
  const needed = new Set<string>();
  for (const s of streams) for (const key of directory.partitionsOfStream(s)) needed.add(key);
  const dirty = new Set<string>();
  const fresh = new Set<string>();
  const queue = [...needed].filter((key) =>
    directory.streamsOfPartition(key).some((s) => !directory.streamWithin(s, upTo, asOfTime)),
  );
  // A stream not yet in the directory's partitions (no fact folds anywhere) is read as it is.
  for (const s of streams) if (directory.partitionsOfStream(s).length === 0) fresh.add(s);
  while (queue.length) {
    const key = queue.pop()!;
    if (dirty.has(key)) continue;
    dirty.add(key);
    for (const s of directory.streamsOfPartition(key)) {
      if (fresh.has(s)) continue;
      fresh.add(s);
      for (const other of directory.partitionsOfStream(s)) if (!dirty.has(other)) queue.push(other);
    }
  }
  return { fresh: [...fresh], reuse: [...needed].filter((key) => !dirty.has(key)) };
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
