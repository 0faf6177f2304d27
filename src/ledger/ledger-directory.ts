import { clubStreamId } from '../contexts/club/domain/club-streams';
import { addToSetOf } from '../kernel/dict';
import { competitionStreamId } from '../contexts/pairs/domain/facts';
import { streamsOfClubIn, type DirectoryKeys } from './directory-keys';
import { clubReadElsewhere, onCompetitionStream, onDocumentedStream } from '../contexts/streams';
import type { RecordedEvent } from '../kernel/envelope';
import { isCorrectionFact } from '../contexts/pairs/projection/corrections';
import { NZ_MEMBERSHIP_FACT_TYPES } from '../contexts/pairs/projection/nz-membership';
import { competitions, competitionsPartitions } from '../contexts/pairs/projection/state';
import type { EventStore } from '../store/event-store';
import {
  savedDirectoryOf,
  type DirectoryEntry,
  savedEntries,
  type DirectorySaves,
  type Timeline,
} from './saved-directory';
import { EVENTS_PER_TURN, nextTurn, withinBounds, type ReplayBounds } from '../audit/replay';
import { inSlices } from './background-slices';
import { Column, Instants, lastIndex } from './timeline-column';
import {
  joinedAdditions,
  joinedLasts,
  joinedTimeline,
  competitionDates,
  type CompetitionDates,
  type DirectoryShare,
  type SavedMap,
} from './directory-shares';

export type { CompetitionDates } from './directory-shares';

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
 * last position read: one pass per process, after which an answer reads only its streams. With
 * `saves` (a SQLite ledger: saved-directory.ts) it starts from the directory a process saved
 * and reads only the facts after it, so a CLI answer does not pay the pass over $all.
 */
export class LedgerDirectory implements DirectoryKeys {
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
  eventsRead = 0; // from $all so far (for tests and logs)
  /** Where this directory started: a saved directory's position, or 0 (read from $all). */
  restoredAt = 0;
  private savedAt = 0;
  /** How many timeline values the last save held (the chunks from its last one on are new). */
  private savedLength = 0;
  /** The maps' keys changed since the last save: a save writes only those entries. */
  private changed = new Map<SavedMap, Set<string>>();
  /** Whether nothing has been saved by this process yet, nor restored: a save replaces all. */
  private fresh = true;
  /** The id of the last event read (a saved directory names it, to be sure of its ledger). */
  private lastId = '';
  private triedSaved = false;
  private readonly instants = new Instants();
  /** A share's entries as added, with the position of the fact that added each (`recordShare`). */
  private additions?: DirectoryShare['additions'];
  /** A saved timeline not read yet (restoreSaved): read when first needed (`timeline`). */
  private unread?: () => Timeline;

  constructor(
    /** Undefined for a directory joined from a split rebuild's shares: it reads no store. */
    private readonly store: EventStore | undefined,
    private readonly saves?: DirectorySaves,
    private readonly saveAfterEvents = SAVE_AFTER_EVENTS,
  ) {}

  /** Position of the last event read: everything up to it is in the directory. */
  get position(): number {
    if (this.unread) return this.restoredAt;
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
    const head = await this.ledger().headPosition();
    if (!this.triedSaved) {
      this.triedSaved = true;
      await this.restoreSaved(head);
    }
    if (head <= this.position) return;
    let n = 0;
    for await (const e of this.ledger().readAll({ fromPosition: this.position + 1 })) {
      this.note(e);
      if (++n % EVENTS_PER_TURN === 0) {
        // Saved as it is read: a first pass cut short (a stop, a crash) is resumed, not redone.
        this.saveIfDue();
        await nextTurn();
      }
    }
    this.eventsRead += n;
    this.saveIfDue();
  }

  private ledger(): EventStore {
    if (!this.store) throw new Error('a ledger directory joined from shares reads no store');
    return this.store;
  }

