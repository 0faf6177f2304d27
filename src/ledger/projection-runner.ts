import { performance } from 'node:perf_hooks';
import type { Subscription } from 'rxjs';
import type { RecordedEvent } from '../kernel/envelope';
import type { Partitions, Projection } from '../kernel/projection';
import { isStoreBusy, isStoreFault } from '../store/errors';
import type { EventStore, ReadAllOptions } from '../store/event-store';
import type { ColdPartitions } from './cold-partitions';
import { loadPartitioned } from './partition-load';
import { partitionSave, type PartTrack } from './partition-saves';
import type { ProjectionStateStore } from './projection-state-store';
import { SAVE_EVERY, type RunnerOptions, type RunnerStatus } from './runner-options';

interface Live {
  projection: Projection<unknown>;
  state: unknown;
  position: number;
  savedPosition: number;
  /** A state saved whole: changed since its save. */
  dirty: boolean;
  parts?: PartTrack;
  cold?: ColdPartitions;
}

/** Where a projection's saved state stands: its checkpoint, or 0 when none of its version is saved. */
export function savedPositionOf(
  states: ProjectionStateStore,
  projection: Projection<unknown>,
): number {
  const saved = states.checkpointOf?.(projection.name);
  return saved?.version === projection.version ? saved.position : 0;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function collected<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/**
 * Keeps projections live from the store. start() loads the saved states, catches up by pages
 * (the event loop gets a turn between pages, so a server answers meanwhile), then follows a
 * live subscription from where the catch-up ended. Each projection applies only events past its
 * own checkpoint, so a crash between saves replays, never skips. A projection whose version
 * changed starts from zero.
 *
 * A projection with `partitions` is saved by parts: the parts its events named since the last
 * save, in the same transaction as its checkpoint, so an append costs the size of what it
 * changed, not of the ledger. Others are saved whole.
 */
export class ProjectionRunner {
  private live: Live[] = [];
  private subscription?: Subscription;
  /** Loaded, caught up and saved: the catch-up from start() is over. */
  private ready?: Promise<void>;
  /** The rebuild elsewhere of what is far behind (`rebuildFirst`). */
  private behind?: Promise<void>;
  private stopped = false;
  private caughtUpOnce = false;
  private sinceSave = 0;
  private folded = 0;
  /** When and where the catch-up began: its rate on /health. */
  private catchUpBegan?: { at: number; position: number };
  /** The saved states being put back (load). */
  private loading = false;
  /** A rebuild elsewhere under way (rebuildBehind). */
  private rebuilding?: RunnerStatus['rebuild'];
  /** Stops a rebuild elsewhere when the runner stops. */
  private readonly abort = new AbortController();
  private saveTimer?: NodeJS.Timeout;
  private readonly saveEvery: number;
  private readonly quietMs: number;
  private readonly pageSize: number;
  /**
   * Whether each partition's changes are counted (`changesOf`, the service's gate): never by a
   * rebuild's share, stopping at `until` (it would keep a second map of every partition).
   */
  private readonly countsChanges: boolean;
  private caughtUpWaiters: Array<{
    position: number;
    resolve: () => void;
    reject: (e: unknown) => void;
  }> = [];

  constructor(
    private readonly store: EventStore,
    private readonly states: ProjectionStateStore,
    private readonly projections: ReadonlyArray<Projection<unknown>>,
    private readonly options: RunnerOptions = {},
  ) {
    this.saveEvery = options.saveEvery ?? SAVE_EVERY;
    this.quietMs = options.quietMs ?? 50;
    this.pageSize = options.pageSize ?? 250;
    this.countsChanges = options.until === undefined;
  }

  start(): void {
    if (this.ready) return;
    this.ready = this.rebuildFirst()
      .then(() => this.load())
      .then(() => this.catchUp());
    this.ready.catch((err: unknown) => this.fail(err));
  }

  /**
   * Begins the rebuild elsewhere of what is far behind, before start(): a service's workers boot
   * and fold while it builds its HTTP application (some 0.15 s of a first start), and start()
   * then goes on from there. Nothing else is read or held.
   */
  rebuildFirst(): Promise<void> {
    if (!this.behind) {
      this.behind = this.rebuildBehind();
      // Reported by start(), whose chain it is the first link of.
      this.behind.catch(() => undefined);
    }
    return this.behind;
  }

  /**
   * The projections far behind the head (a first start, a new version) rebuilt by
   * `rebuildElsewhere`, which saves them; load() then reads what it saved. Nothing is held here
   * meanwhile, so a stop cannot save over the rebuild's work.
   */
  private async rebuildBehind(): Promise<void> {
    const elsewhere = this.options.rebuildElsewhere;
    if (!elsewhere || !this.states.checkpointOf || this.options.until !== undefined) return;
    const head = await this.store.headPosition();
    const behind = this.projections.filter(
      (p) => p.partitions && head - savedPositionOf(this.states, p) >= elsewhere.minFacts,
    );
    if (behind.length === 0 || this.stopped) return;
    const began = performance.now();
    await elsewhere.run(
      behind.map((p) => p.name),
      head,
      (status) => {
        const done = Math.min(...status.shares.map((s) => s.position));
        const seconds = (performance.now() - began) / 1000;
        this.rebuilding = {
          ...status,
          done,
          total: head,
          ...(seconds > 0 && done > 0 ? { rate: Math.round(done / seconds) } : {}),
        };
      },
      this.abort.signal,
    );
    this.rebuilding = undefined;
  }

  private async load(): Promise<void> {
    this.loading = true;
    try {
      for (const projection of this.projections) {
        if (this.stopped) return;
        this.live.push(
          projection.partitions
            ? await this.loadParts(projection, projection.partitions)
            : this.loadWhole(projection),
        );
      }
    } finally {
      this.loading = false;
    }
  }

  private loadWhole(projection: Projection<unknown>): Live {
    const saved = this.states.load(projection.name);
    const current = saved && saved.version === projection.version;
    const position = current ? saved.position : 0;
    return {
      projection,
      state: current ? saved.state : projection.initial(),
      position,
      savedPosition: position,
      dirty: !current,
    };
  }

  private async loadParts(
    projection: Projection<unknown>,
    partitions: Partitions<unknown>,
  ): Promise<Live> {
    const loaded = await loadPartitioned(projection, partitions, this.states, this.options, turn);
    const { state, position, track, cold } = loaded;
    const live: Live = { projection, state, position, savedPosition: position, dirty: false };
    // What a service left in its save is put back as this runner last saved it, or not at all.
    if (this.options.leaveCold)
      cold?.expectSavedAt(() => ({ version: projection.version, position: live.savedPosition }));
    return Object.assign(live, { parts: track, ...(cold ? { cold } : {}) });
  }

  private async catchUp(): Promise<void> {
    let from = Math.min(...this.live.map((l) => l.position), Number.MAX_SAFE_INTEGER);
    if (from === Number.MAX_SAFE_INTEGER) from = 0;
    this.catchUpBegan = { at: performance.now(), position: from };
    const until = this.options.until;
    try {
      for (;;) {
        let n = 0;
        // From the last position read, inclusive, skipped: a record's own position is where
        // EventStoreDB starts at once (from any other it has to look for one).
        const page = await this.readPage({
          fromPosition: from,
          maxCount: from > 0 ? this.pageSize + 1 : this.pageSize,
          ...(until !== undefined ? { toPosition: until } : {}),
        });
        for (const event of page) {
          if (this.stopped) return;
          if (event.position <= from) continue;
          this.options.observe?.(event);
          this.apply(event);
          from = event.position;
          n += 1;
        }
        if (this.stopped) return;
        this.options.onPage?.(from);
        const spacing = until === undefined ? 0 : this.folded * (this.options.saveSpacing ?? 0);
        if (this.sinceSave >= Math.max(this.saveEvery, spacing))
          this.saveOrDefer({ partitionedOnly: true });
        if (n < this.pageSize) break;
        await turn();
        if (this.stopped) return;
      }
      this.saveOrDefer();
    } catch (err) {
      this.stopped = true;
      throw err;
    }
    this.caughtUpOnce = true;
    if (until !== undefined) return;
    this.subscription = this.store.subscribeToAll({ fromPosition: from }).subscribe({
      next: (event) => {
        this.apply(event);
        if (this.sinceSave >= this.saveEvery) this.saveOrDefer();
        else this.scheduleSave();
      },
      error: (err: unknown) => this.fail(err),
    });
  }

  /** A page of the catch-up: the option's, the store's own, or what readAll gives collected. */
  private readPage(
    options: ReadAllOptions,
  ): readonly RecordedEvent[] | Promise<readonly RecordedEvent[]> {
    if (this.options.read) return this.options.read(options);
    if (this.store.readAllPage) return this.store.readAllPage(options);
    return collected(this.store.readAll(options));
  }

  private fail(err: unknown): void {
    for (const w of this.caughtUpWaiters.splice(0)) w.reject(err);
    this.options.onError?.(err);
  }

  private apply(event: RecordedEvent): void {
    const rulebook = this.options.rulebookFor?.(event);
    const folds = this.options.folds;
    for (const l of this.live) {
      if (event.position <= l.position) continue;
      const reads = l.projection.reads;
      if ((reads && !reads.has(event.type)) || (folds && !folds(l.projection, event))) {
        l.position = event.position;
        l.dirty = true;
        continue;
      }
      if (l.parts) {
        const t = l.parts;
        const keys = t.partitions.keysOf(event, l.state);
        l.cold?.named(l.state, keys);
        for (const key of keys) {
          t.dirty.set(key, event.position);
          if (this.countsChanges) t.changes.set(key, (t.changes.get(key) ?? 0) + 1);
          if (this.options.numberByPosition && !t.born.has(key) && !t.saved.has(key))
            t.born.set(key, event.position);
        }
      }
      l.state = l.projection.apply(l.state, event, rulebook);
      l.position = event.position;
      l.dirty = true;
    }
    this.sinceSave += 1;
    this.folded += 1;
    if (this.caughtUpWaiters.length === 0) return;
    this.caughtUpWaiters = this.caughtUpWaiters.filter((w) => {
      if (event.position < w.position) return true;
      w.resolve();
      return false;
    });
  }

  private scheduleSave(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      try {
        this.saveOrDefer();
      } catch (err) {
        this.options.onError?.(err);
      }
    }, this.quietMs);
    this.saveTimer.unref();
  }

  /**
   * A save the store cannot take now does not stop the runner: the states stay in memory and
   * are served, what was not saved is written by a later save, and a crash meanwhile replays
   * from the last checkpoint. A file locked by another process (the CLI appending): tried
   * again shortly, without waiting on the lock. A full disk or an I/O error: reported, and
   * tried again with the next events.
   */
  private saveOrDefer(options: { partitionedOnly?: boolean } = {}): void {
    try {
      this.save(options);
    } catch (err) {
      if (isStoreBusy(err)) return this.scheduleSave();
      if (!isStoreFault(err)) throw err;
      this.options.onError?.(err);
    }
  }

  /**
   * Writes every changed projection (its changed partitions) with its checkpoint, in one
   * transaction when the store can. What a save wrote is marked saved only once it committed: a
   * failed save leaves everything to be written again by the next.
   */
  save(options: { partitionedOnly?: boolean } = {}): void {
    clearTimeout(this.saveTimer);
    this.sinceSave = 0;
    // Nothing loaded yet (stopped while workers rebuild, and hold the file's write lock in
    // turn): nothing to write, so no transaction to wait for.
    if (this.live.length === 0) return;
    const committed: Array<() => void> = [];
    const write = () => {
      for (const l of this.live) {
        if (l.parts) {
          const done = this.saveParts(l, l.parts);
          if (done) committed.push(done);
        } else if (l.dirty && !options.partitionedOnly) {
          const position = l.position;
          this.states.save(l.projection.name, {
            version: l.projection.version,
            position,
            state: l.state,
          });
          committed.push(() => {
            l.dirty = l.position !== position;
            l.savedPosition = position;
          });
        }
      }
    };
    if (this.states.transaction) this.states.transaction(write);
    else write();
    for (const done of committed) done();
    for (const l of this.live) if (l.cold) l.cold.saved(l.state, l.parts!, l.savedPosition);
  }

  private saveParts(l: Live, t: PartTrack): (() => void) | undefined {
    if (!t.replace && t.dirty.size === 0 && l.position === l.savedPosition) return undefined;
    l.cold?.noted(t.dirty);
    const save = partitionSave(t, l.state, l.position, this.options.numberByPosition ?? false);
    this.states.savePartitions(l.projection.name, { version: l.projection.version, ...save });
    return () => {
      save.committed();
      l.savedPosition = save.position;
    };
  }

  /**
   * Resolves once the catch-up from start() is over (and saved) and every projection has seen
   * the store's head as of now.
   */
  async caughtUp(): Promise<void> {
    if (!this.ready) throw new Error('the projection runner is not started');
    await this.ready;
    if (!this.caughtUpOnce) throw new Error('the projection runner stopped before it caught up');
    const head = await this.store.headPosition();
    if (this.live.every((l) => l.position >= head)) return;
    await new Promise<void>((resolve, reject) =>
      this.caughtUpWaiters.push({ position: head, resolve, reject }),
    );
  }

  /** Resolves once the catch-up from start() has ended: with `until`, the runner's whole work. */
  async ended(): Promise<void> {
    if (!this.ready) throw new Error('the projection runner is not started');
    await this.ready;
  }

  /** Whether the catch-up from the start has ended, and how far the projections have read. */
  status(): RunnerStatus {
    const position = this.live.length ? Math.min(...this.live.map((l) => l.position)) : 0;
    if (this.rebuilding) return { caughtUp: false, position, rebuild: this.rebuilding };
    if (this.loading)
      return {
        caughtUp: false,
        position,
        loading: true,
        loaded: this.live.map((l) => l.projection.name),
      };
    const began = this.catchUpBegan;
    const seconds = began ? (performance.now() - began.at) / 1000 : 0;
    if (this.caughtUpOnce || !began || position <= began.position || seconds <= 0)
      return { caughtUp: this.caughtUpOnce, position, ...this.leftSaved() };
    return {
      caughtUp: false,
      position,
      rate: Math.round((position - began.position) / seconds),
    };
  }

  /** The partitions each projection has left in its save (a service's start), when any. */
  private leftSaved(): { leftSaved?: Record<string, number> } {
    const left = this.live.filter((l) => l.cold?.left);
    if (left.length === 0) return {};
    return { leftSaved: Object.fromEntries(left.map((l) => [l.projection.name, l.cold!.left])) };
  }

  /**
   * How many events have named a partition of a projection since this process started: a value
   * derived from the partition and kept (the gate's seats of a competition) is current while
   * this count is the one it was derived at. Not counted (0) by a runner that stops at `until`.
   */
  changesOf(name: string, key: string): number {
    return this.live.find((x) => x.projection.name === name)?.parts?.changes.get(key) ?? 0;
  }

  /**
   * The projection's state with these partitions (or those `keys` picks) in memory, those left
   * in their save put back first: a reader of a long ledger's service asks for what it reads.
   */
  bringBack<S>(
    name: string,
    keys: readonly string[] | ((key: string) => boolean),
  ): { state: S; position: number } | undefined {
    const l = this.live.find((x) => x.projection.name === name);
    l?.cold?.bringBack(l.state, keys);
    return l && { state: l.state as S, position: l.position };
  }

  state<S>(name: string): { state: S; position: number } | undefined {
    const l = this.live.find((x) => x.projection.name === name);
    return l && { state: l.state as S, position: l.position };
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    this.save();
  }
}
