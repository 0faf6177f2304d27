import { copyFileSync } from 'node:fs';
import { basename } from 'node:path';
// The module itself, not a copy of its names: the rebuild's `new Worker` is spied on through it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import threads = require('node:worker_threads');
import Database from 'better-sqlite3';
import { catalogue } from '../../src/contexts/catalogue';
import { projections } from '../../src/contexts/projections';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { rebuildOnWorkers, shareRebuild } from '../../src/ledger/parallel-rebuild';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import type { RebuildStatus } from '../../src/ledger/runner-options';
import { SqliteProjectionStateStore } from '../../src/ledger/projection-state-store';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { tempDbPath } from '../support/temp';

/**
 * A rebuild on worker threads saves the same read models as the runner catching up in one
 * thread: every partition's JSON and every checkpoint, whichever worker folded it.
 */
describe('the read models rebuilt on worker threads', () => {
  it('shares the read models heaviest first, each to the lightest share (one pass per worker)', () => {
    const weight = (n: string) => ({ heavy: 5, dir: 2 })[n] ?? 1;
    expect(shareRebuild(['a', 'heavy', 'b', 'dir', 'c', 'd'], weight, 2)).toEqual([
      ['heavy', 'd'],
      ['dir', 'a', 'b', 'c'],
    ]);
    expect(shareRebuild(['a', 'b'], weight, 4)).toEqual([['a'], ['b']]);
    expect(shareRebuild(['a', 'b'], weight, 1)).toEqual([['a', 'b']]);
  });

  /** A SQLite ledger of the examples, closed: its file and its head. */
  const examplesLedger = async () => {
    const ledger = tempDbPath();
    const store = new SqliteEventStore(ledger, { upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
    const head = await store.headPosition();
    await store.close();
    return { ledger, head };
  };

  /** Every read model and the directory rebuilt on `workers` worker threads, each status told. */
  const rebuildAll = (
    ledger: string,
    head: number,
    workers: number,
    progress: (status: RebuildStatus) => void = () => undefined,
  ) =>
    rebuildOnWorkers({ url: `sqlite:${ledger}`, workers, projections, directory: true }).run(
      projections.map((p) => p.name),
      head,
      progress,
    );

  /** Every saved partition and checkpoint of the read models, in key order. */
  const saved = (path: string) => {
    const db = new Database(path, { readonly: true });
    const rows = db
      .prepare('SELECT name, key, state FROM projection_partitions ORDER BY name, key')
      .raw()
      .all();
    const heads = db
      .prepare(
        `SELECT p.name, p.version, c.position FROM projection_partitioned p
         JOIN checkpoints c ON c.name = p.name ORDER BY p.name`,
      )
      .raw()
      .all();
    db.close();
    return { rows, heads };
  };

  it('the examples on two workers: the same partitions and checkpoints as one thread', async () => {
    const { ledger, head } = await examplesLedger();
    const copy = tempDbPath();
    copyFileSync(ledger, copy);

    const one = new SqliteEventStore(ledger, { upcast: catalogue.upcast });
    const inThread = new ProjectionRunner(
      one,
      new SqliteProjectionStateStore(one.db),
      projections,
      { until: head },
    );
    inThread.start();
    await inThread.ended();
    inThread.save();
    await one.close();

    const two = new SqliteEventStore(copy, { upcast: catalogue.upcast });
    const onWorkers = new ProjectionRunner(
      two,
      new SqliteProjectionStateStore(two.db),
      projections,
      {
        rebuildElsewhere: rebuildOnWorkers({
          url: two.url,
          workers: 2,
          projections,
          directory: true,
          minFacts: 1,
        }),
      },
    );
    onWorkers.start();
    await onWorkers.caughtUp();
    onWorkers.stop();
    await two.close();

    const a = saved(ledger);
    const b = saved(copy);
    expect(a.heads.length).toBe(projections.length);
    expect(b.heads).toEqual(a.heads);
    expect(b.rows.length).toBeGreaterThan(100);
    expect(b.rows).toEqual(a.rows);
  }, 120_000);

  it('joins what the shares saved on a worker of its own, once every share is done, and says so', async () => {
    const { ledger, head } = await examplesLedger();
    const statuses: RebuildStatus[] = [];
    // The service's thread while the workers fold and join: its timers go on turning.
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 5);
    await rebuildAll(ledger, head, 2, (s) => statuses.push(structuredClone(s))).finally(() =>
      clearInterval(ticking),
    );
    expect(turns).toBeGreaterThan(0);
    const joining = statuses.findIndex((s) => s.joining);
    expect(joining).toBe(statuses.length - 1);
    // Every share at the head before the join was asked for.
    expect(statuses[joining]!.shares.map((s) => s.position)).toEqual([head, head]);
    expect(statuses.slice(0, joining).some((s) => s.joining)).toBe(false);
    const db = new Database(ledger, { readonly: true });
    const checkpoints = db
      .prepare('SELECT name, position FROM checkpoints ORDER BY name')
      .all() as Array<{ name: string; position: number }>;
    const shares = db
      .prepare("SELECT count(*) FROM checkpoints WHERE name LIKE '%@%'")
      .pluck()
      .get();
    db.close();
    // The split read models joined into their own names, at the head; the shares' saves gone.
    const split = statuses[0]!.shares[1]!.projections.map((n) => n.split('@')[0]);
    expect(split.length).toBeGreaterThan(0);
    expect(checkpoints.map((c) => c.name).sort()).toEqual(projections.map((p) => p.name).sort());
    for (const name of split) expect(checkpoints).toContainEqual({ name, position: head });
    expect(shares).toBe(0);
  }, 120_000);

  /** Each worker the rebuild makes, shown to `made` as it is made with its script's name. */
  const watchWorkers = (made: (script: string, worker: threads.Worker) => void) => {
    const Original = threads.Worker;
    return jest.spyOn(threads, 'Worker').mockImplementation((file, options) => {
      const w = new Original(file, options);
      made(basename(String(file)).replace(/\.[jt]s$/, ''), w);
      return w;
    });
  };

  it('boots the joining worker only once a share is done, on the core that share leaves', async () => {
    const { ledger, head } = await examplesLedger();
    const seen: string[] = [];
    // Each worker as it is made, and each share's end as its worker says it.
    const made = watchWorkers((script, w) => {
      seen.push(`${script} made`);
      w.on('message', (m: { done?: true }) => {
        if (m.done) seen.push(`${script} done`);
      });
    });
    try {
      await rebuildAll(ledger, head, 2);
    } finally {
      made.mockRestore();
    }
    expect(seen.slice(0, 2)).toEqual(['rebuild-worker made', 'rebuild-worker made']);
    expect(seen.indexOf('join-worker made')).toBe(seen.indexOf('rebuild-worker done') + 1);
    expect(seen.filter((e) => e === 'join-worker made')).toHaveLength(1);
  }, 120_000);

  it('returns once the read models are joined, and saves the directory while they are put back', async () => {
    const { ledger, head } = await examplesLedger();
    const seen: string[] = [];
    // What the joining worker says, in order, beside the moment the rebuild returns.
    const made = watchWorkers((script, w) => {
      if (script === 'join-worker')
        w.on('message', (m: object) => seen.push(`joiner: ${Object.keys(m).join()}`));
    });
    const rebuild = rebuildOnWorkers({
      url: `sqlite:${ledger}`,
      workers: 2,
      projections,
      directory: true,
    });
    try {
      await rebuild.run(
        projections.map((p) => p.name),
        head,
        () => undefined,
      );
      seen.push('returned');
      await rebuild.settled();
      seen.push('settled');
    } finally {
      made.mockRestore();
    }
    expect(seen).toEqual(['joiner: whole', 'returned', 'joiner: directory', 'settled']);
    const db = new Database(ledger, { readonly: true });
    const saved = db.prepare('SELECT position FROM ledger_directory_head').pluck().all();
    db.close();
    expect(saved).toEqual([head]);
  }, 120_000);

  it('tells, on one worker (nothing to join), that its share has reached the head', async () => {
    const { ledger, head } = await examplesLedger();
    const statuses: RebuildStatus[] = [];
    await rebuildAll(ledger, head, 1, (s) => statuses.push(structuredClone(s)));
    expect(statuses.at(-1)!.shares.map((s) => s.position)).toEqual([head]);
    expect(statuses.some((s) => s.joining)).toBe(false);
  }, 120_000);
});