  /**
   * Makes this the directory of one share of a split rebuild: it notes only its share's facts
   * (and everyone's), and keeps each entry it adds with the position that added it, so that
   * the shares can be joined as one pass would have made them (`fromShares`).
   */
  recordShare(): void {
    this.additions = [];
  }

  /** What this share's directory noted (`recordShare`): its timeline, additions and streams. */
  share(): DirectoryShare {
    return {
      positions: this.positions.used.slice(),
      times: this.times.used.slice(),
      lastId: this.lastId,
      additions: this.additions ?? [],
      lasts: [...this.lastOfStream].map(([stream, l]) => [stream, l.position, l.time]),
    };
  }

  /**
   * The directory of a split rebuild, joined from its shares' (`share`): the timelines merged
   * by position, each entry added in the order of the facts that added it, each stream's last
   * fact the last of all. The same directory one pass over every fact makes; saved whole.
   */
  static fromShares(shares: readonly DirectoryShare[], saves: DirectorySaves): LedgerDirectory {
    const d = new LedgerDirectory(undefined, saves);
    d.triedSaved = true;
    const timeline = joinedTimeline(shares);
    d.positions.restore(timeline.positions);
    d.times.restore(timeline.times);
    d.ordered = timeline.ordered;
    d.lastId = timeline.lastId;
    for (const [, map, key, value] of joinedAdditions(shares)) {
      if (typeof value !== 'string') d.setDates(key, value);
      else d.addTo(map, key, value);
    }
    for (const [stream, position, time] of joinedLasts(shares)) {
      d.lastOfStream.set(stream, { position, time });
      d.mark('lastOfStream', stream);
    }
    return d;
  }

  /** Restores the saved directory, once: before following a pass another reader makes. */
  async restore(): Promise<void> {
    if (this.triedSaved) return;
    this.triedSaved = true;
    await this.restoreSaved(await this.ledger().headPosition());
  }

  /**
   * Notes a fact read by another reader's pass over $all (a rebuild's: one read for the read
   * models and the directory). The caller shows every fact after `position`, in order; those
   * already held are skipped. Saved as read, as by catchUp; `flush` saves the rest.
   */
  follow(e: RecordedEvent): void {
    if (e.position <= this.position) return;
    this.note(e);
    if (++this.eventsRead % EVENTS_PER_TURN === 0) this.saveIfDue();
  }

  /** Saves whatever was noted and not yet saved. */
  flush(): void {
    if (this.saves?.writable() && this.position > this.savedAt) this.save();
  }

  /** Saves what was read since the last save, once that is `saveAfterEvents` facts or more. */
  private saveIfDue(): void {
    if (!this.saves?.writable() || this.position - this.savedAt < this.saveAfterEvents) return;
    try {
      this.save();
    } catch {
      // A cache: unsaved (a full disk, a lock held), the next process reads $all instead.
    }
  }

  /**
   * The saved directory, when it is of this code's version and of this ledger: its last event is
   * still the one at its position (a ledger replaced by another of the same length is not).
   */
  private async restoreSaved(head: number): Promise<void> {
    const saved = this.saves?.load();
    if (!saved || saved.version !== DIRECTORY_VERSION || saved.position > head) return;
    if (saved.position > 0) {
      let lastId: string | undefined;
      for await (const e of this.ledger().readAll({ fromPosition: saved.position, maxCount: 1 }))
        lastId = e.position === saved.position ? e.id : undefined;
      if (lastId !== saved.lastId) return;
    }
    // A slice at a time (saved-directory.ts): requests are answered meanwhile.
    const entries = await savedEntries(saved);
    if (!entries) return;
    await inSlices(entries, ([map, key, json]) => this.restoreEntry(map as SavedMap, key, json));
    // The maps now, the timeline when first needed: an answer as of now reads only the maps.
    this.unread = saved.timeline;
    this.ordered = saved.ordered;
    this.restoredAt = this.savedAt = saved.position;
    this.lastId = saved.lastId;
    this.savedLength = saved.events;
    this.fresh = false;
  }

