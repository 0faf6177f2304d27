/**
 * A PROTOCOL FAKE of EventStoreDB's gRPC streams service, in process, for tests.
 *
 * It registers the service definitions that ship inside `@eventstore/db-client`
 * (generated/streams_grpc_pb.js, service `event_store.client.streams.Streams`) on a
 * `@grpc/grpc-js` server and keeps events in memory. The real client talks to it exactly as it
 * talks to a server, so it proves OUR USE OF THE CLIENT (requests we build, responses we map,
 * errors we translate). It does NOT prove EventStoreDB's behaviour: where this file guesses how
 * the server behaves, only the real-server contract (ESDB_URL, test/store/esdb-real.test.ts)
 * can confirm it. See docs/esdb.md for what is covered and what is not.
 *
 * Implemented:
 * - Streams/Append: expected revision any | no_stream | stream_exists | revision; answers
 *   success (current revision and position) or wrong_expected_version (current revision or
 *   no stream, and the expectation it got).
 * - Streams/Read on a stream: forwards or backwards, from start, end or a revision, with a
 *   count; stream_not_found for a stream with no events.
 * - Streams/Read on $all: forwards or backwards from start, end or a position, with a count and
 *   an optional filter (event type or stream name, regex or prefixes).
 * - Streams/Read as a catch-up subscription to $all: confirmation, the events after the
 *   position, checkpoints (filtered subscriptions), caught_up, then live events.
 * Not implemented (the client gets UNIMPLEMENTED): ServerFeatures (so the client falls back
 * from BatchAppend to Append), BatchAppend, Delete, Tombstone, subscriptions to one stream,
 * gossip, persistent subscriptions, projections, users, operations, ACLs, link resolution,
 * structured UUIDs, and the server's own id-based idempotency.
 *
 * Like the real server (since the fix for KurrentDB#3963/#3991), reading or subscribing to
 * $all from a position that is not the position of a record is refused. Positions are byte
 * offsets in an imaginary log: increasing, never dense, with commit = prepare.
 */
import {
  Server,
  ServerCredentials,
  status,
  type ServerWritableStream,
  type ServerReadableStream,
  type sendUnaryData,
} from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { Any } from 'google-protobuf/google/protobuf/any_pb';
import { Empty as ProtoEmpty } from 'google-protobuf/google/protobuf/empty_pb';
import { ServerFeaturesService } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import {
  SupportedMethod,
  SupportedMethods,
} from '@eventstore/db-client/generated/serverfeatures_pb';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import {
  AppendReq,
  AppendResp,
  BatchAppendReq,
  BatchAppendResp,
  ReadReq,
  ReadResp,
} from '@eventstore/db-client/generated/streams_pb';
import {
  AllStreamPosition,
  Empty,
  StreamIdentifier,
  UUID,
  WrongExpectedVersion,
} from '@eventstore/db-client/generated/shared_pb';
import { Status } from '@eventstore/db-client/generated/status_pb';
import { Code } from '@eventstore/db-client/generated/code_pb';
import type { ServerDuplexStream } from '@grpc/grpc-js';

export interface FakeEvent {
  stream: string;
  revision: number;
  position: number;
  id: string;
  type: string;
  contentType: string;
  /** .NET ticks (100 ns) since the Unix epoch, as the server sends `created`. */
  created: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
}

export interface EsdbProtocolFake {
  /** `esdb://127.0.0.1:<port>?tls=false` */
  readonly url: string;
  readonly port: number;
  /** Everything stored, in $all order (system events included). */
  readonly events: readonly FakeEvent[];
  /** Makes the next `count` calls of a method fail with the given gRPC status. */
  failNext(method: 'append' | 'read', code: status, count?: number): void;
  close(): Promise<void>;
}

export interface EsdbProtocolFakeOptions {
  host?: string;
  /**
   * true (default): answer ServerFeatures with BatchAppend, so the client appends through
   * Streams/BatchAppend as it does with a current server. false: ServerFeatures is
   * UNIMPLEMENTED and the client falls back to Streams/Append, as with an old server.
   */
  batchAppend?: boolean;
  /** Clock for `created`; defaults to the wall clock. */
  clock?: () => Date;
}

