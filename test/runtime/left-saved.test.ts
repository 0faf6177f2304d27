/**
 * A service restarted on a long ledger puts back the clubs' rulebooks and rosters and leaves
 * every competition and scored session in its save (`leaveCold`), each put back when a fact
 * names it or a reader asks for its club. Given the examples served once and stopped, a
 * restart answers as a full replay does, folds a new fact into a competition it left saved as
 * the replay would, and says on its status how many partitions it has left in their save.
 */
import { competitions, standingsOf, championshipOf } from '../../src/contexts/pairs/projection';
import { projections } from '../../src/contexts/projections';
import { answerNowFromLive } from '../../src/contexts/pairs/read/competition-slice';
import { ColdPartitions } from '../../src/ledger/cold-partitions';
import { directoryOf } from '../../src/ledger/ledger-directory';
import { LiveClubIndex, readModelOf } from '../../src/ledger/live-club-index';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import { SqliteProjectionStateStore } from '../../src/ledger/projection-state-store';
import { replayFromStore } from '../../src/audit/replay';
import { correctionLog } from '../../src/contexts/corrections/projection/correction-log';
import { ledgerStats, type LedgerStats } from '../../src/contexts/ledger-stats';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { catalogue } from '../../src/contexts/catalogue';
import type { CompetitionsState } from '../../src/contexts/pairs/projection';
import {
  DSB,
  examplesServedAndStopped,
  pairEntered,
  playerRegistered,
  removeTempDirs,
} from '../app/support-dsb';

afterAll(removeTempDirs);

/** The examples served once and stopped: every read model saved at the head. */
const servedAndStopped = () => examplesServedAndStopped();

async function restarted(store: SqliteEventStore, leaveCold = true): Promise<ProjectionRunner> {
  const runner = new ProjectionRunner(
    store,
    new SqliteProjectionStateStore(store.db),
    projections,
    {
      leaveCold,
    },
  );
  runner.start();
  await runner.caughtUp();
  return runner;
}

const savedKeys = (store: SqliteEventStore, like: string) =>
  store.db
    .prepare(`SELECT key FROM projection_partitions WHERE name = 'competitions' AND key LIKE ?`)
    .pluck()
    .all(like) as string[];

const competitionsOf = (runner: ProjectionRunner) =>
  runner.state<CompetitionsState>('competitions')!.state;

