import { catalogue } from '../../src/contexts/catalogue';
import type { RecordedEvent } from '../../src/kernel/envelope';
import { projections, type Projection } from '../../src/contexts/projections';
import {
  championshipOf,
  competitions,
  standingsOf,
  type CompetitionsState,
} from '../../src/contexts/pairs/projection';
import { ledgerStats } from '../../src/contexts/ledger-stats';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import {
  MemoryProjectionStateStore,
  SqliteProjectionStateStore,
  type ProjectionStateStore,
} from '../../src/ledger/projection-state-store';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { replayFromStore } from '../../src/audit/replay';
import type { EventStore } from '../../src/store/event-store';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { tempDbPath } from '../support/temp';

/** The example seasons (DSB Groenlo 2014-15, an NZ club's pairs 2026) as stored. */
let examples: RecordedEvent[];
beforeAll(async () => {
  const store = new MemoryEventStore();
  await loadExamplesIfEmpty(store);
  examples = [];
  for await (const e of store.readAll()) examples.push(e);
  await store.close();
});

/** Appends recorded events one by one to a store, as they were: the same positions. */
async function copy(store: EventStore, events: readonly RecordedEvent[]): Promise<void> {
  for (const e of events) {
    await store.appendToStream(e.streamId, [
      {
        id: e.id,
        type: e.type,
        schemaVersion: e.schemaVersion,
        occurredAt: e.occurredAt,
        data: e.data,
        metadata: e.metadata,
      },
    ]);
  }
}

const json = (x: unknown) => JSON.stringify(x);

/** Every published table of a state: each competition's standings, each club's championships. */
function tables(state: CompetitionsState): string {
  const out: unknown[] = [];
  for (const id of Object.keys(state.competitions)) {
    try {
      out.push(standingsOf(state, id));
    } catch (e) {
      out.push(String(e));
    }
  }
  for (const club of Object.keys(state.rulebooks)) {
    try {
      out.push(championshipOf(state, club, '2014-2015'));
    } catch (e) {
      out.push(String(e));
    }
  }
  return json(out);
}

const sqlite = (path = tempDbPath()) =>
  new SqliteEventStore(path, { upcast: catalogue.upcast, synchronous: 'NORMAL' });

async function caughtUpRunner(
  store: EventStore,
  states: ProjectionStateStore,
  list: ReadonlyArray<Projection<unknown>> = [competitions as Projection<unknown>],
  options = {},
): Promise<ProjectionRunner> {
  // No save but those the test asks for (and stop's): the quiet-time save would race it.
  const runner = new ProjectionRunner(store, states, list, { quietMs: 1e9, ...options });
  runner.start();
  await runner.caughtUp();
  return runner;
}

