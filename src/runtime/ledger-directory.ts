import { clubStreamId } from '../domain/club/club-streams';
import { competitionStreamId } from '../domain/competition/facts';
import { documentedStreamOf, onCompetitionStream } from '../domain/streams';
import type { RecordedEvent } from '../events/envelope';
import { isCorrectionFact } from '../projections/competitions/corrections';
import { competitionsPartitions } from '../projections/competitions/state';
import type { EventStore } from '../store/event-store';
import { EVENTS_PER_TURN, nextTurn, withinBounds, type ReplayBounds } from './replay';

/** A growable column of numbers (positions, instants): 8 bytes an event, no object per event. */
class Column {
  values = new Float64Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = v;
  }
}

/**
 * Which streams hold a club's facts, as the competitions projection reads them, and the
 * ledger's timeline (each event's position and recording instant), so that an "as of" answer
 * can read a club's streams instead of $all and still be the full replay's answer:
 *
 * - a competition's facts are read only from `competition-<id>` (LEDGER), and its club is its
 *   CompetitionCreated's `clubId` (every club a competition's stream ever named is kept);
 * - a rulebook fact only from `club-<clubId>`;
 * - a roster fact (PlayerRegistered, PlayerStatusChanged) belongs to the club of its
 *   `data.clubId`, and is read on whatever stream it was written (a ledger written before
 *   appends placed roster facts holds some elsewhere): every stream that holds one is noted
 *   (as for any fact whose home the registry says is read elsewhere);
 * - a board-scored session's facts are folded by their stream, the `sessionStreamId` a
 *   competition's SessionScoredFromBoards links.
 *
 * Built from $all on first use (yielding to the event loop as it reads), then caught up from the
 * last position read: one pass per process, after which an answer reads only its streams.
 */
export class LedgerDirectory {
  private readonly positions = new Column();
  private readonly times = new Column();
  /** Whether every instant is at or after the one before it (then binary search applies). */
  private ordered = true;
  private readonly competitionsOf = new Map<string, Set<string>>();
  private readonly clubsOf = new Map<string, Set<string>>();
  private readonly linksOf = new Map<string, Set<string>>();
  /** Each competition's season and first and last session dates (its first CompetitionCreated). */
  private readonly datesOf = new Map<string, CompetitionDates>();
  /** club → the streams holding facts read by that club wherever they are (its roster's …). */
  private readonly clubStreamsOf = new Map<string, Set<string>>();
  /** Each stream's last position and latest recording instant (to tell what an as-of leaves out). */
  private readonly lastOfStream = new Map<string, { position: number; time: number }>();
  /** The read model's partitions each stream's facts fold into, and the streams of each. */
  private readonly partitionsOf = new Map<string, Set<string>>();
  private readonly feedersOf = new Map<string, Set<string>>();
  private running?: Promise<void>;
  /** Events read from $all so far (for tests and logs). */
  eventsRead = 0;

  constructor(private readonly store: EventStore) {}

  /** Position of the last event read: everything up to it is in the directory. */
  get position(): number {
    const n = this.positions.length;
    return n === 0 ? 0 : this.positions.values[n - 1];
  }

  /** Reads $all past the last position read, one caller at a time. */
  catchUp(): Promise<void> {
    const run = (this.running ?? Promise.resolve()).then(() => this.read());
    this.running = run.catch(() => undefined);
    return run;
  }

  private async read(): Promise<void> {
    if ((await this.store.headPosition()) <= this.position) return;
    let n = 0;
    for await (const e of this.store.readAll({ fromPosition: this.position + 1 })) {
      this.note(e);
      if (++n % EVENTS_PER_TURN === 0) await nextTurn();
    }
    this.eventsRead += n;
  }

  private note(e: RecordedEvent): void {
    const time = Date.parse(e.recordedAt);
    const t = this.times;
    if (Number.isNaN(time) || (t.length > 0 && time < t.values[t.length - 1])) this.ordered = false;
    this.positions.push(e.position);
    t.push(time);
    const last = this.lastOfStream.get(e.streamId);
    if (!last) this.lastOfStream.set(e.streamId, { position: e.position, time });
    else {
      last.position = e.position;
      // NaN (an unreadable instant) keeps the stream out of every "unchanged by then" answer.
      last.time = Number.isNaN(time) || Number.isNaN(last.time) ? NaN : Math.max(last.time, time);
    }
    for (const key of competitionsPartitions.keysOf(e)) {
      if (key === 'position') continue;
      add(this.partitionsOf, e.streamId, key);
      add(this.feedersOf, key, e.streamId);
    }
    if (e.type === 'CompetitionCreated' || e.type === 'SessionScoredFromBoards') {
      if (!onCompetitionStream(e)) return;
      const d = e.data as { competitionId: string; clubId?: string; sessionStreamId?: string };
      if (e.type === 'CompetitionCreated') {
        add(this.clubsOf, d.competitionId, String(d.clubId));
        add(this.competitionsOf, String(d.clubId), d.competitionId);
        if (!this.datesOf.has(d.competitionId)) {
          const dates = competitionDates(e.data);
          if (dates) this.datesOf.set(d.competitionId, dates);
        }
      } else add(this.linksOf, d.competitionId, String(d.sessionStreamId));
    } else if (isCorrectionFact(e.type)) {
      // Issue 16: a club's corrections, rulings and appeals change its tables (read on their
      // own stream only, as the projection reads them).
      const clubId = (e.data as { clubId?: unknown }).clubId;
      if (typeof clubId === 'string' && e.streamId === `corrections-${clubId}`)
        add(this.clubStreamsOf, clubId, e.streamId);
    } else {
      // A fact read wherever it is, by the club its data names (a roster fact, a club's
      // registration: StreamHome.elsewhere 'read', from the deciders' registry).
      const home = documentedStreamOf(e.type, e.data);
      if (home?.elsewhere === 'read' && home.idField === 'clubId' && home.id !== undefined) {
        add(this.clubStreamsOf, home.id, e.streamId);
      }
    }
  }

