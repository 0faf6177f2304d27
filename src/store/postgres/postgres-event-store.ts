import { Pool, types, type PoolClient, type PoolConfig } from 'pg';
import { Subject, type Observable } from 'rxjs';
import type { EventToAppend, RecordedEvent } from '../../kernel/envelope';
import {
  checkExpectedRevision,
  contentHash,
  normaliseAppend,
  normaliseBatches,
  resolveIdempotentAppend,
  validateStreamId,
  type EventContent,
  type NormalisedEvent,
  type StoredEventRef,
  type StoredIdentity,
} from '../append-rules';
import { catchUpSubscription } from '../catch-up';
import { inBatch, InvalidEventError, ReadOnlyLedgerError, StreamNotFoundError } from '../errors';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  StoredRecord,
  StoreStatus,
  StreamBatch,
  SubscribeOptions,
} from '../event-store';
import { GENESIS_HASH } from '../seal';
import type { Upcast } from '../upcast';
import { AppendNotifications } from './notifications';
import { isDuplicateId, storeErrorOf } from './pg-faults';
import {
  COLUMNS,
  PAGE,
  redactedUrl,
  rowToEvent,
  sealedColumns,
  type PgRow,
  type TxBatch,
} from './rows';
import { storedRecordOf } from '../event-row';
import { repeatedIdsIn } from './repeated-ids';
import { APPEND_LOCK, APPENDED_CHANNEL, CLUB_LOCK_SPACE, DECISION_LOCK } from './schema';
import { openSchema } from './migrate';

export interface PostgresStoreOptions {
  clock?: () => Date;
  upcast?: Upcast;
  /** Appends are refused (ReadOnlyLedgerError); the schema must exist. */
  readOnly?: boolean;
  /** Connections in the pool (10 by default). */
  poolSize?: number;
  /** How often a live subscription looks for appends it heard of no notification for (500 ms). */
  pollMs?: number;
}

const ignore = () => undefined;

// bigint (int8) columns as numbers: positions and counts stay far below 2^53.
const INT8 = 20;
const asNumbers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8
      ? (v: string) => Number(v)
      : types.getTypeParser(oid, format ?? 'text')) as typeof types.getTypeParser,
};

/**
 * The ledger on PostgreSQL, for a federation that runs several service instances on one store
 * (docs/postgres.md). The same append rules as SQLite (src/store/append-rules.ts); positions
 * dense and committed in order, each append holding one advisory lock from reading the head to
 * its commit (schema.ts); the hash chain written with each event; every commit notified, so the
 * other instances' subscriptions catch up at once (polling as the fallback).
 */
export class PostgresEventStore implements EventStore {
  readonly url: string;
  readonly sealed = true;
  readonly readOnly: boolean;
  private readonly appended = new Subject<void>();
  private readonly clock: () => Date;
  private readonly upcast: Upcast;
  private readonly pollMs: number;
  private readonly notifications: AppendNotifications;
  private writeFailed = false;
  private lastError: StoreStatus['lastError'] = null;

  private constructor(
    private readonly pool: Pool,
    config: PoolConfig,
    rawUrl: string,
    options: PostgresStoreOptions,
  ) {
    this.url = redactedUrl(rawUrl);
    this.readOnly = options.readOnly ?? false;
    this.clock = options.clock ?? (() => new Date());
    this.upcast = options.upcast ?? ((e) => e);
    this.pollMs = options.pollMs ?? 500;
    this.notifications = new AppendNotifications(config, this.appended);
  }

  /** Connects, and creates or upgrades the schema (under a lock: instances may start together). */
  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresEventStore> {
    const config: PoolConfig = {
      connectionString: url,
      max: options.poolSize ?? 10,
      types: asNumbers,
      application_name: 'bridge-ledger',
    };
    const pool = new Pool(config);
    // An idle connection the server dropped is replaced by the pool; the error is no crash.
    pool.on('error', () => undefined);
    const store = new PostgresEventStore(pool, config, url, options);
    try {
      await openSchema(pool, store.readOnly, store.url);
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw storeErrorOf(err, store.url);
    }
    return store;
  }