describe.each([
  [
    'SQLite',
    () => sqlite(),
    (s: EventStore) => new SqliteProjectionStateStore((s as SqliteEventStore).db),
  ],
  [
    'memory',
    () => new MemoryEventStore({ upcast: catalogue.upcast }),
    () => new MemoryProjectionStateStore(),
  ],
] as const)('the competitions read model saved by partitions (%s)', (_, openStore, openStates) => {
  it('a save after an append writes only the partitions the fact names (its competition, club or scored session, and the position), not the ledger', async () => {
    const store = openStore();
    const states = openStates(store);
    const half = Math.floor(examples.length / 2);
    await copy(store, examples.slice(0, half));
    const runner = await caughtUpRunner(store, states);
    const whole = json(runner.state('competitions')!.state).length;
    for (const e of examples.slice(half)) {
      const before = { ...states.written };
      await copy(store, [e]);
      await runner.caughtUp();
      runner.save();
      const state = runner.state<CompetitionsState>('competitions')!.state;
      // The fact as the runner reads it: upcast to today's shape (the roster's club in its data).
      const read = catalogue.upcast(e);
      const named = new Set(competitions.partitions!.keysOf(read, state));
      const present = [...named].filter(
        (k) => competitions.partitions!.get(state, k) !== undefined,
      );
      expect(states.written.saves - before.saves).toBe(1);
      // Only what the fact names (a fact read from outside its stream changes nothing; its
      // partition, if any, is rewritten as it was).
      expect(states.written.rows - before.rows).toBeLessThanOrEqual(named.size);
      const bytes = present.reduce(
        (n, k) => n + json(competitions.partitions!.get(state, k)).length,
        0,
      );
      expect(states.written.bytes - before.bytes).toBeLessThanOrEqual(bytes);
      expect(states.written.bytes - before.bytes).toBeLessThan(whole);
    }
    runner.stop();
    await store.close();
  });

  it('a state loaded from its partitions is the state folded from zero, key order and all, and answers the same tables', async () => {
    const store = openStore();
    const states = openStates(store);
    // Saved after every fact: each partition's rows are what the later ones build on.
    const runner = await caughtUpRunner(store, states);
    for (const e of examples) {
      await copy(store, [e]);
      await runner.caughtUp();
      runner.save();
    }
    runner.stop();
    const replayed = (await replayFromStore(store, competitions)).state;
    const reloaded = await caughtUpRunner(store, states);
    const state = reloaded.state<CompetitionsState>('competitions')!;
    expect(state.position).toBe(examples.length);
    expect(json(state.state)).toBe(json(replayed));
    expect(tables(state.state)).toBe(tables(replayed));
    expect(Object.keys(state.state.competitions).length).toBeGreaterThan(1);
    reloaded.stop();
    await store.close();
  });

  it('every projection of the server (ledger-stats, club-roster, competitions) reloads from its partitions as it was', async () => {
    const store = openStore();
    const states = openStates(store);
    const first = await caughtUpRunner(store, states, projections);
    await copy(store, examples.slice(0, 100));
    await first.caughtUp();
    first.save();
    await copy(store, examples.slice(100));
    await first.caughtUp();
    first.stop();
    const second = await caughtUpRunner(store, states, projections);
    for (const p of projections) {
      const replayed = (await replayFromStore(store, p)).state;
      expect(json(second.state(p.name)!.state)).toBe(json(replayed));
    }
    second.stop();
    await store.close();
  });
});