  /**
   * The position a full replay to these bounds ends at (its answers' `position`): the last
   * event at or before `toPosition` (and this directory's position) recorded by `asOf`; 0 for
   * none. Throws the replay's RangeError for an `asOf` that is not an instant.
   */
  lastPosition(bounds: ReplayBounds): number {
    withinBounds(bounds);
    const p = this.positions.values;
    const to = bounds.toPosition ?? Number.POSITIVE_INFINITY;
    // The last index at or before `to`.
    let hi = lastIndex(this.positions.length, (i) => p[i] <= to);
    if (bounds.asOf === undefined) return hi < 0 ? 0 : p[hi];
    const asOf = Date.parse(bounds.asOf);
    const t = this.times.values;
    if (this.ordered) hi = lastIndex(hi + 1, (i) => t[i] <= asOf);
    else while (hi >= 0 && !(t[hi] <= asOf)) hi--;
    return hi < 0 ? 0 : p[hi];
  }

  /**
   * Whether every fact of a stream is within these bounds (at or before `toPosition`, recorded by
   * `asOf`): then an as-of answer may take the stream's partitions as they are now.
   */
  streamWithin(streamId: string, toPosition: number, asOf?: number): boolean {
    const last = this.lastOfStream.get(streamId);
    if (!last) return true;
    return last.position <= toPosition && (asOf === undefined || last.time <= asOf);
  }

  /** The read model's partitions a stream's facts fold into. */
  partitionsOfStream(streamId: string): string[] {
    return [...(this.partitionsOf.get(streamId) ?? [])];
  }

  /** The streams whose facts fold into a partition. */
  streamsOfPartition(key: string): string[] {
    return [...(this.feedersOf.get(key) ?? [])];
  }

  /** The clubs a competition's stream has named in a CompetitionCreated (one, as a rule). */
  clubsOfCompetition(competitionId: string): string[] {
    return [...(this.clubsOf.get(competitionId) ?? [])];
  }

  /**
   * Every stream a club's published tables read: its rulebook stream, the streams holding its
   * roster facts, its competitions' streams and the session streams they link to.
   */
  streamsOfClub(clubId: string): string[] {
    const out = new Set<string>([clubStreamId(clubId), ...(this.clubStreamsOf.get(clubId) ?? [])]);
    for (const competitionId of this.competitionsOf.get(clubId) ?? []) {
      out.add(competitionStreamId(competitionId));
      for (const s of this.linksOf.get(competitionId) ?? []) out.add(s);
    }
    return [...out];
  }

  /** A competition's season and session dates, as its CompetitionCreated gave them. */
  competitionDatesOf(competitionId: string): CompetitionDates | undefined {
    return this.datesOf.get(competitionId);
  }

  /** The club's competitions of a season. */
  competitionsOfSeason(clubId: string, season: string): string[] {
    return [...(this.competitionsOf.get(clubId) ?? [])].filter(
      (id) => this.datesOf.get(id)?.season === season,
    );
  }

  /**
   * The streams a window of a club's history reads (issue 16: a what-if or a diff of one
   * competition or season): the club's rulebook and roster streams, and the competitions (with
   * the session streams they link to) of `seasons`, or whose sessions run between `from` and
   * `to` (club dates) — not the competitions of the club's other years.
   */
  streamsOfClubWindow(clubId: string, window: { seasons: string[]; from: string; to: string }) {
    const out = new Set<string>([clubStreamId(clubId), ...(this.clubStreamsOf.get(clubId) ?? [])]);
    for (const competitionId of this.competitionsOf.get(clubId) ?? []) {
      const d = this.datesOf.get(competitionId);
      const inside =
        d === undefined ||
        window.seasons.includes(d.season) ||
        (d.last >= window.from && d.first <= window.to);
      if (!inside) continue;
      out.add(competitionStreamId(competitionId));
      for (const s of this.linksOf.get(competitionId) ?? []) out.add(s);
    }
    return [...out];
  }
}

/** A competition's season and the dates of its first and last sessions (club dates, ISO). */
export interface CompetitionDates {
  season: string;
  first: string;
  last: string;
}

function competitionDates(data: unknown): CompetitionDates | undefined {
  const d = data as { season?: unknown; sessions?: unknown };
  if (typeof d.season !== 'string' || !Array.isArray(d.sessions)) return undefined;
  const dates = d.sessions
    .map((s) => (s as { date?: unknown } | null)?.date)
    .filter((x): x is string => typeof x === 'string')
    .sort();
  if (!dates.length) return undefined;
  return { season: d.season, first: dates[0]!, last: dates[dates.length - 1]! };
}

function add(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

/** The largest i < n with ok(i), for `ok` true up to some index and false after; -1 for none. */
function lastIndex(n: number, ok: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ok(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

const directories = new WeakMap<EventStore, LedgerDirectory>();

/** The store's directory, one per store for the life of the process. */
export function directoryOf(store: EventStore): LedgerDirectory {
  let d = directories.get(store);
  if (!d) directories.set(store, (d = new LedgerDirectory(store)));
  return d;
}
