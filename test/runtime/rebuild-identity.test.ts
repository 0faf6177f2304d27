import { copyFileSync } from 'node:fs';
import { catalogue } from '../../src/contexts/catalogue';
import { projections } from '../../src/contexts/projections';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { rebuildOnWorkers } from '../../src/ledger/parallel-rebuild';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import type { RebuildStatus } from '../../src/ledger/runner-options';
import { SqliteProjectionStateStore } from '../../src/ledger/projection-state-store';
import { readModelDigests } from '../../src/ledger/read-model-digest';
import { shareNames, shareOf } from '../../src/ledger/split-rebuild';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { cli } from '../support/cli';
import { tempDbPath } from '../support/temp';
import { collect } from '../support/events';

/**
 * Every read model of the examples is the same, to its SHA-256, however it was built: caught up
 * live in one thread, rebuilt by one worker or two, or rebuilt, stopped half way and resumed.
 */
describe('a read model is the same however it was rebuilt', () => {
  let ledger: string;
  let head: number;
  const copy = () => {
    const path = tempDbPath();
    copyFileSync(ledger, path);
    return path;
  };
  const open = (path: string) => new SqliteEventStore(path, { upcast: catalogue.upcast });
  const digestsOf = async (path: string) => {
    const store = open(path);
    try {
      return readModelDigests(new SqliteProjectionStateStore(store.db), projections);
    } finally {
      await store.close();
    }
  };
  const rebuilt = async (path: string, ...args: string[]) => {
    const run = await cli('rebuild', '--store', `sqlite:${path}`, '--json', ...args);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return JSON.parse(run.stdout) as { head: number; readModels: unknown[] };
  };

  const metaKeys = (path: string) => {
    const store = open(path);
    try {
      return store.db.prepare('SELECT key FROM ledger_meta').pluck().all() as string[];
    } finally {
      void store.close();
    }
  };
  /** The ledger directory as saved: its head, its timeline in order, its entries by map and key. */
  const directoryOf = (path: string) => {
    const store = open(path);
    try {
      const db = store.db;
      const column = (of: string) =>
        Buffer.concat(
          db
            .prepare(`SELECT ${of} FROM ledger_directory_timeline ORDER BY chunk`)
            .pluck()
            .all() as Buffer[],
        ).toString('hex');
      return {
        head: db.prepare('SELECT * FROM ledger_directory_head').all(),
        positions: column('positions'),
        times: column('times'),
        entries: db
          .prepare('SELECT map, key, value FROM ledger_directory_entries ORDER BY map, key')
          .all(),
      };
    } finally {
      void store.close();
    }
  };

  beforeAll(async () => {
    ledger = tempDbPath();
    const store = open(ledger);
    await loadExamplesIfEmpty(store);
    head = await store.headPosition();
    await store.close();
  });

  let live: Awaited<ReturnType<typeof digestsOf>>;
  it('caught up live in one thread: every read model saved at the head', async () => {
    const path = copy();
    const store = open(path);
    const runner = new ProjectionRunner(
      store,
      new SqliteProjectionStateStore(store.db),
      projections,
    );
    runner.start();
    await runner.caughtUp();
    runner.stop();
    await store.close();
    live = await digestsOf(path);
    expect(live).toHaveLength(projections.length);
    for (const d of live) expect(d).toMatchObject({ position: head, sha256: /^[0-9a-f]{64}$/ });
  }, 60_000);

  it('rebuilt by one worker and by two: the same digests as the live catch-up', async () => {
    const [onePath, twoPath] = [copy(), copy()];
    const one = await rebuilt(onePath, '--workers', '1');
    const two = await rebuilt(twoPath, '--workers', '2');
    expect(one).toEqual({ head, readModels: live });
    expect(two).toEqual({ head, readModels: live });
    // Two shares each noted their own facts: joined, the directory one pass makes.
    const directory = directoryOf(onePath);
    expect(directory.entries.length).toBeGreaterThan(50);
    expect(directory.head).toMatchObject([{ position: head }]);
    expect(directoryOf(twoPath)).toEqual(directory);
  }, 120_000);

  it('split by streams over three workers: the same digests, and no share left saved', async () => {
    const path = copy();
    const three = await rebuilt(path, '--workers', '3');
    expect(three).toEqual({ head, readModels: live });
    const store = open(path);
    const left = store.db
      .prepare(
        "SELECT name FROM checkpoints WHERE name LIKE '%@%' UNION SELECT key FROM ledger_meta WHERE key LIKE 'split-rebuild:%'",
      )
      .all();
    await store.close();
    expect(left).toEqual([]);
  }, 120_000);

  /** A rebuild elsewhere on worker threads (the directory too), each progress also shown `seen`. */
  const onWorkers = (
    store: SqliteEventStore,
    options: { workers: number; saveEvery: number; letGoAfter?: number; progressMs?: number },
    seen: (status: RebuildStatus, to: number) => void = () => undefined,
  ) => ({
    minFacts: 1,
    run: (
      behind: readonly string[],
      to: number,
      progress: (status: RebuildStatus) => void,
      signal?: AbortSignal,
    ) =>
      rebuildOnWorkers({
        url: store.url,
        projections,
        directory: true,
        minFacts: 1,
        ...options,
      }).run(
        behind,
        to,
        (status) => {
          progress(status);
          seen(status, to);
        },
        signal,
      ),
  });

  /**
   * A rebuild on `workers` workers, saving every `saveEvery` facts, stopped at the first progress
   * `stopWhen` picks: where each of `names` was saved by then.
   */
  const stoppedHalfWay = async (
    path: string,
    workers: number,
    saveEvery: number,
    names: string[],
    stopWhen: (status: RebuildStatus, to: number) => boolean,
  ) => {
    const store = open(path);
    const states = new SqliteProjectionStateStore(store.db);
    const runner: ProjectionRunner = new ProjectionRunner(store, states, projections, {
      // Told of every page, to be stopped between two of them.
      rebuildElsewhere: onWorkers(store, { workers, saveEvery, progressMs: 0 }, (status, to) => {
        if (stopWhen(status, to)) runner.stop();
      }),
    });
    runner.start();
    await expect(runner.caughtUp()).rejects.toThrow(/stopped before it caught up/);
    const saved = names.map((name) => states.checkpointOf(name)?.position ?? 0);
    await store.close();
    return saved;
  };

  /**
   * Two workers saving every 100 facts (a share has saved well before half the ledger), stopped
   * once a share is past half the ledger, short of its end: where each read model and each share
   * of it was saved by then.
   */
  const twoStoppedPastHalf = (path: string) =>
    stoppedHalfWay(
      path,
      2,
      100,
      projections.flatMap((p) => [p.name, ...shareNames(p.name, 2)]),
      (status, to) => status.shares.some((s) => s.position >= to / 2 && s.position < to),
    );

  it('stopped half way, then resumed from what the workers saved: the same digests', async () => {
    const path = copy();
    // On two workers each share reads its own streams: the split read models are saved under
    // their shares' names, the rest (the first share's) as they are, and left to be checked.
    const saved = await twoStoppedPastHalf(path);
    // Some read model was saved part of the way: the resumed rebuild starts from there.
    expect(saved.some((position) => position > 0 && position < head)).toBe(true);
    expect(metaKeys(path)).toContain('split-rebuild-unchecked');

    const resumed = await rebuilt(path, '--workers', '2');
    expect(resumed).toEqual({ head, readModels: live });
    expect(metaKeys(path).filter((k) => k.startsWith('split-rebuild'))).toEqual([]);
  }, 120_000);

  it('a split stopped half way, then rebuilt --from-scratch on as many workers: nothing of the shares kept, the same digests', async () => {
    const path = copy();
    const saved = await twoStoppedPastHalf(path);
    expect(saved.some((position) => position > 0 && position < head)).toBe(true);
    // From scratch: a share's save stands on the read model's rows it wrote, dropped with them.
    const again = await rebuilt(path, '--workers', '2', '--from-scratch');
    expect(again).toEqual({ head, readModels: live });
  }, 120_000);

  const shares = ['competitions@1of3', 'competitions@2of3', 'competitions@3of3'];
  /** Stops once a share of the competitions is two pages in (its first save made), not done. */
  const aShareTwoPagesIn = () => {
    const pages: number[] = [];
    const last: number[] = [];
    return (status: RebuildStatus, to: number) => {
      status.shares.forEach((s, i) => {
        if (!s.projections.some((n) => shares.includes(n))) return;
        if (s.position <= 0 || s.position >= to || s.position === last[i]) return;
        last[i] = s.position;
        pages[i] = (pages[i] ?? 0) + 1;
      });
      return pages.some((n) => n >= 2);
    };
  };

  it('split over three workers, stopped half way, resumed by each share: the same digests', async () => {
    const path = copy();
    const saved = await stoppedHalfWay(path, 3, 200, shares, aShareTwoPagesIn());
    // A share of the competitions was saved part of the way; the read model itself not at all.
    expect(saved.some((position) => position > 0 && position < head)).toBe(true);

    const resumed = await rebuilt(path, '--workers', '3');
    expect(resumed).toEqual({ head, readModels: live });
  }, 120_000);

  it('a split stopped half way, then rebuilt on two workers: its shares dropped, the same digests', async () => {
    const path = copy();
    const saved = await stoppedHalfWay(path, 3, 200, shares, aShareTwoPagesIn());
    expect(saved.some((position) => position > 0)).toBe(true);
    const two = await rebuilt(path, '--workers', '2');
    expect(two).toEqual({ head, readModels: live });
    const store = open(path);
    const left = store.db
      .prepare("SELECT DISTINCT name FROM projection_partitions WHERE name LIKE '%@%'")
      .all();
    await store.close();
    expect(left).toEqual([]);
  }, 120_000);

  it('a roster fact on a competition stream (an old ledger): the competitions rebuilt whole, the same digests', async () => {
    const path = copy();
    const store = open(path);
    // Written past the gate, as appends before the streams were checked could: the shares that
    // skip this stream miss a fact of the club's roster, so their rosters differ.
    await store.appendToStream('competition-club-pairs-2026', [
      {
        id: '01890000-0000-7000-8000-00000000beef',
        type: 'PlayerRegistered',
        occurredAt: '2026-03-01T10:00:00.000Z',
        data: { clubId: 'dsb', playerId: 'dsb-zoe', name: 'Zoë Voorbeeld', status: 'member' },
        metadata: { clubId: 'dsb' },
      },
    ]);
    await store.close();
    const one = copy();
    copyFileSync(path, one);
    const whole = await rebuilt(one, '--workers', '1');
    const split = await rebuilt(path, '--workers', '3');
    expect(split).toEqual(whole);
    expect(whole.head).toBe(head + 1);
  }, 120_000);

  it('a roster fact on a competition stream the second of two shares reads: the roster rebuilt whole, the same digests', async () => {
    const path = copy();
    const store = open(path);
    // On two workers every share reads only its own streams; the roster is the first share's.
    // The competition begun last: the second share's, shared out at the head of the rebuild
    // (this fact and the one after it on).
    const [theSecondShares, begun] = store.db
      .prepare(
        `SELECT stream_id, min(position) AS first FROM events WHERE stream_id LIKE 'competition-%'
          GROUP BY stream_id ORDER BY first DESC LIMIT 1`,
      )
      .raw()
      .get() as [string, number];
    const last = await store.headPosition();
    expect(shareOf(begun, { of: 2, first: 1 / 2, at: last + 2 })).toBe(1);
    await store.appendToStream(theSecondShares, [
      {
        id: '01890000-0000-7000-8000-00000000f00d',
        type: 'PlayerRegistered',
        occurredAt: '2026-03-01T10:00:00.000Z',
        data: { clubId: 'dsb', playerId: 'dsb-zoe', name: 'Zoë Voorbeeld', status: 'member' },
        metadata: { clubId: 'dsb' },
      },
    ]);
    // A fact after it, on the club's own stream: the misplaced one is not the last (which the
    // catch-up after the rebuild would fold anyway).
    await store.appendToStream(
      'club-dsb-players',
      [
        {
          id: '01890000-0000-7000-8000-00000000f00e',
          type: 'PlayerRegistered',
          occurredAt: '2026-03-01T10:05:00.000Z',
          data: { clubId: 'dsb', playerId: 'dsb-yves', name: 'Yves Voorbeeld', status: 'member' },
          metadata: { clubId: 'dsb' },
        },
      ],
      { expectedRevision: 'any' },
    );
    await store.close();
    const one = tempDbPath();
    copyFileSync(path, one);
    const whole = await rebuilt(one, '--workers', '1');
    expect(await rebuilt(path, '--workers', '2')).toEqual(whole);
    expect(metaKeys(path).filter((k) => k.startsWith('split-rebuild'))).toEqual([]);
  }, 120_000);

  it('rebuilt from scratch over read models already at the head: the same digests', async () => {
    const path = copy();
    await rebuilt(path, '--workers', '2');
    const again = await rebuilt(path, '--workers', '1', '--from-scratch');
    expect(again.readModels).toEqual(live);
    expect(await digestsOf(path)).toEqual(live);
  }, 120_000);

  it('partitions let go once saved and unnamed for 5 facts, read back when named again: the same digests', async () => {
    const path = copy();
    // A late fact for the first competition (its last fact sent again, as a club re-sends a
    // result): named again long after it was let go.
    const store = open(path);
    const stream = store.db
      .prepare(
        "SELECT stream_id FROM events WHERE stream_id LIKE 'competition-%' ORDER BY position LIMIT 1",
      )
      .pluck()
      .get() as string;
    const [last] = await collect(store.readStream(stream, { direction: 'backwards', maxCount: 1 }));
    await store.appendToStream(stream, [
      {
        id: '01890000-0000-7000-8000-00000000cafe',
        type: last!.type,
        occurredAt: last!.occurredAt,
        data: last!.data,
        metadata: last!.metadata,
      },
    ]);
    await store.close();
    const whole = tempDbPath();
    copyFileSync(path, whole);
    const caughtUpLive = await rebuilt(whole, '--workers', '1');

    const again = open(path);
    const states = new SqliteProjectionStateStore(again.db);
    const readBack = jest.spyOn(states, 'loadSomePartitions');
    const runner = new ProjectionRunner(again, states, projections, {
      until: head + 1,
      saveEvery: 5,
      letGoAfter: 5,
    });
    runner.start();
    await runner.ended();
    runner.save();
    // Competitions were let go: fewer in memory at the end than saved; the first read back.
    const kept = Object.keys(
      runner.state<{ competitions: object }>('competitions')!.state.competitions,
    );
    const saved = again.db
      .prepare(
        "SELECT count(*) FROM projection_partitions WHERE name = 'competitions' AND key LIKE 'competition:%'",
      )
      .pluck()
      .get() as number;
    expect(kept.length).toBeLessThan(saved);
    expect(readBack).toHaveBeenCalledWith('competitions', [
      `competition:${stream.slice('competition-'.length)}`,
    ]);
    await again.close();
    expect(await digestsOf(path)).toEqual(caughtUpLive.readModels);
  }, 60_000);

  it('rebuilt on two workers letting go of partitions unnamed for 50 facts: the same digests', async () => {
    const path = copy();
    const store = open(path);
    const states = new SqliteProjectionStateStore(store.db);
    const runner = new ProjectionRunner(store, states, projections, {
      rebuildElsewhere: onWorkers(store, { workers: 2, saveEvery: 20, letGoAfter: 50 }),
    });
    runner.start();
    await runner.caughtUp();
    runner.stop();
    await store.close();
    expect(await digestsOf(path)).toEqual(live);
  }, 120_000);

  it('a store that keeps no read models is refused, naming what it needs (exit 2)', async () => {
    const run = await cli('rebuild', '--store', 'memory:');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/read models are saved only in a SQLite ledger/);
  });
});