  /** Reads the saved timeline, if it has not been read yet. */
  private timeline(): void {
    const read = this.unread;
    if (!read) return;
    const { positions, times } = read();
    this.unread = undefined;
    this.positions.restore(positions);
    this.times.restore(times);
  }

  private restoreEntry(map: SavedMap, key: string, json: string): void {
    const value = JSON.parse(json) as unknown;
    if (map === 'datesOf') this.datesOf.set(key, value as CompetitionDates);
    else if (map === 'lastOfStream') {
      // An instant that was NaN is saved as null (JSON has no NaN).
      const [position, time] = value as [number, number | null];
      this.lastOfStream.set(key, { position, time: time ?? NaN });
    } else {
      this.setsOf(map).set(key, new Set(value as string[]));
      if (map === 'partitionsOf')
        for (const k of value as string[]) addToSetOf(this.feedersOf, k, key);
    }
  }

  /** The saved maps that are sets, by name: built once, read for every fact noted. */
  private readonly sets: Partial<Record<SavedMap, Map<string, Set<string>>>> = {
    competitionsOf: this.competitionsOf,
    clubsOf: this.clubsOf,
    linksOf: this.linksOf,
    clubStreamsOf: this.clubStreamsOf,
    partitionsOf: this.partitionsOf,
  };

  private setsOf(map: SavedMap): Map<string, Set<string>> {
    return this.sets[map]!;
  }

  /** The entry of a map as saved: a set as its members, a stream's last as [position, time]. */
  private entryJson(map: SavedMap, key: string): string {
    if (map === 'datesOf') return JSON.stringify(this.datesOf.get(key));
    if (map === 'lastOfStream') {
      const v = this.lastOfStream.get(key)!;
      return JSON.stringify([v.position, Number.isNaN(v.time) ? null : v.time]);
    }
    return JSON.stringify([...this.setsOf(map).get(key)!]);
  }

  /**
   * Saves what changed since the last save (the caller has checked `saves` is writable): the
   * timeline's chunks from the one the last save left partial, and the entries changed.
   */
  private save(): void {
    this.timeline();
    const firstChunk = Math.floor(this.savedLength / this.saves!.chunk);
    const from = firstChunk * this.saves!.chunk;
    const entries: DirectoryEntry[] = [];
    for (const [map, keys] of this.changed)
      for (const key of keys) entries.push([map, key, this.entryJson(map, key)]);
    this.saves!.save({
      version: DIRECTORY_VERSION,
      position: this.position,
      lastId: this.lastId,
      ordered: this.ordered,
      firstChunk,
      positions: this.positions.used.subarray(from),
      times: this.times.used.subarray(from),
      entries,
      replace: this.fresh,
    });
    this.fresh = false;
    this.changed = new Map();
    this.savedLength = this.positions.length;
    this.savedAt = this.position;
  }

  /** Adds to a set of a saved map, noting the entry as changed when it was. */
  private addTo(map: SavedMap, key: string, value: string): void {
    const sets = this.setsOf(map);
    if (sets.get(key)?.has(value)) return;
    addToSetOf(sets, key, value);
    if (map === 'partitionsOf') addToSetOf(this.feedersOf, value, key);
    this.mark(map, key);
    this.additions?.push([this.position, map, key, value]);
  }

  /** A competition's dates, from its first CompetitionCreated. */
  private setDates(competitionId: string, dates: CompetitionDates): void {
    if (this.datesOf.has(competitionId)) return;
    this.datesOf.set(competitionId, dates);
    this.mark('datesOf', competitionId);
    this.additions?.push([this.position, 'datesOf', competitionId, dates]);
  }

  private mark(map: SavedMap, key: string): void {
    let keys = this.changed.get(map);
    if (!keys) this.changed.set(map, (keys = new Set()));
    keys.add(key);
  }