const FIRST_POSITION = 128;
const RECORD_OVERHEAD = 96;
const DEFAULT_FILTER_WINDOW = 32;
const utf8 = (bytes: Uint8Array | string): string =>
  typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('utf8');

type Predicate = (e: FakeEvent) => boolean;
type Live = (events: readonly FakeEvent[]) => void;

class FakeLog {
  readonly all: FakeEvent[] = [];
  readonly streams = new Map<string, FakeEvent[]>();
  readonly positions = new Set<number>();
  readonly live = new Set<Live>();
  private next = FIRST_POSITION;

  constructor(private readonly clock: () => Date) {
    // A fresh server has written system events before any user's: readers must skip them.
    this.write('$settings', [
      {
        id: randomUUID(),
        type: '$settings',
        contentType: 'application/json',
        data: Buffer.from('{}'),
        customMetadata: new Uint8Array(),
      },
    ]);
  }

  head(stream: string): number {
    return (this.streams.get(stream)?.length ?? 0) - 1;
  }

  write(
    stream: string,
    proposed: ReadonlyArray<Omit<FakeEvent, 'stream' | 'revision' | 'position' | 'created'>>,
  ): FakeEvent[] {
    const events = this.streams.get(stream) ?? [];
    const created = (BigInt(this.clock().getTime()) * 10_000n).toString();
    const written = proposed.map((p) => {
      const e: FakeEvent = {
        ...p,
        stream,
        revision: events.length,
        position: this.next,
        created,
      };
      this.next +=
        RECORD_OVERHEAD + stream.length + p.type.length + p.data.length + p.customMetadata.length;
      events.push(e);
      this.all.push(e);
      this.positions.add(e.position);
      return e;
    });
    this.streams.set(stream, events);
    for (const listener of [...this.live]) listener(written);
    return written;
  }

  /** A position a read may start from: a record's, 0 (the start) or one at or past the end. */
  isReadable(position: number): boolean {
    return position === 0 || position >= this.next || this.positions.has(position);
  }
}

type Expected =
  { kind: 'any' | 'no_stream' | 'stream_exists' } | { kind: 'revision'; revision: bigint };
type Proposed = Omit<FakeEvent, 'stream' | 'revision' | 'position' | 'created'>;
type Outcome = { ok: true; written: FakeEvent[]; current: number } | { ok: false; current: number };

/** The server's side of an append, whichever RPC carried it. */
function decideAppend(
  log: FakeLog,
  stream: string,
  expected: Expected,
  proposed: Proposed[],
): Outcome {
  const current = log.head(stream);
  const ok =
    expected.kind === 'any' ||
    (expected.kind === 'no_stream' && current < 0) ||
    (expected.kind === 'stream_exists' && current >= 0) ||
    (expected.kind === 'revision' && expected.revision === BigInt(current));
  if (!ok) return { ok: false, current };
  const written = log.write(stream, proposed);
  return { ok: true, written, current: log.head(stream) };
}

function proposedOf(p: AppendReq.ProposedMessage | BatchAppendReq.ProposedMessage): Proposed {
  const metadata = p.getMetadataMap();
  return {
    id: p.getId()?.getString() ?? randomUUID(),
    type: metadata.get('type') ?? '',
    contentType: metadata.get('content-type') ?? 'application/octet-stream',
    data: p.getData_asU8(),
    customMetadata: p.getCustomMetadata_asU8(),
  };
}

function streamIdentifier(name: string): StreamIdentifier {
  const id = new StreamIdentifier();
  id.setStreamName(Uint8Array.from(Buffer.from(name, 'utf8')));
  return id;
}

function toReadResp(e: FakeEvent): ReadResp {
  const record = new ReadResp.ReadEvent.RecordedEvent();
  const id = new UUID();
  id.setString(e.id);
  record.setId(id);
  record.setStreamIdentifier(streamIdentifier(e.stream));
  record.setStreamRevision(String(e.revision));
  record.setCommitPosition(String(e.position));
  record.setPreparePosition(String(e.position));
  const metadata = record.getMetadataMap();
  metadata.set('type', e.type);
  metadata.set('content-type', e.contentType);
  metadata.set('created', e.created);
  record.setCustomMetadata(e.customMetadata);
  record.setData(e.data);
  const read = new ReadResp.ReadEvent();
  read.setEvent(record);
  read.setCommitPosition(String(e.position));
  const resp = new ReadResp();
  resp.setEvent(read);
  return resp;
}

