// Opening an older ledger file: whether it has the schema, and its upgrade to this version's.
import Database from 'better-sqlite3';
import { chainHash, GENESIS_HASH } from '../seal';
import {
  MIGRATE_TO_2_SQL,
  MIGRATE_TO_3_SQL,
  REFUSE_UPDATE_TRIGGER_SQL,
  SCHEMA_VERSION,
} from './schema';

import { KeyedRow } from './rows';

/** Whether the file has the schema already (its last statement, the version row, ran). */
export function hasSchema(db: Database.Database): boolean {
  try {
    return db.prepare("SELECT 1 FROM ledger_meta WHERE key = 'schema_version'").get() !== undefined;
  } catch {
    return false;
  }
}

const hasColumn = (db: Database.Database, name: string) =>
  (db.pragma('table_info(events)') as Array<{ name: string }>).some((c) => c.name === name);

/** Whether the events table has the imported_at column (schema version 2). */
export const hasImportedAt = (db: Database.Database) => hasColumn(db, 'imported_at');

/** Whether the events table has the hash column (schema version 3). */
export const hasHash = (db: Database.Database) => hasColumn(db, 'hash');

/**
 * Brings a version-1 or -2 file to version 3, in the caller's transaction: imported_at (v2),
 * then hash, each existing event's computed once in position order from the genesis (its
 * data and metadata in normal form, src/store/seal.ts). The update trigger forbids the
 * backfill's UPDATE: it is dropped and recreated inside the same transaction, so no other
 * connection ever sees the table without it.
 */
export function migrate(db: Database.Database): void {
  if (!hasImportedAt(db)) db.exec(MIGRATE_TO_2_SQL);
  if (!hasHash(db)) {
    db.exec(MIGRATE_TO_3_SQL);
    db.exec('DROP TRIGGER IF EXISTS events_refuse_update');
    const page = db.prepare(
      `SELECT position, id, stream_id AS streamId, revision, type, schema_version AS schemaVersion,
              occurred_at AS occurredAt, recorded_at AS recordedAt, data, metadata,
              imported_at AS importedAt
         FROM events WHERE position > ? ORDER BY position LIMIT 1000`,
    );
    const update = db.prepare('UPDATE events SET hash = ? WHERE position = ?');
    let previous = GENESIS_HASH;
    let after = 0;
    for (;;) {
      const rows = page.all(after) as Array<Omit<KeyedRow, 'hash'>>;
      for (const r of rows) {
        previous = chainHash(previous, r, true);
        update.run(previous, r.position);
      }
      if (rows.length < 1000) break;
      after = rows[rows.length - 1].position;
    }
    db.exec(REFUSE_UPDATE_TRIGGER_SQL);
  }
  db.prepare("UPDATE ledger_meta SET value = ? WHERE key = 'schema_version'").run(
    String(SCHEMA_VERSION),
  );
}
