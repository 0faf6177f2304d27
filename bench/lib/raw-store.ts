import Database from 'better-sqlite3';
import type { EventToAppend } from '../../src/kernel/envelope';
import type { ExpectedRevision } from '../../src/store/event-store';
import { SCHEMA_SQL } from '../../src/store/sqlite/schema';

/**
 * The baseline: plain better-sqlite3 doing what the adapter does for the same result, with
 * the adapter's own schema (same table, indexes, CHECKs and triggers) and pragmas, the same
 * transaction shape (BEGIN IMMEDIATE; read the stream head; check the expected revision;
 * insert; COMMIT) and the same JSON serialisation. What it leaves out is what the adapter
 * adds: validation of every field (normaliseBatch), the port's shapes and async API.
 */
export class RawStore {
  readonly db: Database.Database;
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;
  private readonly head: Database.Statement;
  private readonly insert: Database.Statement;
  private readonly page: Database.Statement;

  constructor(path: string, synchronous: 'FULL' | 'NORMAL' = 'FULL') {
    this.db = new Database(path);
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${synchronous}`);
    this.db.exec(SCHEMA_SQL);
    this.begin = this.db.prepare('BEGIN IMMEDIATE');
    this.commit = this.db.prepare('COMMIT');
    this.rollback = this.db.prepare('ROLLBACK');
    this.head = this.db
      .prepare('SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1')
      .pluck();
    this.insert = this.db.prepare(
      `INSERT INTO events (id, stream_id, revision, type, schema_version, occurred_at, recorded_at, data, metadata)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.page = this.db.prepare(
      `SELECT position, id, stream_id, revision, type, schema_version, occurred_at, recorded_at, data, metadata
       FROM events WHERE position >= ? AND position <= ? ORDER BY position LIMIT ?`,
    );
  }

  /** Returns the global position of the batch's last event. */
  append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): number {
    this.begin.run();
    try {
      const head = (this.head.get(streamId) as number | undefined) ?? -1;
      if (
        (expected === 'no_stream' && head >= 0) ||
        (expected === 'stream_exists' && head < 0) ||
        (typeof expected === 'number' && expected !== head)
      ) {
        throw new Error(`wrong expected revision ${expected} for ${streamId} at ${head}`);
      }
      const recordedAt = new Date().toISOString();
      let revision = head;
      let position = 0;
      for (const e of events) {
        revision += 1;
        const info = this.insert.run(
          e.id,
          streamId,
          revision,
          e.type,
          e.schemaVersion ?? 1,
          e.occurredAt,
          recordedAt,
          JSON.stringify(e.data),
          JSON.stringify(e.metadata ?? {}),
        );
        position = Number(info.lastInsertRowid);
      }
      this.commit.run();
      return position;
    } catch (err) {
      if (this.db.inTransaction) this.rollback.run();
      throw err;
    }
  }

  private cursor = 1;

  /**
   * Select-and-parse in pages of 1,000 by position (the adapter's page size), from where the
   * last call stopped; reads `max` events (a multiple of 1,000) or what is left.
   */
  readSome(max: number, each: (data: unknown, metadata: { clubId?: string }) => void): number {
    let count = 0;
    while (count < max) {
      const rows = this.page.all(this.cursor, Number.MAX_SAFE_INTEGER, 1000) as {
        position: number;
        data: string;
        metadata: string;
      }[];
      for (const row of rows) {
        each(JSON.parse(row.data), JSON.parse(row.metadata) as { clubId?: string });
      }
      count += rows.length;
      if (rows.length === 0) return count;
      this.cursor = rows[rows.length - 1].position + 1;
      if (rows.length < 1000) return count;
    }
    return count;
  }

  close(): void {
    this.db.close();
  }
}