function checkpoint(position: number): ReadResp {
  const cp = new ReadResp.Checkpoint();
  cp.setCommitPosition(String(position));
  cp.setPreparePosition(String(position));
  const resp = new ReadResp();
  resp.setCheckpoint(cp);
  return resp;
}

function filterOf(options: ReadReq.Options): { match: Predicate; interval: number } | undefined {
  if (!options.hasFilter()) return undefined;
  const f = options.getFilter()!;
  const expression = f.hasEventType() ? f.getEventType()! : f.getStreamIdentifier()!;
  const field = f.hasEventType() ? (e: FakeEvent) => e.type : (e: FakeEvent) => e.stream;
  const regex = expression.getRegex();
  const prefixes = expression.getPrefixList();
  const test = regex
    ? (s: string) => new RegExp(regex).test(s)
    : (s: string) => prefixes.some((p) => s.startsWith(p));
  const window = f.hasMax() ? f.getMax() : DEFAULT_FILTER_WINDOW;
  return {
    match: (e) => test(field(e)),
    interval: Math.max(1, window * Math.max(1, f.getCheckpointintervalmultiplier())),
  };
}

function countOf(options: ReadReq.Options): number {
  const count = BigInt(options.getCount() || '0');
  return count > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(count);
}

export function startEsdbProtocolFake(
  options: EsdbProtocolFakeOptions = {},
): Promise<EsdbProtocolFake> {
  const log = new FakeLog(options.clock ?? (() => new Date()));
  const failures: Record<'append' | 'read', Array<status>> = { append: [], read: [] };
  const openCalls = new Set<ServerWritableStream<ReadReq, ReadResp>>();

  const injectedFailure = (method: 'append' | 'read') => {
    const code = failures[method].shift();
    return code === undefined ? undefined : { code, details: `injected ${status[code]}` };
  };

  const append = (
    call: ServerReadableStream<AppendReq, AppendResp>,
    callback: sendUnaryData<AppendResp>,
  ) => {
    const messages: AppendReq[] = [];
    call.on('data', (m: AppendReq) => messages.push(m));
    call.on('error', () => undefined);
    call.on('end', () => {
      const failure = injectedFailure('append');
      if (failure) return callback(failure);
      const header = messages[0]?.getOptions();
      if (!header?.hasStreamIdentifier()) {
        return callback({
          code: status.INVALID_ARGUMENT,
          details: 'first message must be options',
        });
      }
      const stream = utf8(header.getStreamIdentifier()!.getStreamName());
      const expected: Expected = header.hasRevision()
        ? { kind: 'revision', revision: BigInt(header.getRevision()) }
        : header.hasNoStream()
          ? { kind: 'no_stream' }
          : header.hasStreamExists()
            ? { kind: 'stream_exists' }
            : { kind: 'any' };
      const outcome = decideAppend(
        log,
        stream,
        expected,
        messages.slice(1).map((m) => proposedOf(m.getProposedMessage()!)),
      );
      const resp = new AppendResp();
      if (!outcome.ok) {
        const wrong = new AppendResp.WrongExpectedVersion();
        if (outcome.current < 0) wrong.setCurrentNoStream(new Empty());
        else wrong.setCurrentRevision(String(outcome.current));
        if (expected.kind === 'revision') wrong.setExpectedRevision(String(expected.revision));
        else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new Empty());
        else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new Empty());
        else wrong.setExpectedAny(new Empty());
        resp.setWrongExpectedVersion(wrong);
        return callback(null, resp);
      }
      const success = new AppendResp.Success();
      if (outcome.current < 0) success.setNoStream(new Empty());
      else success.setCurrentRevision(String(outcome.current));
      const last = outcome.written[outcome.written.length - 1];
      if (last) {
        const position = new AppendResp.Position();
        position.setCommitPosition(String(last.position));
        position.setPreparePosition(String(last.position));
        success.setPosition(position);
      } else {
        success.setNoPosition(new Empty());
      }
      resp.setSuccess(success);
      callback(null, resp);
    });
  };

  /** Requests of one append share a correlation id; the last has is_final. */
  const batchAppend = (call: ServerDuplexStream<BatchAppendReq, BatchAppendResp>) => {
    const pending = new Map<string, { options?: BatchAppendReq.Options; proposed: Proposed[] }>();
    call.on('error', () => undefined);
    call.on('end', () => call.end());
    call.on('data', (req: BatchAppendReq) => {
      const correlation = req.getCorrelationId()?.getString() ?? '';
      const entry = pending.get(correlation) ?? { proposed: [] };
      if (req.hasOptions()) entry.options = req.getOptions();
      entry.proposed.push(...req.getProposedMessagesList().map(proposedOf));
      pending.set(correlation, entry);
      if (!req.getIsFinal()) return;
      pending.delete(correlation);
      const o = entry.options!;
      const stream = utf8(o.getStreamIdentifier()!.getStreamName());
      const expected: Expected = o.hasStreamPosition()
        ? { kind: 'revision', revision: BigInt(o.getStreamPosition()) }
        : o.hasNoStream()
          ? { kind: 'no_stream' }
          : o.hasStreamExists()
            ? { kind: 'stream_exists' }
            : { kind: 'any' };
      const resp = new BatchAppendResp();
      resp.setCorrelationId(req.getCorrelationId());
      resp.setStreamIdentifier(streamIdentifier(stream));
      const failure = injectedFailure('append');
      if (failure) return call.emit('error', failure);
      const outcome = decideAppend(log, stream, expected, entry.proposed);
      if (!outcome.ok) {
        const wrong = new WrongExpectedVersion();
        if (outcome.current < 0) wrong.setCurrentNoStream(new ProtoEmpty());
        else wrong.setCurrentStreamRevision(String(outcome.current));
        if (expected.kind === 'revision')
          wrong.setExpectedStreamPosition(String(expected.revision));
        else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new ProtoEmpty());
        else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new ProtoEmpty());
        else wrong.setExpectedAny(new ProtoEmpty());
        const details = new Any();
        details.pack(wrong.serializeBinary(), 'event_store.client.WrongExpectedVersion');
        const error = new Status();
        error.setCode(Code.FAILED_PRECONDITION);
        error.setMessage('WrongExpectedVersion');
        error.setDetails(details);
        resp.setError(error);
        return call.write(resp);
      }
      const success = new BatchAppendResp.Success();
      if (outcome.current < 0) success.setNoStream(new ProtoEmpty());
      else success.setCurrentRevision(String(outcome.current));
      const last = outcome.written[outcome.written.length - 1];
      if (last) {
        const position = new AllStreamPosition();
        position.setCommitPosition(String(last.position));
        position.setPreparePosition(String(last.position));
        success.setPosition(position);
      } else {
        success.setNoPosition(new ProtoEmpty());
      }
      resp.setSuccess(success);
      call.write(resp);
    });
  };

  const readStream = (call: ServerWritableStream<ReadReq, ReadResp>, o: ReadReq.Options) => {
    const s = o.getStream()!;
    const name = utf8(s.getStreamIdentifier()!.getStreamName());
    if (o.hasSubscription()) {
      return call.emit('error', {
        code: status.UNIMPLEMENTED,
        details: 'the protocol fake does not implement subscriptions to one stream',
      });
    }
    const events = log.streams.get(name);
    if (!events) {
      const notFound = new ReadResp.StreamNotFound();
      notFound.setStreamIdentifier(streamIdentifier(name));
      const resp = new ReadResp();
      resp.setStreamNotFound(notFound);
      call.write(resp);
      return call.end();
    }
    const backwards = o.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS;
    let slice: FakeEvent[];
    if (s.hasStart()) slice = backwards ? [] : events;
    else if (s.hasEnd()) slice = backwards ? [...events].reverse() : [];
    else {
      const from = Number(BigInt(s.getRevision()));
      slice = backwards
        ? events.slice(0, Math.min(from, events.length - 1) + 1).reverse()
        : events.slice(from);
    }
    for (const e of slice.slice(0, countOf(o))) call.write(toReadResp(e));
    call.end();
  };

  const refusePosition = (call: ServerWritableStream<ReadReq, ReadResp>, position: number) =>
    call.emit('error', {
      code: status.INVALID_ARGUMENT,
      details: `Invalid position ${position}: it is not the position of a record`,
    });

  const readAll = (call: ServerWritableStream<ReadReq, ReadResp>, o: ReadReq.Options) => {
    const a = o.getAll()!;
    const backwards = o.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS;
    const filter = filterOf(o);
    let slice: FakeEvent[];
    if (a.hasStart()) slice = backwards ? [] : log.all;
    else if (a.hasEnd()) slice = backwards ? [...log.all].reverse() : [];
    else {
      const p = Number(BigInt(a.getPosition()!.getCommitPosition()));
      if (!log.isReadable(p)) return refusePosition(call, p);
      slice = backwards
        ? log.all.filter((e) => e.position < p).reverse()
        : log.all.filter((e) => e.position >= p);
    }
    if (filter) slice = slice.filter(filter.match);
    for (const e of slice.slice(0, countOf(o))) call.write(toReadResp(e));
    call.end();
  };

  const subscribeToAll = (call: ServerWritableStream<ReadReq, ReadResp>, o: ReadReq.Options) => {
    const a = o.getAll()!;
    const filter = filterOf(o);
    let after = -1;
    if (a.hasEnd()) after = Infinity;
    else if (a.hasPosition()) {
      after = Number(BigInt(a.getPosition()!.getCommitPosition()));
      if (!log.isReadable(after)) return refusePosition(call, after);
    }
    const confirmation = new ReadResp.SubscriptionConfirmation();
    confirmation.setSubscriptionId(randomUUID());
    const confirm = new ReadResp();
    confirm.setConfirmation(confirmation);
    call.write(confirm);

    let scanned = 0;
    const deliver = (events: readonly FakeEvent[]) => {
      for (const e of events) {
        if (e.position <= after) continue;
        if (!filter || filter.match(e)) call.write(toReadResp(e));
        scanned += 1;
        if (filter && scanned % filter.interval === 0) call.write(checkpoint(e.position));
      }
    };
    // Catch-up and the switch to live happen in one turn of the event loop: nothing is
    // appended in between, so there is no gap and no duplicate.
    deliver(log.all);
    const last = log.all[log.all.length - 1];
    if (filter && last) call.write(checkpoint(last.position));
    const caughtUp = new ReadResp();
    caughtUp.setCaughtUp(new ReadResp.CaughtUp());
    call.write(caughtUp);
    const live: Live = (events) => deliver(events);
    log.live.add(live);
    openCalls.add(call);
    const stop = () => {
      log.live.delete(live);
      openCalls.delete(call);
    };
    call.on('cancelled', stop);
    call.on('close', stop);
    call.on('error', stop);
  };

  const read = (call: ServerWritableStream<ReadReq, ReadResp>) => {
    const failure = injectedFailure('read');
    if (failure) return call.emit('error', failure);
    const o = call.request.getOptions();
    if (!o) return call.emit('error', { code: status.INVALID_ARGUMENT, details: 'no options' });
    if (o.hasStream()) return readStream(call, o);
    if (o.hasSubscription()) return subscribeToAll(call, o);
    return readAll(call, o);
  };

  const server = new Server();
  if (options.batchAppend ?? true) {
    server.addService(StreamsService, { read, append, batchAppend });
    server.addService(ServerFeaturesService, {
      getSupportedMethods: (_call: unknown, callback: sendUnaryData<SupportedMethods>) => {
        const methods = ['read', 'append', 'batchappend'].map((name) => {
          const m = new SupportedMethod();
          m.setServiceName('event_store.client.streams.streams');
          m.setMethodName(name);
          return m;
        });
        const supported = new SupportedMethods();
        supported.setMethodsList(methods);
        supported.setEventStoreServerVersion('protocol-fake');
        callback(null, supported);
      },
    });
  } else {
    server.addService(StreamsService, { read, append });
  }
  const host = options.host ?? '127.0.0.1';

  return new Promise((resolve, reject) => {
    server.bindAsync(`${host}:0`, ServerCredentials.createInsecure(), (err, port) => {
      if (err) return reject(err);
      resolve({
        url: `esdb://${host}:${port}?tls=false`,
        port,
        events: log.all,
        failNext(method, code, count = 1) {
          for (let i = 0; i < count; i++) failures[method].push(code);
        },
        close: () =>
          new Promise<void>((done) => {
            for (const call of openCalls) call.end();
            openCalls.clear();
            log.live.clear();
            server.forceShutdown();
            done();
          }),
      });
    });
  });
}
