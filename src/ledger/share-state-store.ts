import type Database from 'better-sqlite3';
import type { Projection } from '../kernel/projection';
import type {
  PartitionWrite,
  ProjectionStateStore,
  SavedPartitions,
  SavedProjection,
  SavePartitions,
  SomePartitions,
  SqliteProjectionStateStore,
  WriteCounts,
} from './projection-state-store';
import { shareName } from './split-rebuild';

/**
 * Which share of a split rebuild a store saves for: its index, of how many, and the share of
 * each stream (split-rebuild.ts `shareOf`, by where the stream's first fact stands).
 */
export interface ShareOfSplit {
  index: number;
  of: number;
  shareOfStream: (streamId: string) => number;
}

/**
 * The share a partition of a split read model belongs to: that of the stream whose facts make it
 * (`partitions.streamOf`), when the read model names that stream as its own; undefined for a
 * partition every share may make (a club's rulebook, the ledger's totals).
 */
export function ownerOf(
  projection: Projection<unknown>,
  key: string,
  shareOfStream: (streamId: string) => number,
): number | undefined {
  const stream = projection.partitions?.streamOf?.(key);
  if (stream === undefined || !projection.ownStreams?.(stream)) return undefined;
  return shareOfStream(stream);
}

/**
 * A share's saves of its split read models, where the read model will be read. A partition of
 * one of the share's own streams (a competition whose facts only this share folds) is written
 * straight into the read model's own rows: no other share writes it, and the join at the end
 * has nothing to copy for it. Every other partition goes to the share's own rows (`shareName`),
 * with the share's checkpoint, to be joined with the other shares' (split-rebuild.ts). The read
 * model has no checkpoint of its own until that join, so nothing reads its rows meanwhile.
 *
 * Read back (a resumed share, a partition let go and named again), a share's partitions are its
 * own rows and those of the read model's that it owns.
 */
export class ShareStateStore implements ProjectionStateStore {
  private readonly owned = new Map<string, { final: string; owns: (key: string) => boolean }>();
  private readonly getParts: Database.Statement;
  private readonly getKeys: Database.Statement;
  private readonly getSomeParts: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    private readonly inner: SqliteProjectionStateStore,
    splits: ReadonlyArray<Projection<unknown>>,
    split: ShareOfSplit,
  ) {
    for (const p of splits)
      this.owned.set(shareName(p.name, split.index, split.of), {
        final: p.name,
        owns: (key) => ownerOf(p, key, split.shareOfStream) === split.index,
      });
    this.getParts = db
      .prepare('SELECT key, state, seq FROM projection_partitions WHERE name = ?')
      .raw();
    this.getKeys = db.prepare('SELECT key FROM projection_partitions WHERE name = ?').pluck();
    this.getSomeParts = db
      .prepare(
        `SELECT key, state, seq FROM projection_partitions
          WHERE name = ? AND key IN (SELECT value FROM json_each(?))`,
      )
      .raw();
  }

  get written(): WriteCounts {
    return this.inner.written;
  }

  load(name: string): SavedProjection | undefined {
    return this.inner.load(name);
  }

  save(name: string, saved: SavedProjection): void {
    this.inner.save(name, saved);
  }

  checkpointOf(name: string): { version: number; position: number } | undefined {
    return this.inner.checkpointOf?.(name);
  }

  transaction<T>(fn: () => T): T {
    return this.inner.transaction ? this.inner.transaction(fn) : fn();
  }

  savePartitions(name: string, save: SavePartitions): void {
    const own = this.owned.get(name);
    if (!own) return this.inner.savePartitions(name, save);
    const mine: PartitionWrite[] = [];
    const rest: PartitionWrite[] = [];
    for (const w of save.writes) (own.owns(w.key) ? mine : rest).push(w);
    // The share's checkpoint and the read model's rows it wrote commit together.
    this.db
      .transaction(() => {
        // Other shares' rows of the read model stay: only this share's own are replaced.
        if (save.replace) {
          const keys = (this.getKeys.all(own.final) as string[]).filter(own.owns);
          this.inner.putRows(
            own.final,
            keys.map((key) => ({ key, seq: 0, value: undefined })),
          );
        }
        this.inner.putRows(own.final, mine);
        this.inner.savePartitions(name, { ...save, writes: rest });
      })
      .immediate();
  }

  loadPartitions(name: string): SavedPartitions | undefined {
    const own = this.owned.get(name);
    if (!own) return this.inner.loadPartitions(name);
    return this.db
      .transaction(() => {
        const head = this.inner.checkpointOf?.(name);
        if (!head) return undefined;
        const rows = [
          ...(this.getParts.all(name) as Row[]),
          ...(this.getParts.all(own.final) as Row[]).filter(([key]) => own.owns(key)),
        ].sort((a, b) => a[2] - b[2]);
        return {
          ...head,
          partitions: parsed(rows),
          lastSeq: rows.reduce((m, r) => Math.max(m, r[2]), 0),
        };
      })
      .deferred();
  }

  loadSomePartitions(name: string, keys: readonly string[]): SomePartitions | undefined {
    const own = this.owned.get(name);
    if (!own) return this.inner.loadSomePartitions?.(name, keys);
    const mine = keys.filter((k) => own.owns(k));
    const rest = keys.filter((k) => !own.owns(k));
    return this.db
      .transaction(() => {
        const head = this.inner.checkpointOf?.(name);
        if (!head) return undefined;
        const rows = [
          ...(this.getSomeParts.all(name, JSON.stringify(rest)) as Row[]),
          ...(this.getSomeParts.all(own.final, JSON.stringify(mine)) as Row[]),
        ].sort((a, b) => a[2] - b[2]);
        return { ...head, partitions: parsed(rows) };
      })
      .deferred();
  }
}

type Row = [key: string, json: string, seq: number];

function* parsed(rows: Iterable<Row>): Iterable<[string, unknown]> {
  for (const [key, json] of rows) yield [key, JSON.parse(json) as unknown];
}