describe('a restart leaves the competitions in their save until asked for', () => {
  let store: SqliteEventStore;
  beforeEach(async () => {
    store = await servedAndStopped();
  });
  afterEach(() => store.close());

  it('puts back the rulebooks and rosters, not a competition or scored session, and counts what it left', async () => {
    const runner = await restarted(store);
    const state = competitionsOf(runner);
    const cold = [...savedKeys(store, 'competition:%'), ...savedKeys(store, 'board-session:%')];
    expect(cold.length).toBeGreaterThan(5);
    expect(Object.keys(state.competitions)).toEqual([]);
    expect(Object.keys(state.boardSessions)).toEqual([]);
    const replay = (await replayFromStore(store, competitions)).state;
    expect(state.rulebooks).toEqual(replay.rulebooks);
    expect(state.players).toEqual(replay.players);
    expect(state.position).toBe(replay.position);
    expect(runner.status()).toMatchObject({
      caughtUp: true,
      leftSaved: { competitions: cold.length, 'correction-log': expect.any(Number) },
    });
    expect(
      Object.keys(runner.state<{ competitions: object }>('correction-log')!.state.competitions),
    ).toEqual([]);
    runner.stop();
  });

  it('without leaveCold (a runner of its own, a test) every partition is put back as before', async () => {
    const runner = await restarted(store, false);
    const replay = (await replayFromStore(store, competitions)).state;
    expect(JSON.stringify(competitionsOf(runner))).toBe(JSON.stringify(replay));
    expect(runner.status().leftSaved).toBeUndefined();
    runner.stop();
  });

  it('a club asked for is put back whole: its standing and championship (DSB-11) are the replay’s', async () => {
    const runner = await restarted(store);
    await directoryOf(store).catchUp();
    const live = (keys: readonly string[]) =>
      runner.bringBack<CompetitionsState>('competitions', keys)?.state;
    const replay = (await replayFromStore(store, competitions)).state;
    const now = answerNowFromLive(store, { competitionId: DSB }, live, (s) => s)!;
    expect(standingsOf(now, DSB)).toEqual(standingsOf(replay, DSB));
    expect(championshipOf(now, 'dsb', '2014-2015')).toEqual(
      championshipOf(replay, 'dsb', '2014-2015'),
    );
    // Only the club's: another club's competitions are still in their save.
    expect(Object.keys(now.competitions).every((id) => id.startsWith('dsb-'))).toBe(true);
    const left = runner.status().leftSaved!.competitions!;
    expect(left).toBeLessThan(
      savedKeys(store, 'competition:%').length + savedKeys(store, 'board-session:%').length,
    );
    // Asked again: nothing more to read.
    answerNowFromLive(store, { competitionId: DSB }, live, (s) => s);
    expect(runner.status().leftSaved!.competitions).toBe(left);
    runner.stop();
  });

  it('while the directory has not read as far as the live state, no answer from it (the saved partitions answer)', async () => {
    const runner = await restarted(store);
    const live = (keys: readonly string[]) =>
      runner.bringBack<CompetitionsState>('competitions', keys)?.state;
    expect(directoryOf(store).position).toBe(0);
    expect(answerNowFromLive(store, { competitionId: DSB }, live, (s) => s)).toBeUndefined();
    runner.stop();
  });

  it('a fact naming a competition left saved puts it back first: the saved read model is then the replay’s', async () => {
    const runner = await restarted(store);
    await store.appendToStream('club-dsb-players', ['dsb-x1', 'dsb-x2'].map(playerRegistered));
    await store.appendToStream(`competition-${DSB}`, [
      pairEntered('dsb-p99', ['dsb-x1', 'dsb-x2']),
    ]);
    await runner.caughtUp();
    expect(Object.keys(competitionsOf(runner).competitions)).toEqual([DSB]);
    runner.stop();
    const again = await restarted(store, false);
    const replay = (await replayFromStore(store, competitions)).state;
    expect(JSON.stringify(competitionsOf(again))).toBe(JSON.stringify(replay));
    // The correction log's part of the competition too (left saved, put back by the same fact).
    expect(JSON.stringify(again.state('correction-log')!.state)).toBe(
      JSON.stringify((await replayFromStore(store, correctionLog)).state),
    );
    expect(JSON.stringify(standingsOf(replay, DSB))).toContain('dsb-p99');
    again.stop();
  });

  it('the ledger statistics put back as their totals; a stream left saved is put back by its next fact', async () => {
    const runner = await restarted(store);
    const stats = () => runner.state<LedgerStats>('ledger-stats')!.state;
    const { streamRevisions, ...totals } = (await replayFromStore(store, ledgerStats)).state;
    expect(Object.keys(streamRevisions).length).toBeGreaterThan(10);
    expect(stats().streamRevisions).toEqual({});
    expect(stats()).toMatchObject(totals);
    expect(runner.status().leftSaved).toMatchObject({
      'ledger-stats': Object.keys(streamRevisions).length,
    });
    // A fact on a stream left saved: not a new stream. One on a new stream: one more.
    await store.appendToStream('club-dsb-players', [playerRegistered('dsb-x1')]);
    await store.appendToStream('club-dsb-new', [playerRegistered('dsb-x2')]);
    await runner.caughtUp();
    runner.stop();
    const replay = (await replayFromStore(store, ledgerStats)).state;
    expect(replay.streams).toBe(totals.streams + 1);
    expect(stats().streams).toBe(replay.streams);
    expect(Object.keys(stats().streamRevisions).sort()).toEqual(
      ['club-dsb-new', 'club-dsb-players'].sort(),
    );
    const again = await restarted(store, false);
    expect(JSON.stringify(again.state('ledger-stats')!.state)).toBe(JSON.stringify(replay));
    again.stop();
  });

  it('the gate reads a club whole: its competitions as an eager runner has them', async () => {
    const lazy = await restarted(store);
    const eager = await restarted(store, false);
    const indexOf = (runner: ProjectionRunner) =>
      new LiveClubIndex(catalogue.upcast, readModelOf(runner, store));
    const [a, b] = [indexOf(lazy), indexOf(eager)];
    await a.catchUp(store);
    await b.catchUp(store);
    const ids = (index: LiveClubIndex, clubId: string) =>
      index.competitionsOf(clubId).map((c) => c.competition?.competitionId);
    for (const clubId of ['dsb', 'karori', 'pinner', 'lochem']) {
      expect(ids(a, clubId)).toEqual(expect.arrayContaining(ids(b, clubId)));
      expect(ids(a, clubId)).toHaveLength(ids(b, clubId).length);
      expect(a.sessionsOf(clubId)).toEqual(expect.arrayContaining(b.sessionsOf(clubId)));
      expect(a.sessionsOf(clubId)).toHaveLength(b.sessionsOf(clubId).length);
    }
    lazy.stop();
    eager.stop();
  });
});

