/**
 * The EventStoreDB adapter of the store port.
 *
 * THE ONLY FILE THAT IMPORTS THE CLIENT. Every use of `@eventstore/db-client` (6.2.1, frozen
 * since 2024) is in this file; the envelope mapping (envelope-mapping.ts) and the error
 * (store-unavailable-error.ts) know no client. Moving to its successor
 * `@kurrent/kurrentdb-client` is a change of this one file: the import below becomes
 * `KurrentDBClient` & co. from '@kurrent/kurrentdb-client', whose API has the same shape.
 *
 * Kept thin: validation is normaliseBatch's (so every adapter refuses the same input),
 * concurrency is the server's (expected revisions), and the rest is mapping. What the server
 * does not give us the way our contract wants it, we do here, explicitly:
 * - Idempotency by event id: EventStoreDB's own only holds when the expected revision is not
 *   `any`, and has edge cases (a partial match, a retry after other appends). Before each
 *   append we read the target stream's ids and apply resolveIdempotentAppend. Our streams are
 *   small (a club, a season, a pair), so one stream read per append is cheap. Ids are only
 *   compared within the target stream: an id reused in ANOTHER stream is not detected here.
 * - Positions are EventStoreDB commit positions (byte offsets in its log) as JS numbers: they
 *   fit in 2^53 (9 PB of log), they increase with commit order, they are NOT dense. Events
 *   written through gRPC have commit = prepare, so a position n is sent back as
 *   { commit: n, prepare: n }.
 * - The server refuses to read or subscribe to $all from a position that is not a record's.
 *   Our port accepts any number (e.g. `headPosition() + 1`), so `locate` finds where to start.
 * - System events ($-types, $-streams) never reach our callers.
 */
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  StreamNotFoundError as EsdbStreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import { Observable } from 'rxjs';
import type { EventToAppend, RecordedEvent } from '../../kernel/envelope';
import {
  contentHash,
  normaliseBatch,
  normaliseRecordedAt,
  resolveIdempotentAppend,
  validateStreamId,
  type NormalisedEvent,
  type StoredIdentity,
} from '../append-rules';
import {
  InvalidEventError,
  ReadOnlyLedgerError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '../errors';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  StoreStatus,
  SubscribeOptions,
} from '../event-store';
import type { Upcast } from '../upcast';
import { fromEsdbRecord, isSystemEvent, toEsdbEvent } from './envelope-mapping';
import { StoreUnavailableError } from '../store-unavailable-error';

export interface EsdbStoreOptions {
  upcast?: Upcast;
  /** Refuse appends (ReadOnlyLedgerError) before any call to the server. */
  readOnly?: boolean;
}

type ClientRecord = NonNullable<ResolvedEvent['event']>;

const UNBOUNDED = Number.MAX_SAFE_INTEGER;
const GRPC_UNAVAILABLE = 14;

/** A 64-bit position or revision as a JS number, refusing one that would lose precision. */
function toNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < 0n) {
    throw new Error(
      `EventStoreDB ${what} ${value} is not a safe JS number (no position was reported, or the server is older than 22.6)`,
    );
  }
  return Number(value);
}

const esdbPosition = (position: number): Position => ({
  commit: BigInt(position),
  prepare: BigInt(position),
});

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  return typeof expected === 'number' ? BigInt(expected) : expected;
}

/**
 * Reads a client read to its end, or stops it early. Stopping early must cancel the call AND
 * let the client's Node stream run out: a gRPC stream left paused with unread messages never
 * "finishes", and the client's dispose() waits for every stream to finish.
 */
async function* drain<E>(read: StreamingRead<E>): AsyncGenerator<E> {
  let finished = false;
  try {
    for await (const item of read.iterator({ destroyOnReturn: false }) as AsyncIterable<E>) {
      yield item;
    }
    finished = true;
  } finally {
    if (!finished) {
      await read.cancel().catch(() => undefined);
      read.resume();
    }
  }
}

const DISPOSE_WAIT_MS = 2000;

export class EsdbEventStore implements EventStore {
  readonly url: string;
  private readonly client: EventStoreDBClient;
  private readonly upcast: Upcast;
  /** Open subscriptions: close() completes them. */
  private readonly closers = new Set<() => void>();
  private connected = false;
  private readonly readOnly: boolean;
  /** Whether the last append failed because the server was unreachable; and that failure. */
  private unavailable = false;
  private lastError: StoreStatus['lastError'] = null;

  /** `connectionString`: e.g. `esdb://localhost:2113?tls=false`. Connects lazily. */
  constructor(connectionString: string, options: EsdbStoreOptions = {}) {
    this.url = connectionString.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
    this.client = EventStoreDBClient.connectionString(connectionString);
    this.upcast = options.upcast ?? ((e) => e);
    this.readOnly = options.readOnly ?? false;
  }

