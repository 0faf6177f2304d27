import type Database from 'better-sqlite3';

/** A projection's saved state: its version, the position it has seen, and the state itself. */
export interface SavedProjection {
  version: number;
  position: number;
  state: unknown;
}

/** Where the runner keeps each projection's state and checkpoint, written together. */
export interface ProjectionStateStore {
  load(name: string): SavedProjection | undefined;
  /** State and checkpoint in one write: nothing skipped, nothing applied twice. */
  save(name: string, saved: SavedProjection): void;
}

export class MemoryProjectionStateStore implements ProjectionStateStore {
  private readonly saved = new Map<string, string>();
  load(name: string): SavedProjection | undefined {
    const s = this.saved.get(name);
    return s === undefined ? undefined : (JSON.parse(s) as SavedProjection);
  }
  save(name: string, saved: SavedProjection): void {
    this.saved.set(name, JSON.stringify(saved));
  }
}

/**
 * In the ledger's own SQLite file: the read model (here a JSON snapshot of the state) and the
 * checkpoint row are written in one transaction.
 */
export class SqliteProjectionStateStore implements ProjectionStateStore {
  private readonly get: Database.Statement;
  private readonly put: Database.Transaction<(name: string, saved: SavedProjection) => void>;

  constructor(db: Database.Database, clock: () => Date = () => new Date()) {
    db.exec(`CREATE TABLE IF NOT EXISTS projection_state (
      name     TEXT    PRIMARY KEY,
      version  INTEGER NOT NULL,
      state    TEXT    NOT NULL
    )`);
    this.get = db.prepare(
      `SELECT s.version, c.position, s.state FROM projection_state s
       JOIN checkpoints c ON c.name = s.name WHERE s.name = ?`,
    );
    const putState = db.prepare(
      `INSERT INTO projection_state (name, version, state) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET version = excluded.version, state = excluded.state`,
    );
    const putCheckpoint = db.prepare(
      `INSERT INTO checkpoints (name, position, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at`,
    );
    this.put = db.transaction((name: string, saved: SavedProjection) => {
      putState.run(name, saved.version, JSON.stringify(saved.state));
      putCheckpoint.run(name, saved.position, clock().toISOString());
    });
  }

  load(name: string): SavedProjection | undefined {
    const row = this.get.get(name) as
      { version: number; position: number; state: string } | undefined;
    return row && { version: row.version, position: row.position, state: JSON.parse(row.state) };
  }

  save(name: string, saved: SavedProjection): void {
    this.put.immediate(name, saved);
  }
}