  private note(e: RecordedEvent): void {
    this.timeline();
    this.lastId = e.id;
    const time = this.instants.parse(e.recordedAt);
    const t = this.times;
    if (Number.isNaN(time) || (t.length > 0 && time < t.values[t.length - 1])) this.ordered = false;
    this.positions.push(e.position);
    t.push(time);
    const last = this.lastOfStream.get(e.streamId);
    this.mark('lastOfStream', e.streamId);
    if (!last) this.lastOfStream.set(e.streamId, { position: e.position, time });
    else {
      last.position = e.position;
      // NaN (an unreadable instant) keeps the stream out of every "unchanged by then" answer.
      last.time = Number.isNaN(time) || Number.isNaN(last.time) ? NaN : Math.max(last.time, time);
    }
    for (const key of competitionsPartitions.keysOf(e)) {
      if (key === 'position') continue;
      this.addTo('partitionsOf', e.streamId, key);
    }
    if (e.type === 'CompetitionCreated' || e.type === 'SessionScoredFromBoards') {
      if (!onCompetitionStream(e)) return;
      const d = e.data as { competitionId: string; clubId?: string; sessionStreamId?: string };
      if (e.type === 'CompetitionCreated') {
        this.addTo('clubsOf', d.competitionId, String(d.clubId));
        this.addTo('competitionsOf', String(d.clubId), d.competitionId);
        if (!this.datesOf.has(d.competitionId)) {
          const dates = competitionDates(e.data);
          if (dates) this.setDates(d.competitionId, dates);
        }
      } else this.addTo('linksOf', d.competitionId, String(d.sessionStreamId));
    } else if (isCorrectionFact(e.type)) {
      // A club's corrections, rulings and appeals change its tables (read on their
      // own stream only, as the projection reads them).
      const clubId = (e.data as { clubId?: unknown }).clubId;
      if (typeof clubId === 'string' && e.streamId === `corrections-${clubId}`)
        this.addTo('clubStreamsOf', clubId, e.streamId);
    } else if (NZ_MEMBERSHIP_FACT_TYPES.has(e.type) && onDocumentedStream(e)) {
      // NZ-8c checks and NZ-8d requests, read on the club's members-<clubId> stream.
      this.addTo('clubStreamsOf', String((e.data as { clubId?: unknown }).clubId), e.streamId);
    } else {
      // A fact read wherever it is, by the club its data names (a roster fact, a club's
      // registration: StreamHome.elsewhere 'read', from the deciders' registry).
      const clubId = clubReadElsewhere(e.type, e.data);
      if (clubId !== undefined) this.addTo('clubStreamsOf', clubId, e.streamId);
    }
  }

  /**
   * The position a full replay to these bounds ends at (its answers' `position`): the last
   * event at or before `toPosition` (and this directory's position) recorded by `asOf`; 0 for
   * none. Throws the replay's RangeError for an `asOf` that is not an instant.
   */
  lastPosition(bounds: ReplayBounds): number {
    withinBounds(bounds);
    // To the last event read, at any time: the last event read, the timeline not needed.
    if (bounds.asOf === undefined && (bounds.toPosition ?? Infinity) >= this.position)
      return this.position;
    this.timeline();
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
    return streamsOfClubIn((map, key) => this.setsOf(map).get(key) ?? [], clubId);
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
   * The streams a window of a club's history reads (a what-if or a diff of one
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

/**
 * The directory's version: bumped when what `note` keeps changes. It carries the competitions
 * projection's version, whose partition keys (`keysOf`) the directory keeps per stream.
 */
export const DIRECTORY_VERSION = `2/${competitions.version}`;

/**
 * Saved again after this many more events: a save writes what they changed (the timeline's last
 * chunks, the entries they touched), so its cost follows them, not the ledger's size.
 */
const SAVE_AFTER_EVENTS = 10_000;

const directories = new WeakMap<EventStore, LedgerDirectory>();

/**
 * The store's directory, one per store for the life of the process; a SQLite ledger's is saved
 * in the file and read back by the next process.
 */
export function directoryOf(store: EventStore): LedgerDirectory {
  let d = directories.get(store);
  if (!d) directories.set(store, (d = new LedgerDirectory(store, savedDirectoryOf(store))));
  return d;
}