  /**
   * A connection of the pool for a transaction or a lock. A checked-out connection the server
   * drops emits 'error' with no listener of the pool's: it is heard here (the query under way
   * fails with it, and the next one with "not queryable"), never an uncaught event that would
   * end the process.
   */
  private async checkout(): Promise<PoolClient> {
    const client = await this.pool.connect();
    client.on('error', ignore);
    return client;
  }

  async appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (this.readOnly) throw new ReadOnlyLedgerError(this.url);
    const [result] = await this.write([normaliseAppend(streamId, events, options)], false);
    return result!;
  }

  /** Several streams' batches in one transaction (a savepoint each): all written, or none. */
  async appendMany(batches: readonly StreamBatch[]): Promise<AppendResult[]> {
    if (this.readOnly) throw new ReadOnlyLedgerError(this.url);
    const tx = normaliseBatches(batches);
    if (tx.length === 0) return [];
    return this.write(tx, true);
  }

  /**
   * One transaction: the append lock first (held to the commit), then each batch, a savepoint
   * each when there are several (a duplicate id rolls back only that batch's insert, to be
   * answered as a retry or refused), then the notification, sent on commit.
   */
  private async write(batches: TxBatch[], many: boolean): Promise<AppendResult[]> {
    let client: PoolClient | undefined;
    try {
      client = await this.checkout();
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK]);
      const results: AppendResult[] = [];
      for (const [i, b] of batches.entries()) {
        try {
          results.push(await this.appendBatch(client, b, many));
        } catch (err) {
          throw many ? inBatch(err, i) : err;
        }
      }
      const last = results.at(-1)!.position;
      await client.query('SELECT pg_notify($1, $2)', [APPENDED_CHANNEL, String(last)]);
      await client.query('COMMIT');
      this.writeFailed = false;
      this.appended.next();
      return results;
    } catch (err) {
      await client?.query('ROLLBACK').catch(() => undefined);
      throw this.failed(err, true);
    } finally {
      client?.off('error', ignore);
      client?.release();
    }
  }

  private async appendBatch(client: PoolClient, b: TxBatch, savepoint: boolean) {
    if (savepoint) await client.query('SAVEPOINT batch');
    try {
      const result = await this.insertBatch(client, b);
      if (savepoint) await client.query('RELEASE SAVEPOINT batch');
      return result;
    } catch (err) {
      if (!isDuplicateId(err)) throw err;
      // The insert failed: only this batch is undone, then it is a retry or a conflict.
      if (savepoint) await client.query('ROLLBACK TO SAVEPOINT batch');
      else await client.query('ROLLBACK').then(() => client.query('BEGIN'));
      const again = await this.findStored(client, b.streamId, b.batch, b.expected);
      if (!again) throw err;
      return again;
    }
  }

  /** The head of the stream, the expected revision, then the rows with their chained hashes. */
  private async insertBatch(client: PoolClient, b: TxBatch): Promise<AppendResult> {
    const { streamId, batch, expected } = b;
    const head = (
      await client.query<{ head: number | null }>(
        'SELECT max(revision) AS head FROM events WHERE stream_id = $1',
        [streamId],
      )
    ).rows[0]!.head;
    try {
      checkExpectedRevision(streamId, expected, head ?? -1);
    } catch (err) {
      const again = await this.findStored(client, streamId, batch, expected);
      if (again) return again;
      throw err;
    }
    const last = (
      await client.query<{ position: number; hash: string }>(
        'SELECT position, hash FROM events ORDER BY position DESC LIMIT 1',
      )
    ).rows[0];
    const { columns, position, revision } = sealedColumns(b, {
      head: head ?? -1,
      position: last?.position ?? 0,
      hash: last?.hash ?? GENESIS_HASH,
      recordedAt: this.clock().toISOString(),
    });
    // One statement for the whole batch: its columns as arrays.
    await client.query(
      `INSERT INTO events (${COLUMNS}, hash)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::text[], $6::int[],
                            $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])`,
      columns,
    );
    return { nextExpectedRevision: revision, position };
  }

  /** A batch whose ids are stored already: its first result (a retry), or the refusal. */
  private async findStored(
    client: PoolClient,
    streamId: string,
    batch: NormalisedEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult | null> {
    const found = await this.identities(
      client,
      batch.map((e) => e.id),
    );
    return resolveIdempotentAppend(
      streamId,
      batch,
      batch.map((e) => found.get(e.id)),
      expected,
    );
  }

  private async identities(
    client: Pick<Pool, 'query'>,
    ids: readonly string[],
  ): Promise<Map<string, StoredIdentity>> {
    const { rows } = await client.query<StoredEventRef & EventContent & { data: string }>(
      `SELECT id, stream_id AS "streamId", revision, position, type,
              schema_version AS "schemaVersion", occurred_at AS "occurredAt", data, metadata
         FROM events WHERE id = ANY($1::text[])`,
      [ids.map((id) => id.toLowerCase())],
    );
    const out = new Map<string, StoredIdentity>();
    for (const r of rows) {
      const { id, streamId, revision, position } = r;
      out.set(id, { id, streamId, revision, position, contentHash: contentHash(r) });
    }
    return out;
  }

  async findByIds(ids: readonly string[]): Promise<Map<string, StoredIdentity>> {
    try {
      return await this.identities(this.pool, ids);
    } catch (err) {
      throw this.failed(err);
    }
  }

  status(): StoreStatus {
    return {
      writable: !this.readOnly && !this.writeFailed,
      readOnly: this.readOnly,
      lastError: this.lastError,
    };
  }

  /** An error as the store's own, remembered for status() when it is the server's. */
  private failed(err: unknown, write = false): unknown {
    const mapped = storeErrorOf(err, this.url);
    if (mapped !== err) {
      if (write) this.writeFailed = true;
      const m = mapped as { code: string; message: string };
      this.lastError = { code: m.code, message: m.message, at: new Date().toISOString() };
    }
    return mapped;
  }

  private async rows(sql: string, params: unknown[]): Promise<PgRow[]> {
    try {
      return (await this.pool.query<PgRow>({ text: sql, values: params, rowMode: 'array' })).rows;
    } catch (err) {
      throw this.failed(err);
    }
  }

  async *readStream(
    streamId: string,
    options: ReadStreamOptions = {},
  ): AsyncGenerator<RecordedEvent> {
    const issues = validateStreamId(streamId);
    if (issues.length) throw new InvalidEventError(issues);
    const backwards = options.direction === 'backwards';
    let next = options.fromRevision ?? (backwards ? 2 ** 31 - 1 : 0);
    let left = options.maxCount ?? Infinity;
    let first = true;
    const sql = backwards
      ? `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND revision <= $2 ORDER BY revision DESC LIMIT `
      : `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT `;
    while (left > 0) {
      const rows = await this.rows(sql + String(Math.min(PAGE, left)), [streamId, next]);
      if (first && rows.length === 0) {
        const exists = await this.rows('SELECT 1 FROM events WHERE stream_id = $1 LIMIT 1', [
          streamId,
        ]);
        if (exists.length === 0) throw new StreamNotFoundError(streamId);
      }
      first = false;
      for (const row of rows) yield this.upcast(rowToEvent(row));
      left -= rows.length;
      if (rows.length < PAGE) return;
      next = rows[rows.length - 1]![3] + (backwards ? -1 : 1);
    }
  }

  /**
   * `$all` in pages, the next page asked for while this one is read: the server finds it while
   * the reader folds (on another core), as an embedded store's reader never waits on a socket.
   */
  async *readAll(options: ReadAllOptions = {}): AsyncGenerator<RecordedEvent> {
    const to = options.toPosition;
    let left = options.maxCount ?? Infinity;
    // A page asked for ahead fails, unheard, when its reader is dropped before taking it (a
    // service stopped while its directory reads, the store closed under it): marked as heard
    // here, so that it cannot end the process as an unhandled rejection; a reader that takes it
    // still gets its error.
    const ahead = (page: Promise<PgRow[]>) => (page.catch(() => undefined), page);
    let next: Promise<PgRow[]> | undefined = ahead(
      this.page(Math.max(1, options.fromPosition ?? 1) - 1, Math.min(PAGE, left), to),
    );
    try {
      while (next) {
        const rows: PgRow[] = await next;
        left -= rows.length;
        next =
          rows.length === PAGE && left > 0
            ? ahead(this.page(rows[rows.length - 1]![0], Math.min(PAGE, left), to))
            : undefined;
        for (const row of rows) yield this.upcast(rowToEvent(row));
      }
    } finally {
      // A reader that stops early leaves no page unread and unheard of.
      await next?.catch(() => undefined);
    }
  }

  /**
   * A page of `$all` after a position. The limit is written into the statement (a whole number
   * of ours) and the upper bound only when there is one: given as parameters, PostgreSQL 15
   * planned the page at half the speed (bench/RESULTS.md).
   */
  private page(after: number, limit: number, to?: number) {
    const n = Math.max(1, Math.floor(limit));
    return to === undefined || to >= Number.MAX_SAFE_INTEGER
      ? this.rows(
          `SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT ${n}`,
          [after],
        )
      : this.rows(
          `SELECT ${COLUMNS} FROM events WHERE position > $1 AND position <= $2 ORDER BY position LIMIT ${n}`,
          [after, to],
        );
  }

  /** Export and verify: the rows as stored, each with its hash. */
  async readStoredPage(afterPosition: number, limit: number): Promise<StoredRecord[]> {
    try {
      const { rows } = await this.pool.query<[...PgRow, hash: string | null]>({
        text: `SELECT ${COLUMNS}, hash FROM events WHERE position > $1 ORDER BY position LIMIT $2`,
        values: [afterPosition, limit],
        rowMode: 'array',
      });
      return rows.map(storedRecordOf);
    } catch (err) {
      throw this.failed(err);
    }
  }

  async repeatedIds(limit: number): Promise<Array<{ id: string; positions: number[] }>> {
    try {
      return await repeatedIdsIn(this.pool, limit);
    } catch (err) {
      throw this.failed(err);
    }
  }

  subscribeToAll(options: SubscribeOptions = {}): Observable<RecordedEvent> {
    void this.notifications.listen();
    return catchUpSubscription({
      fromPosition: options.fromPosition ?? 0,
      appended: this.appended,
      pollMs: this.pollMs,
      readPage: async (after, limit) =>
        (await this.page(after, limit)).map((r) => this.upcast(rowToEvent(r))),
    });
  }

  /**
   * A session-level advisory lock on a connection of its own, so that it outlives any one
   * transaction and dies with the process: a club's scope takes the ledger-wide lock shared and
   * the club's exclusively; no scope takes the ledger-wide one exclusively.
   */
  async lock(scope: string | undefined): Promise<() => Promise<void>> {
    let client: PoolClient | undefined;
    try {
      client = await this.checkout();
      if (scope === undefined) await client.query('SELECT pg_advisory_lock($1)', [DECISION_LOCK]);
      else
        await client.query(
          'SELECT pg_advisory_lock_shared($1), pg_advisory_lock($2, hashtext($3))',
          [DECISION_LOCK, CLUB_LOCK_SPACE, scope],
        );
    } catch (err) {
      client?.off('error', ignore);
      client?.release(true);
      throw this.failed(err);
    }
    const held = client;
    return async () => {
      try {
        await held.query('SELECT pg_advisory_unlock_all()');
        held.off('error', ignore);
        held.release();
      } catch {
        // A connection that cannot unlock is closed: its locks go with it.
        held.off('error', ignore);
        held.release(true);
      }
    };
  }

  async headPosition(): Promise<number> {
    const [row] = await this.rows('SELECT coalesce(max(position), 0) FROM events', []);
    return Number(row![0]);
  }

  async close(): Promise<void> {
    this.appended.complete();
    await this.notifications.close();
    await this.pool.end().catch(() => undefined);
  }
}
