import type { Subscription } from 'rxjs';
import type { RecordedEvent } from '../events/envelope';
import type { Projection } from '../projections/projection';
import type { EventStore } from '../store/event-store';
import type { ProjectionStateStore } from './projection-state-store';

interface Live {
  projection: Projection<unknown>;
  state: unknown;
  position: number;
  dirty: boolean;
}

export interface RunnerOptions {
  /** Save after this many events (default 50,000), and whenever the subscription goes quiet. */
  saveEvery?: number;
  rulebookFor?: (event: RecordedEvent) => unknown;
  onError?: (error: unknown) => void;
}

/**
 * Keeps projections live from the store: one catch-up subscription from the lowest
 * checkpoint; each projection applies only events past its own checkpoint, so a crash
 * between saves replays, never skips. A projection whose version changed starts from zero.
 */
export class ProjectionRunner {
  private readonly live: Live[];
  private subscription?: Subscription;
  private sinceSave = 0;
  private saveTimer?: NodeJS.Timeout;
  private readonly saveEvery: number;
  private caughtUpWaiters: Array<{ position: number; resolve: () => void }> = [];

  constructor(
    private readonly store: EventStore,
    private readonly states: ProjectionStateStore,
    projections: ReadonlyArray<Projection<unknown>>,
    private readonly options: RunnerOptions = {},
  ) {
    // A snapshot is the whole state as JSON: during a long catch-up, save rarely (a crash only
    // costs replay); once live, the quiet-time save below keeps checkpoints fresh.
    this.saveEvery = options.saveEvery ?? 50_000;
    this.live = projections.map((projection) => {
      const saved = states.load(projection.name);
      const current = saved && saved.version === projection.version;
      return {
        projection,
        state: current ? saved.state : projection.initial(),
        position: current ? saved.position : 0,
        dirty: !current,
      };
    });
  }

  start(): void {
    if (this.subscription) return;
    const from = Math.min(...this.live.map((l) => l.position), Number.MAX_SAFE_INTEGER);
    this.subscription = this.store
      .subscribeToAll({ fromPosition: from === Number.MAX_SAFE_INTEGER ? 0 : from })
      .subscribe({
        next: (event) => this.apply(event),
        error: (err: unknown) => this.options.onError?.(err),
      });
  }

  private apply(event: RecordedEvent): void {
    const rulebook = this.options.rulebookFor?.(event);
    for (const l of this.live) {
      if (event.position <= l.position) continue;
      l.state = l.projection.apply(l.state, event, rulebook);
      l.position = event.position;
      l.dirty = true;
    }
    if (++this.sinceSave >= this.saveEvery) this.save();
    else this.scheduleSave();
    this.caughtUpWaiters = this.caughtUpWaiters.filter((w) => {
      if (event.position < w.position) return true;
      w.resolve();
      return false;
    });
  }

  private scheduleSave(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(), 50);
    this.saveTimer.unref();
  }

  /** Writes every changed projection's state with its checkpoint. */
  save(): void {
    clearTimeout(this.saveTimer);
    this.sinceSave = 0;
    for (const l of this.live) {
      if (!l.dirty) continue;
      this.states.save(l.projection.name, {
        version: l.projection.version,
        position: l.position,
        state: l.state,
      });
      l.dirty = false;
    }
  }

  /** Resolves once every projection has seen the store's head as of now. */
  async caughtUp(): Promise<void> {
    const head = await this.store.headPosition();
    if (this.live.every((l) => l.position >= head)) return;
    await new Promise<void>((resolve) => this.caughtUpWaiters.push({ position: head, resolve }));
  }

  state<S>(name: string): { state: S; position: number } | undefined {
    const l = this.live.find((x) => x.projection.name === name);
    return l && { state: l.state as S, position: l.position };
  }

  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    this.save();
  }
}
