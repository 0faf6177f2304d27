/**
 * A restart after a clean stop: the read model and the ledger directory saved at the head. An
 * answer of one club "now", before the saved read model is put back, is then its club's
 * partitions as saved, found through the saved directory read by key: no stream folded again,
 * the same answer as a full replay. Anything appended since, or a directory of another
 * version, and the answer folds what changed, as before.
 */
import { competitions, standingsOf, championshipOf } from '../../src/contexts/pairs/projection';
import { answerNowFromSaved } from '../../src/contexts/pairs/read/competition-slice';
import { savedDirectoryKeys } from '../../src/ledger/directory-keys';
import { DIRECTORY_VERSION, directoryOf } from '../../src/ledger/ledger-directory';
import { replayFromStore } from '../../src/audit/replay';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import {
  DSB,
  examplesServedAndStopped,
  pairEntered,
  playerRegistered,
  removeTempDirs,
} from '../app/support-dsb';

afterAll(removeTempDirs);

/** The examples served once and stopped: every read model and the directory saved at the head. */
const servedAndStopped = () => examplesServedAndStopped({ directory: true });

describe('an answer now from what was saved at the head', () => {
  let store: SqliteEventStore;
  beforeAll(async () => {
    store = await servedAndStopped();
  });
  afterAll(() => store.close());

  it('the DSB standing is its club’s saved partitions as they are, no stream read, the replay’s answer', async () => {
    const replay = (await replayFromStore(store, competitions)).state;
    const slice = await answerNowFromSaved(store, { competitionId: DSB }, (s) => s);
    expect(slice.streams).toEqual([]);
    expect(slice.eventsRead).toBe(0);
    expect(slice.state.position).toBe(await store.headPosition());
    expect(standingsOf(slice.state, DSB)).toEqual(standingsOf(replay, DSB));
    // The directory was not read whole (this process's is still empty), and only the club's
    // partitions were read: no other club's competition is there.
    expect(directoryOf(store).position).toBe(0);
    expect(Object.keys(slice.state.competitions).every((id) => id.startsWith('dsb-'))).toBe(true);
  });

  it('a club’s championship of a season (DSB-11) too', async () => {
    const replay = (await replayFromStore(store, competitions)).state;
    const slice = await answerNowFromSaved(store, { clubId: 'dsb', season: '2014-2015' }, (s) => s);
    expect(slice.eventsRead).toBe(0);
    expect(directoryOf(store).position).toBe(0);
    expect(championshipOf(slice.state, 'dsb', '2014-2015')).toEqual(
      championshipOf(replay, 'dsb', '2014-2015'),
    );
  });

  it('the saved directory read by key names the club’s streams and their partitions', () => {
    const head = store.db.prepare('SELECT max(position) FROM events').pluck().get() as number;
    const keys = savedDirectoryKeys(store.db, DIRECTORY_VERSION, head)!;
    expect(keys.clubsOfCompetition(DSB)).toEqual(['dsb']);
    expect(keys.streamsOfClub('dsb')).toEqual(
      expect.arrayContaining(['club-dsb', `competition-${DSB}`]),
    );
    expect(keys.partitionsOfStream(`competition-${DSB}`)).toContain(`competition:${DSB}`);
    // Not at the head, or of another version: not read by key at all.
    expect(savedDirectoryKeys(store.db, DIRECTORY_VERSION, head - 1)).toBeUndefined();
    expect(savedDirectoryKeys(store.db, 'another', head)).toBeUndefined();
  });

  it('after a fact appended since, the answer folds what changed and holds the new pair', async () => {
    await store.appendToStream('club-dsb-players', ['dsb-x1', 'dsb-x2'].map(playerRegistered));
    await store.appendToStream(`competition-${DSB}`, [
      pairEntered('dsb-p99', ['dsb-x1', 'dsb-x2']),
    ]);
    const replay = (await replayFromStore(store, competitions)).state;
    const slice = await answerNowFromSaved(store, { competitionId: DSB }, (s) => s);
    expect(slice.eventsRead).toBeGreaterThan(0);
    expect(directoryOf(store).position).toBe(await store.headPosition());
    expect(slice.state.position).toBe(await store.headPosition());
    expect(standingsOf(slice.state, DSB)).toEqual(standingsOf(replay, DSB));
    expect(JSON.stringify(standingsOf(slice.state, DSB))).toContain('dsb-p99');
  });
});
