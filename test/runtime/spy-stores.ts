import { map, type Observable } from 'rxjs';
import type { EventToAppend, RecordedEvent } from '../../src/kernel/envelope';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ReadAllOptions,
  ReadStreamOptions,
  StoredIdentity,
  StreamBatch,
  SubscribeOptions,
} from '../../src/store/event-store';

/** A store that counts what is read through it: events from $all, from streams, and which streams. */
export class SpyStore implements EventStore {
  read = { all: 0, stream: 0 };
  streams = new Set<string>();
  constructor(private readonly inner: EventStore) {}
  get url() {
    return `spy:${this.inner.url}`;
  }
  reset(): void {
    this.read = { all: 0, stream: 0 };
    this.streams.clear();
  }
  appendToStream(s: string, e: readonly EventToAppend[], o?: AppendOptions) {
    return this.inner.appendToStream(s, e, o);
  }
  async *readStream(streamId: string, options?: ReadStreamOptions) {
    this.streams.add(streamId);
    for await (const e of this.inner.readStream(streamId, options)) {
      this.read.stream++;
      yield e;
    }
  }
  async *readAll(options?: ReadAllOptions) {
    for await (const e of this.inner.readAll(options)) {
      this.read.all++;
      yield e;
    }
  }
  subscribeToAll(options?: SubscribeOptions) {
    return this.inner.subscribeToAll(options);
  }
  headPosition() {
    return this.inner.headPosition();
  }
  close() {
    return this.inner.close();
  }
}

/** A store whose positions have gaps, as EventStoreDB's commit positions do: each × `k`. */
export class GappedStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly k: number,
  ) {}
  get url() {
    return `gapped:${this.inner.url}`;
  }
  private out = (e: RecordedEvent): RecordedEvent => ({ ...e, position: e.position * this.k });
  async appendToStream(
    s: string,
    e: readonly EventToAppend[],
    o?: AppendOptions,
  ): Promise<AppendResult> {
    const r = await this.inner.appendToStream(s, e, o);
    return { ...r, position: r.position * this.k };
  }
  async *readStream(streamId: string, options?: ReadStreamOptions) {
    for await (const e of this.inner.readStream(streamId, options)) yield this.out(e);
  }
  async *readAll(options: ReadAllOptions = {}) {
    const fromPosition = Math.ceil((options.fromPosition ?? 1) / this.k);
    const toPosition =
      options.toPosition === undefined ? undefined : Math.floor(options.toPosition / this.k);
    const inner = { ...options, fromPosition, toPosition };
    for await (const e of this.inner.readAll(inner)) yield this.out(e);
  }
  subscribeToAll(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    const fromPosition = Math.floor((options.fromPosition ?? 0) / this.k);
    return this.inner.subscribeToAll({ fromPosition }).pipe(map(this.out));
  }
  async headPosition() {
    return (await this.inner.headPosition()) * this.k;
  }
  close() {
    return this.inner.close();
  }
}

/**
 * A store whose writes fail after the first `okBatches` batches, with `fault()` (a busy lock, a
 * full disk, an I/O error). With `transactions` it offers `appendMany` (and `findByIds`) as
 * SQLite does: a call with more than `okBatches` batches fails whole, writing none of them, as
 * the adapters' one transaction does (the contract suite proves it rolls back). Without, it is
 * shaped like EventStoreDB: one batch a call, the earlier ones stay written.
 */
export class FailingStore implements EventStore {
  /** Batches written through this store. */
  written = 0;
  readonly appendMany?: (batches: readonly StreamBatch[]) => Promise<AppendResult[]>;
  readonly findByIds?: (ids: readonly string[]) => Promise<Map<string, StoredIdentity>>;

  constructor(
    private readonly inner: EventStore,
    private readonly options: { okBatches: number; fault: () => Error; transactions: boolean },
  ) {
    if (options.transactions) {
      this.appendMany = async (batches) => {
        if (this.written + batches.length > this.options.okBatches) throw this.options.fault();
        const results = await this.inner.appendMany!(batches);
        this.written += batches.length;
        return results;
      };
      this.findByIds = (ids) => this.inner.findByIds!(ids);
    }
  }
  get url() {
    return `failing:${this.inner.url}`;
  }
  async appendToStream(s: string, e: readonly EventToAppend[], o?: AppendOptions) {
    if (this.written >= this.options.okBatches) throw this.options.fault();
    const result = await this.inner.appendToStream(s, e, o);
    this.written += 1;
    return result;
  }
  readStream(streamId: string, options?: ReadStreamOptions) {
    return this.inner.readStream(streamId, options);
  }
  readAll(options?: ReadAllOptions) {
    return this.inner.readAll(options);
  }
  subscribeToAll(options?: SubscribeOptions) {
    return this.inner.subscribeToAll(options);
  }
  headPosition() {
    return this.inner.headPosition();
  }
  close() {
    return this.inner.close();
  }
}
