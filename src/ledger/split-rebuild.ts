import type Database from 'better-sqlite3';
import type { Projection } from '../kernel/projection';

/**
 * A read model that declares its own streams (`Projection.ownStreams`: a competition's, a scored
 * session's) is rebuilt on several cores by sharing those streams out. Each share folds it over
 * the facts of every other stream (the clubs' rulebooks, rosters and corrections: few) and of its
 * own streams, and saves it as any rebuild saves, so a share stopped half way resumes from its
 * last save: the partitions of its own streams straight into the read model's rows, the rest
 * under a name of its own (`shareName`). Once every share is done, the rest are joined into the
 * read model (`joinShares`): a partition only one share made is taken as it is, one every share
 * made alike (a club's rulebook) once, and one the shares made differently (the position of the
 * last fact) by the projection's `merge`. A partition that cannot be joined means the
 * projection's facts cross its streams after all: it is then rebuilt whole.
 *
 * The first share also reads every fact for the read models that are not split and the ledger
 * directory; the others read only their streams' facts and everyone's, the rest skipped by SQLite
 * itself (src/store/sqlite/read-except.ts).
 */

/** The name a share saves a split read model under (beside the read model's own). */
export const shareName = (name: string, index: number, of: number) => `${name}@${index + 1}of${of}`;

/** A read model's share names, for a rebuild on `of` shares. */
export const shareNames = (name: string, of: number) =>
  Array.from({ length: of }, (_, i) => shareName(name, i, of));

/**
 * What reading a fact costs against a light read model's fold of it (1): about the competitions
 * fold's (measured at 178,369 facts: the store's read 720 ms, the competitions fold 745 ms;
 * bench/RESULTS.md).
 */
export const READ_WEIGHT = 5;
/** What a row SQLite skips costs against one read (measured: 210 ms against 720 ms). */
const SKIM = 0.3;

/**
 * The part of the split streams the first share takes, so that it ends with the others: it reads
 * every fact and folds the read models not split (`wholeWeight`, the directory's included) on top
 * of its part of the split ones (`splitWeight`); each other share reads and folds its part.
 */
export function firstShareFraction(wholeWeight: number, splitWeight: number, of: number): number {
  if (of <= 1) return 1;
  const others = of - 1;
  const a = (1 - SKIM) * READ_WEIGHT + splitWeight;
  const f = (a / others - (1 - SKIM) * READ_WEIGHT - wholeWeight) / (splitWeight + a / others);
  return Math.min(1 / of, Math.max(0, f));
}

/**
 * How a split rebuild shares the streams out: by where each stream's first fact stands in the
 * ledger the rebuild was planned on (`at`: its head then), the first share taking the streams
 * begun in its part (`first`) of it and the others the rest in equal parts. A share's streams
 * then stand together in the events table, and it reads its own stretch of the table (and
 * everyone's facts), not the whole: shared out by a hash of their ids, each share of a two-core
 * rebuild walked the whole table to read half its facts. A stream begun after the plan (a
 * rebuild resumed on a longer ledger) goes to the last share.
 */
export interface StreamCut {
  of: number;
  first: number;
  at: number;
}

/** The share of the stream whose first fact is at `firstPosition`. */
export function shareOf(firstPosition: number, cut: StreamCut): number {
  if (cut.of === 1) return 0;
  const part = firstPosition / cut.at;
  if (part <= cut.first) return 0;
  const rest = (part - cut.first) / (1 - cut.first);
  return 1 + Math.min(cut.of - 2, Math.floor(rest * (cut.of - 1)));
}

/**
 * Joins the shares' saves into the read model's own, at `position`, in one transaction, and drops
 * the shares'. Each share wrote the partitions of its own streams into the read model's rows as
 * it went (share-state-store.ts); what is left to join is the rest each share saved under its own
 * name: a partition the stream's own share also made keeps that share's state, one only one
 * share made is taken as it is, one several made alike once, and one they made differently is
 * joined by the projection's `merge`. One that cannot be joined is answered by its key, and
 * nothing is written.
 */
export function joinShares(
  db: Database.Database,
  projection: Projection<unknown>,
  split: { of: number; first: number },
  position: number,
  now: string,
): string | undefined {
  const { of } = split;
  const name = projection.name;
  const names = shareNames(name, of);
  const among = `name IN (${names.map(() => '?').join(', ')})`;
  return db
    .transaction((): string | undefined => {
      const left = db
        .prepare(`SELECT key, state, seq FROM projection_partitions WHERE ${among} ORDER BY key`)
        .raw()
        .all(...names) as Array<[key: string, state: string, seq: number]>;
      const ownRow = db
        .prepare('SELECT state, seq FROM projection_partitions WHERE name = ? AND key = ?')
        .raw();
      const put = db.prepare(
        `INSERT INTO projection_partitions (name, key, seq, state) VALUES (?, ?, ?, ?)
         ON CONFLICT (name, key) DO UPDATE SET seq = excluded.seq, state = excluded.state`,
      );
      const joined: Array<[key: string, seq: number, state: string]> = [];
      for (let i = 0; i < left.length;) {
        const key = left[i]![0];
        const rows: Array<[state: string, seq: number]> = [];
        for (; i < left.length && left[i]![0] === key; i++) rows.push([left[i]![1], left[i]![2]]);
        // The lowest number of a key is the first fact that named it, in whichever share.
        const own = ownRow.get(name, key) as [state: string, seq: number] | undefined;
        const seq = Math.min(...rows.map((r) => r[1]), own?.[1] ?? Infinity);
        if (own) joined.push([key, seq, own[0]]);
        else if (rows.every((r) => r[0] === rows[0]![0])) joined.push([key, seq, rows[0]![0]]);
        else {
          const value = projection.partitions?.merge?.(
            key,
            rows.map((r) => JSON.parse(r[0]) as unknown),
          );
          if (value === undefined) return key;
          joined.push([key, seq, JSON.stringify(value)]);
        }
      }
      db.prepare('DELETE FROM projection_state WHERE name = ?').run(name);
      for (const [key, seq, state] of joined) put.run(name, key, seq, state);
      db.prepare(
        `INSERT INTO projection_partitioned (name, version) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET version = excluded.version`,
      ).run(name, projection.version);
      db.prepare(
        `INSERT INTO checkpoints (name, position, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at`,
      ).run(name, position, now);
      dropShares(db, name);
      return undefined;
    })
    .immediate();
}

/**
 * Drops every share's save of a read model (all of them, or all but those of `keep`): the names
 * from `<name>@` up to `<name>A` ('A' follows '@'), a range the tables' (name, …) index finds. A
 * LIKE read every saved partition of every read model instead: 13–108 ms a read model at
 * 935,385 facts, on the join's path.
 */
export function dropShares(
  db: Database.Database,
  name: string,
  keep: readonly string[] = [],
): void {
  const kept = keep.length ? ` AND name NOT IN (${keep.map(() => '?').join(', ')})` : '';
  for (const table of ['projection_partitions', 'projection_partitioned', 'checkpoints'])
    db.prepare(`DELETE FROM ${table} WHERE name >= ? AND name < ?${kept}`).run(
      `${name}@`,
      `${name}A`,
      ...keep,
    );
}