  status(): StoreStatus {
    return {
      writable: !this.readOnly && !this.unavailable,
      readOnly: this.readOnly,
      lastError: this.lastError,
    };
  }

  async appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (this.readOnly) throw new ReadOnlyLedgerError(this.url);
    const expected = options.expectedRevision ?? 'any';
    const batch = normaliseBatch(streamId, events, expected);
    const recordedAt = normaliseRecordedAt(options.recordedAt, batch.length);
    const importedAt = new Date().toISOString();
    try {
      const again = resolveIdempotentAppend(
        streamId,
        batch,
        await this.storedIdentities(streamId, batch),
        expected,
      );
      if (again) return again;
      const result = await this.esdb.appendToStream(
        streamId,
        batch.map((e, i) => {
          const kept = recordedAt?.[i];
          return jsonEvent(
            toEsdbEvent(e, kept === undefined ? undefined : { recordedAt: kept, importedAt }),
          );
        }),
        { expectedRevision: toEsdbExpected(expected) },
      );
      if (!result.position) throw new Error('EventStoreDB reported no position for the append');
      this.unavailable = false;
      return {
        nextExpectedRevision: toNumber(result.nextExpectedRevision, 'revision'),
        position: toNumber(result.position.commit, 'position'),
      };
    } catch (err) {
      if (err instanceof EsdbWrongExpectedVersionError) {
        const actual = err.actualVersion;
        throw new WrongExpectedVersionError(
          streamId,
          expected,
          actual === 'no_stream' ? 'no_stream' : toNumber(actual, 'revision'),
        );
      }
      throw this.mapError(err, streamId);
    }
  }

  async *readStream(
    streamId: string,
    options: ReadStreamOptions = {},
  ): AsyncGenerator<RecordedEvent> {
    const issues = validateStreamId(streamId);
    if (issues.length) throw new InvalidEventError(issues);
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision;
    const read = this.esdb.readStream(streamId, {
      direction: backwards ? BACKWARDS : FORWARDS,
      fromRevision: from === undefined ? (backwards ? END : START) : BigInt(from),
      maxCount: options.maxCount ?? UNBOUNDED,
    });
    try {
      for await (const resolved of drain(read)) {
        if (resolved.event) yield this.toEvent(resolved.event);
      }
    } catch (err) {
      throw this.mapError(err, streamId);
    }
  }

  async *readAll(options: ReadAllOptions = {}): AsyncGenerator<RecordedEvent> {
    const from = options.fromPosition ?? 0;
    const to = options.toPosition ?? Number.MAX_SAFE_INTEGER;
    let left = options.maxCount ?? Infinity;
    if (left <= 0 || to < from) return;
    try {
      const start = await this.locate(from);
      const read = this.esdb.readAll({
        fromPosition: start,
        direction: FORWARDS,
        maxCount: UNBOUNDED,
      });
      for await (const resolved of drain(read)) {
        const record = resolved.event;
        if (!record || isSystemEvent(record)) continue;
        const event = this.toEvent(record);
        if (event.position < from) continue;
        if (event.position > to) return;
        yield event;
        if (--left <= 0) return;
      }
    } catch (err) {
      throw this.mapError(err);
    }
  }

  subscribeToAll(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    const after = options.fromPosition ?? 0;
    return new Observable<RecordedEvent>((subscriber) => {
      let stop: (() => void) | undefined;
      let stopped = false;
      const teardown = () => {
        stopped = true;
        this.closers.delete(closeWithStore);
        stop?.();
      };
      const closeWithStore = () => {
        if (!stopped) subscriber.complete();
        teardown();
      };
      this.closers.add(closeWithStore);
      const fail = (err: unknown) => {
        if (!stopped) subscriber.error(this.mapError(err));
        teardown();
      };
      this.locate(after)
        .then((fromPosition) => {
          if (stopped) return;
          const subscription = this.esdb.subscribeToAll({
            fromPosition,
            filter: excludeSystemEvents(),
          });
          stop = () => void subscription.unsubscribe().catch(() => undefined);
          subscription.on('data', (resolved: AllStreamResolvedEvent) => {
            const record = resolved.event;
            if (stopped || !record || isSystemEvent(record)) return;
            try {
              const event = this.toEvent(record);
              if (event.position > after) subscriber.next(event);
            } catch (err) {
              fail(err);
            }
          });
          subscription.on('error', fail);
          subscription.on('end', () => {
            if (!stopped) subscriber.complete();
          });
        })
        .catch(fail);
      return teardown;
    });
  }

  async headPosition(): Promise<number> {
    try {
      const read = this.esdb.readAll({
        fromPosition: END,
        direction: BACKWARDS,
        maxCount: UNBOUNDED,
      });
      for await (const resolved of drain(read)) {
        const record = resolved.event;
        if (record && !isSystemEvent(record)) return this.positionOf(record);
      }
      return 0;
    } catch (err) {
      throw this.mapError(err);
    }
  }

  async close(): Promise<void> {
    for (const closeSubscription of [...this.closers]) closeSubscription();
    // dispose() cancels the client's open calls and waits for them; do not wait forever.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.client.dispose(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, DISPOSE_WAIT_MS);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
    // The client has no public close for its channel; without this the socket lingers until
    // garbage collection. (Only for single-node URLs: for esdb+discover:// getChannel() could
    // start a discovery to build a channel just to close it.)
    if (this.connected && !this.url.startsWith('esdb+discover:')) {
      const channel = await (this.client as unknown as ChannelOwner).getChannel?.();
      channel?.close();
    }
  }

  /** The client, for a call: from then on close() has a channel to close. */
  private get esdb(): EventStoreDBClient {
    this.connected = true;
    return this.client;
  }

  /** Ids of the batch already stored in the target stream (see the header). */
  private async storedIdentities(
    streamId: string,
    batch: readonly NormalisedEvent[],
  ): Promise<Array<StoredIdentity | undefined>> {
    const stored = new Map<string, StoredIdentity>();
    const wanted = new Set(batch.map((e) => e.id));
    try {
      const read = this.esdb.readStream(streamId, { fromRevision: START, maxCount: UNBOUNDED });
      for await (const resolved of drain(read)) {
        const record = resolved.event;
        if (!record) continue;
        const id = record.id.toLowerCase();
        if (!wanted.has(id)) continue;
        // As the adapter reads it back (not upcast): the content compared with the batch's.
        const read = this.asStored(record);
        stored.set(id, {
          id,
          streamId,
          revision: read.revision,
          position: read.position,
          contentHash: contentHash(read),
        });
      }
    } catch (err) {
      if (!(err instanceof EsdbStreamNotFoundError)) throw err;
    }
    return batch.map((e) => stored.get(e.id));
  }

  /**
   * Where to start an ESDB read for "from position p" (inclusive, readAll) or "after p"
   * (subscriptions). The server only accepts positions of records: if p is one, p itself;
   * otherwise the last record before p (found walking back from the end), or the start.
   * Callers then drop events before (or at) p.
   */
  private async locate(p: number): Promise<ReadPosition> {
    if (p <= 0) return START;
    const exact = esdbPosition(p);
    try {
      const probe = this.esdb.readAll({ fromPosition: exact, direction: FORWARDS, maxCount: 1 });
      for await (const resolved of drain(probe)) {
        if (resolved.event?.position.commit === exact.commit) return exact;
      }
    } catch (err) {
      if (this.isUnavailable(err)) throw err;
      // Not the position of a record: the server refuses it. Look for one below.
    }
    const back = this.esdb.readAll({
      fromPosition: END,
      direction: BACKWARDS,
      maxCount: UNBOUNDED,
    });
    for await (const resolved of drain(back)) {
      const position = resolved.event?.position;
      if (position && position.commit < exact.commit) return position;
    }
    return START;
  }

  private positionOf(record: ClientRecord): number {
    if (!record.position) {
      throw new Error(
        'EventStoreDB reported no $all position on a stream read (the server is older than 22.6)',
      );
    }
    return toNumber(record.position.commit, 'position');
  }

  private toEvent(record: ClientRecord): RecordedEvent {
    return this.upcast(this.asStored(record));
  }

  /** The envelope as written, before any upcast. */
  private asStored(record: ClientRecord): RecordedEvent {
    return fromEsdbRecord({
      id: record.id,
      type: record.type,
      streamId: record.streamId,
      revision: toNumber(record.revision, 'revision'),
      position: this.positionOf(record),
      created: record.created,
      data: record.data,
      metadata: record.metadata,
    });
  }

  private isUnavailable(err: unknown): boolean {
    return (
      err instanceof UnavailableError ||
      (typeof err === 'object' &&
        err !== null &&
        (err as { code?: unknown }).code === GRPC_UNAVAILABLE)
    );
  }

  /** The client's errors → ours. With no server, the client rejects with a plain gRPC error. */
  private mapError(err: unknown, streamId?: string): unknown {
    if (err instanceof StoreUnavailableError) return err;
    if (this.isUnavailable(err)) {
      const mapped = new StoreUnavailableError(this.url, err);
      this.unavailable = true;
      this.lastError = { code: mapped.code, message: mapped.message, at: new Date().toISOString() };
      return mapped;
    }
    if (err instanceof EsdbStreamNotFoundError && streamId !== undefined) {
      return new StreamNotFoundError(streamId);
    }
    return err;
  }
}

interface ChannelOwner {
  getChannel?: () => Promise<{ close(): void } | undefined>;
}