describe('a saved read model another process wrote under the service', () => {
  it('is not put back: a partition of another checkpoint would fold its facts twice or never', async () => {
    const store = await servedAndStopped();
    const runner = await restarted(store);
    // Another process (a rebuild run on the file) saved the read model at another checkpoint.
    store.db
      .prepare("UPDATE checkpoints SET position = position + 1 WHERE name = 'competitions'")
      .run();
    expect(() => runner.bringBack('competitions', [`competition:${DSB}`])).toThrow(
      /competitions: the saved read model is at \d+ \(version \d+\), not where this process saved it/,
    );
    expect(runner.status().leftSaved?.competitions).toBeGreaterThan(0);
    runner.stop();
    await store.close();
  });
});

describe('a scored session no competition links to', () => {
  it('is put back by its stream when a check asks for it (the directory does not name it the club’s)', async () => {
    const store = await servedAndStopped();
    const session = 'session-karori-Tuesday-Evening-Pairs-1';
    const lazy = await restarted(store);
    const eager = await restarted(store, false);
    const [a, b] = [lazy, eager].map(
      (runner) => new LiveClubIndex(catalogue.upcast, readModelOf(runner, store)),
    );
    await a!.catchUp(store);
    await b!.catchUp(store);
    const expected = b!.sessionOf('karori', session);
    expect(expected).toMatchObject({ streamId: session, scoringMethod: 'MP' });
    expect(a!.sessionOf('karori', session)).toEqual(expected);
    lazy.stop();
    eager.stop();
    await store.close();
  });
});

describe('putting back a partition left in its save', () => {
  const partitions = {
    put: (state: Record<string, unknown>, key: string, value: unknown) => void (state[key] = value),
  };

  it('reads only the keys still away, in one go, and none twice', () => {
    const asked: string[][] = [];
    const states = {
      loadSomePartitions: (_: string, keys: readonly string[]) => {
        asked.push([...keys]);
        return {
          version: 1,
          position: 9,
          partitions: keys.map((k) => [k, `saved ${k}`] as [string, unknown]),
        };
      },
    };
    const cold = ColdPartitions.leftSaved('competitions', partitions as never, states, [
      'a',
      'b',
      'c',
    ]);
    const state: Record<string, unknown> = {};
    cold.bringBack(state, ['a', 'x', 'b']);
    cold.bringBack(state, ['a', 'b']);
    cold.named(state, ['c']);
    expect(asked).toEqual([['a', 'b'], ['c']]);
    expect(state).toEqual({ a: 'saved a', b: 'saved b', c: 'saved c' });
    expect(cold.left).toBe(0);
  });

  it('a partition left in its save and no longer there is a fault named by its key, not an empty partition', () => {
    const states = { loadSomePartitions: () => ({ version: 1, position: 9, partitions: [] }) };
    const cold = ColdPartitions.leftSaved('competitions', partitions as never, states, [
      'competition:gone',
    ]);
    expect(() => cold.bringBack({}, ['competition:gone'])).toThrow(
      'competitions: partition competition:gone was left in its save and is not there',
    );
  });
});
