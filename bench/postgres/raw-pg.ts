import { Client, types } from 'pg';
import type { EventToAppend } from '../../src/kernel/envelope';
import type { ExpectedRevision } from '../../src/store/event-store';
import { GENESIS_HASH } from '../../src/store/seal';
import { sealedColumns } from '../../src/store/postgres/rows';
import { openSchema } from '../../src/store/postgres/migrate';
import { APPEND_LOCK, APPENDED_CHANNEL } from '../../src/store/postgres/schema';
import { Pool } from 'pg';

const COLUMNS =
  'position, id, stream_id, revision, type, schema_version, occurred_at, recorded_at, data, metadata, imported_at';

/**
 * The baseline: plain node-postgres doing the SQL the adapter does for the same result, with
 * the adapter's schema: BEGIN; the append lock; the stream's head; the last position and hash;
 * the batch's rows with their chained hashes (the adapter's `sealedColumns`) in one INSERT …
 * SELECT unnest(…); the notification;
 * COMMIT. What it leaves out is what the adapter adds: validation of every field
 * (normaliseBatch), idempotency on a retry, the port's shapes, a connection pool.
 */
export class RawPg {
  private constructor(private readonly client: Client) {}

  static async open(url: string): Promise<RawPg> {
    const pool = new Pool({ connectionString: url, max: 1 });
    await openSchema(pool, false, url);
    await pool.end();
    const client = new Client({
      connectionString: url,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === 20
            ? (v: string) => Number(v)
            : types.getTypeParser(oid, format ?? 'text')) as typeof types.getTypeParser,
      },
    });
    await client.connect();
    return new RawPg(client);
  }

  async append(
    streamId: string,
    events: readonly EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<number> {
    const c = this.client;
    await c.query('BEGIN');
    try {
      await c.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK]);
      const head =
        (
          await c.query<{ head: number | null }>(
            'SELECT max(revision) AS head FROM events WHERE stream_id = $1',
            [streamId],
          )
        ).rows[0]!.head ?? -1;
      if (
        (expected === 'no_stream' && head >= 0) ||
        (expected === 'stream_exists' && head < 0) ||
        (typeof expected === 'number' && expected !== head)
      )
        throw new Error(`wrong expected revision ${expected} for ${streamId} at ${head}`);
      const last = (
        await c.query<{ position: number; hash: string }>(
          'SELECT position, hash FROM events ORDER BY position DESC LIMIT 1',
        )
      ).rows[0];
      const batch = events.map((e) => ({
        id: e.id.toLowerCase(),
        type: e.type,
        schemaVersion: e.schemaVersion ?? 1,
        occurredAt: e.occurredAt,
        data: JSON.stringify(e.data),
        metadata: JSON.stringify(e.metadata ?? {}),
      }));
      const { columns: cols, position } = sealedColumns(
        { streamId, batch, expected, recordedAt: undefined },
        {
          head,
          position: last?.position ?? 0,
          hash: last?.hash ?? GENESIS_HASH,
          recordedAt: new Date().toISOString(),
        },
      );
      await c.query(
        `INSERT INTO events (${COLUMNS}, hash)
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::text[], $6::int[],
                              $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])`,
        cols,
      );
      await c.query('SELECT pg_notify($1, $2)', [APPENDED_CHANNEL, String(position)]);
      await c.query('COMMIT');
      return position;
    } catch (err) {
      await c.query('ROLLBACK');
      throw err;
    }
  }

  /** Reads every event from `after` on in pages of 1,000, parsing data and metadata; returns how many. */
  async readAll(touch: (data: unknown, metadata: { clubId?: string }) => void): Promise<number> {
    let after = 0;
    let n = 0;
    for (;;) {
      const { rows } = await this.client.query<unknown[]>({
        text: `SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT 1000`,
        values: [after],
        rowMode: 'array',
      });
      for (const r of rows) {
        touch(JSON.parse(r[8] as string), JSON.parse(r[9] as string) as { clubId?: string });
        n++;
      }
      if (rows.length < 1000) return n;
      after = rows[rows.length - 1]![0] as number;
    }
  }

  close(): Promise<void> {
    return this.client.end();
  }
}