describe('partitions and checkpoint saved in one transaction (SQLite)', () => {
  /** competitions, counting its applies. */
  function countingCompetitions(version = competitions.version) {
    const p = {
      ...competitions,
      version,
      applied: 0,
      apply(state: CompetitionsState, e: RecordedEvent) {
        p.applied += 1;
        return competitions.apply(state, e, undefined);
      },
    };
    return p;
  }

  it('a crash after facts were applied but before they were saved replays them on restart: nothing skipped, nothing twice', async () => {
    const path = tempDbPath();
    let store = sqlite(path);
    await copy(store, examples.slice(0, 200));
    // Never saves by itself after its catch-up: the process is "killed" before the next save.
    const doomed = await caughtUpRunner(
      store,
      new SqliteProjectionStateStore(store.db),
      [competitions as Projection<unknown>],
      { quietMs: 1e9, saveEvery: 1e9 },
    );
    await copy(store, examples.slice(200));
    await doomed.caughtUp();
    expect(doomed.state('competitions')!.position).toBe(examples.length);
    await store.close(); // the process dies: no stop(), no save

    store = sqlite(path);
    expect(
      store.db
        .prepare("SELECT position FROM checkpoints WHERE name = 'competitions'")
        .pluck()
        .get(),
    ).toBe(200);
    const counted = countingCompetitions();
    const restarted = await caughtUpRunner(store, new SqliteProjectionStateStore(store.db), [
      counted as Projection<unknown>,
    ]);
    expect(counted.applied).toBe(examples.length - 200);
    const replayed = (await replayFromStore(store, competitions)).state;
    expect(json(restarted.state('competitions')!.state)).toBe(json(replayed));
    restarted.stop();
    await store.close();
  });

  it('a save that fails half-way writes nothing, of any projection: the partitions and the checkpoints stay those of the save before, and the next save writes it all', async () => {
    const store = sqlite();
    const states = new SqliteProjectionStateStore(store.db);
    await copy(store, examples.slice(0, 200));
    // ledger-stats is written first, then competitions fails: one transaction, both rolled back.
    const runner = await caughtUpRunner(store, states, [
      ledgerStats as Projection<unknown>,
      competitions as Projection<unknown>,
    ]);
    const rows = () =>
      store.db
        .prepare(
          "SELECT key, state FROM projection_partitions WHERE name = 'competitions' ORDER BY key",
        )
        .all();
    const checkpoint = (name = 'competitions') =>
      store.db.prepare('SELECT position FROM checkpoints WHERE name = ?').pluck().get(name);
    const saved = rows();
    await copy(store, examples.slice(200, 260));
    await runner.caughtUp();
    // The competition of the last fact cannot be serialised: the transaction is rolled back.
    const state = runner.state<CompetitionsState>('competitions')!.state;
    const last = examples
      .slice(200, 260)
      .map((e) => (e.data as { competitionId?: string }).competitionId)
      .filter((id) => id !== undefined)
      .at(-1)!;
    // (Its pairs: a competition is saved in a form of its own, which writes them as they are.)
    const competition = state.competitions[last].pairs as unknown as { toJSON?: () => unknown };
    competition.toJSON = () => {
      throw new Error('disk full');
    };
    expect(() => runner.save()).toThrow('disk full');
    expect(rows()).toEqual(saved);
    expect(checkpoint()).toBe(200);
    expect(checkpoint('ledger-stats')).toBe(200);
    delete competition.toJSON;
    runner.save();
    expect(checkpoint()).toBe(260);
    expect(checkpoint('ledger-stats')).toBe(260);
    runner.stop();
    const reloaded = await caughtUpRunner(store, new SqliteProjectionStateStore(store.db), [
      ledgerStats as Projection<unknown>,
      competitions as Projection<unknown>,
    ]);
    for (const p of [ledgerStats, competitions] as Array<Projection<unknown>>)
      expect(json(reloaded.state(p.name)!.state)).toBe(
        json((await replayFromStore(store, p)).state),
      );
    reloaded.stop();
    await store.close();
  });

  it('a new version of the projection is rebuilt from zero and its partitions replace the old ones', async () => {
    const store = sqlite();
    await copy(store, examples);
    const old = await caughtUpRunner(store, new SqliteProjectionStateStore(store.db));
    old.stop();
    // A stale partition of the old version, which the new one does not have.
    store.db
      .prepare(
        "INSERT INTO projection_partitions (name, key, seq, state) VALUES ('competitions', 'competition:gone', 9999, '{}')",
      )
      .run();
    const next = countingCompetitions(competitions.version + 1);
    const rebuilt = await caughtUpRunner(store, new SqliteProjectionStateStore(store.db), [
      next as Projection<unknown>,
    ]);
    expect(next.applied).toBe(examples.length);
    expect(
      store.db
        .prepare("SELECT version FROM projection_partitioned WHERE name = 'competitions'")
        .pluck()
        .get(),
    ).toBe(competitions.version + 1);
    const keys = store.db
      .prepare("SELECT key FROM projection_partitions WHERE name = 'competitions' ORDER BY seq")
      .pluck()
      .all();
    expect(keys).not.toContain('competition:gone');
    expect(keys).toEqual([
      ...competitions.partitions!.keys(rebuilt.state<CompetitionsState>('competitions')!.state),
    ]);
    rebuilt.stop();
    await store.close();
  });

  it("a state saved by version 9, a competition's results as columns, is rebuilt from the ledger, never read as today's", async () => {
    const store = sqlite();
    await copy(store, examples);
    const replayed = (await replayFromStore(store, competitions)).state;
    // Version 9 kept a competition's results as columns (slot, session, percentage … by row).
    const columns = (results: CompetitionsState['competitions'][string]['results']) => {
      const pairIds = [...new Set(results.map((r) => r.pairId))];
      return {
        competitionId: results[0]?.competitionId ?? '',
        pairIds,
        lastRow: pairIds.map((p) => results.findLastIndex((r) => r.pairId === p)),
        count: results.length,
        slot: results.map((r) => pairIds.indexOf(r.pairId)),
        session: results.map((r) => r.session),
        percentage: results.map((r) => r.percentage),
        boardsPlayed: results.map((r) => r.boardsPlayed),
        group: results.map(() => -1),
        groups: [],
        scored: results.map((r) => (r.source === 'scored' ? 1 : 0)),
        players: results.map((_, i) => i),
        playerLists: results.map((r) => r.players),
        sitOutRounds: results.map((r) => r.sitOutRounds ?? -1),
      };
    };
    const old: CompetitionsState = JSON.parse(json(replayed));
    for (const c of Object.values(old.competitions))
      (c as unknown as { results: unknown }).results = columns(c.results);
    const keys = [...competitions.partitions!.keys(old)];
    expect(competitions.version).toBeGreaterThan(9);
    new SqliteProjectionStateStore(store.db).savePartitions('competitions', {
      version: 9,
      position: examples.length,
      writes: keys.map((key, seq) => ({ key, seq, value: competitions.partitions!.get(old, key) })),
      replace: true,
    });
    const counted = countingCompetitions();
    const runner = await caughtUpRunner(store, new SqliteProjectionStateStore(store.db), [
      counted as Projection<unknown>,
    ]);
    expect(counted.applied).toBe(examples.length);
    const state = runner.state<CompetitionsState>('competitions')!.state;
    expect(json(state)).toBe(json(replayed));
    expect(tables(state)).toBe(tables(replayed));
    for (const c of Object.values(state.competitions)) expect(Array.isArray(c.results)).toBe(true);
    runner.stop();
    await store.close();
  });

  it("a state saved by version 10, a competition's results as the facts recorded, is rebuilt from the ledger, never read as today's", async () => {
    const store = sqlite();
    await copy(store, examples);
    const replayed = (await replayFromStore(store, competitions)).state;
    // Version 10 saved a competition as it is kept: its results a list of the facts recorded.
    const old: CompetitionsState = JSON.parse(json(replayed));
    const keys = [...competitions.partitions!.keys(old)];
    expect(competitions.version).toBeGreaterThan(10);
    new SqliteProjectionStateStore(store.db).savePartitions('competitions', {
      version: 10,
      position: examples.length,
      writes: keys.map((key, seq) => {
        const at = key.startsWith('competition:') ? key.slice('competition:'.length) : undefined;
        const value =
          at === undefined ? competitions.partitions!.get(old, key) : old.competitions[at];
        return { key, seq, value };
      }),
      replace: true,
    });
    const counted = countingCompetitions();
    const runner = await caughtUpRunner(store, new SqliteProjectionStateStore(store.db), [
      counted as Projection<unknown>,
    ]);
    expect(counted.applied).toBe(examples.length);
    const state = runner.state<CompetitionsState>('competitions')!.state;
    expect(json(state)).toBe(json(replayed));
    expect(tables(state)).toBe(tables(replayed));
    runner.save();
    // Saved again in today's form: the results as columns.
    const saved = store.db
      .prepare(
        "SELECT state FROM projection_partitions WHERE name = 'competitions' AND key LIKE 'competition:%'",
      )
      .pluck()
      .all() as string[];
    expect(saved.length).toBeGreaterThan(0);
    for (const v of saved) expect(Array.isArray(JSON.parse(v).results)).toBe(false);
    runner.stop();
    await store.close();
  });

  it('a state saved whole before partitions is taken apart without a replay, then saved by partitions', async () => {
    const store = sqlite();
    await copy(store, examples);
    const states = new SqliteProjectionStateStore(store.db);
    const replayed = (await replayFromStore(store, competitions)).state;
    states.save('competitions', {
      version: competitions.version,
      position: examples.length,
      state: JSON.parse(json(replayed)),
    });
    const counted = countingCompetitions();
    const runner = await caughtUpRunner(store, states, [counted as Projection<unknown>]);
    expect(counted.applied).toBe(0);
    expect(json(runner.state('competitions')!.state)).toBe(json(replayed));
    expect(
      store.db
        .prepare("SELECT COUNT(*) FROM projection_state WHERE name = 'competitions'")
        .pluck()
        .get(),
    ).toBe(0);
    runner.stop();
    const again = await caughtUpRunner(store, new SqliteProjectionStateStore(store.db));
    expect(json(again.state('competitions')!.state)).toBe(json(replayed));
    again.stop();
    await store.close();
  });
});

describe('keysOf names every partition apply changes', () => {
  it.each(projections.map((p) => [p.name, p] as const))('%s', (_, projection) => {
    const partitions = projection.partitions!;
    expect(partitions).toBeDefined();
    let state = projection.initial();
    const snapshot = () => {
      const m = new Map<string, string>();
      for (const k of partitions.keys(state)) m.set(k, json(partitions.get(state, k)));
      return m;
    };
    let before = snapshot();
    for (const e of examples) {
      const upcast = catalogue.upcast(e);
      // Named before the fact is applied, as the runner names them (an acceptance
      // names its correction's target, which the state knows).
      const named = new Set(partitions.keysOf(upcast, state));
      state = projection.apply(state, upcast, undefined);
      const after = snapshot();
      for (const [k, v] of after)
        if (before.get(k) !== v)
          expect([e.position, k, named.has(k)]).toEqual([e.position, k, true]);
      before = after;
    }
  });
});
