import {
  appendToStream,
  createEventStoreSchema,
  getSQLiteEventStore,
  readMessagesBatch,
  sqliteConnection,
  type SQLiteConnection,
  type SQLiteEventStore,
} from '@event-driven-io/emmett-sqlite';
import type { EventToAppend } from '../../src/kernel/envelope';

/**
 * Emmett's SQLite event store (@event-driven-io/emmett-sqlite 0.38.5, on node-sqlite3 5,
 * SQLite 3.44.2), fed the same facts. Emmett's event is `{ type, data, metadata }`: our id
 * goes in `metadata.messageId` (Emmett's own field for it, stored in its message_id column;
 * Emmett would otherwise make a random v4) and occurredAt in metadata.
 */
export interface EmmettEvent {
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

export function toEmmett(e: EventToAppend): EmmettEvent {
  return {
    type: e.type,
    data: e.data as Record<string, unknown>,
    metadata: { ...e.metadata, messageId: e.id, occurredAt: e.occurredAt },
  };
}

/** Emmett's stream type is the stream name's prefix before the first '-'. */
const streamType = (streamName: string) => streamName.split('-')[0];

/**
 * One long-lived connection driven through Emmett's exported building blocks (the same
 * `appendToStream` and `readMessagesBatch` its store uses), so that the durability can be set:
 * sqliteConnection already sets journal_mode = WAL; we set synchronous = FULL and check both.
 */
export class EmmettConnectionStore {
  private constructor(readonly conn: SQLiteConnection) {}

  static async open(fileName: string): Promise<EmmettConnectionStore> {
    const conn = sqliteConnection({ fileName });
    await conn.command('PRAGMA synchronous = FULL');
    const sync = await conn.querySingle<{ synchronous: number }>('PRAGMA synchronous');
    const mode = await conn.querySingle<{ journal_mode: string }>('PRAGMA journal_mode');
    if (sync?.synchronous !== 2 || mode?.journal_mode !== 'wal') {
      throw new Error(`Emmett connection is not WAL + FULL: ${JSON.stringify({ sync, mode })}`);
    }
    // The store creates its schema on first use; do it here, untimed.
    await createEventStoreSchema(conn);
    return new EmmettConnectionStore(conn);
  }

  /**
   * `expectedVersion` is Emmett's stream version (the number of events in the stream): 0n
   * makes Emmett insert the stream row, so a second writer of a new stream fails.
   */
  async append(
    streamName: string,
    events: EmmettEvent[],
    expectedVersion: bigint,
  ): Promise<bigint> {
    const result = await appendToStream(
      this.conn,
      streamName,
      streamType(streamName),
      events as unknown as Parameters<typeof appendToStream>[3],
      { expectedStreamVersion: expectedVersion },
    );
    if (!result.success) throw new Error(`Emmett refused the append to ${streamName}`);
    return result.lastGlobalPosition;
  }

  private after = 0n;

  /** Everything in global order, pages of 1,000 (Emmett parses data and metadata), resumable. */
  async readSome(
    max: number,
    each: (data: unknown, metadata: { clubId?: string }) => void,
  ): Promise<number> {
    let count = 0;
    while (count < max) {
      const page = await readMessagesBatch(this.conn, { after: this.after, batchSize: 1000 });
      for (const m of page.messages) each(m.data, m.metadata as { clubId?: string });
      count += page.messages.length;
      this.after = page.currentGlobalPosition;
      if (!page.areEventsLeft) return count;
    }
    return count;
  }

  close(): void {
    this.conn.close();
  }
}

/**
 * Emmett's public store as an application gets it. For a file it opens a new connection for
 * every call and closes it after (so a PRAGMA cannot be set for it); the durability is then
 * this SQLite build's default: WAL (set by sqliteConnection) and synchronous = 2 (FULL).
 */
export function emmettPublicStore(fileName: string): SQLiteEventStore {
  return getSQLiteEventStore({ fileName });
}
