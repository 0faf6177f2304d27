import { lastPositionOf, readAllExcept, streamStarts } from '../../src/store/sqlite/read-except';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import type { RecordedEvent } from '../../src/kernel/envelope';
import { fact } from '../support/events';
import { tempDbPath } from '../support/temp';

/**
 * What a split rebuild's share reads of a SQLite ledger: the streams, each listed with where its
 * first fact stands (one seek of the streams' index a stream), and $all less the other shares'
 * streams, the table walked only over the stretch its own streams stand in.
 */
describe("a SQLite ledger's streams and facts, as a share of a split rebuild reads them", () => {
  /**
   * $all: club-a 1-2, competition-b 3-4, club-a 5-6, competition-c 7-8, competition-b 9-10,
   * club-a 11-12, competition-c 13-14.
   */
  const ledger = async () => {
    const store = new SqliteEventStore(tempDbPath());
    for (const s of [
      'club-a',
      'competition-b',
      'club-a',
      'competition-c',
      'competition-b',
      'club-a',
      'competition-c',
    ])
      await store.appendToStream(s, [fact(), fact()]);
    return store;
  };
  const positions = async (events: AsyncIterable<RecordedEvent>) => {
    const out: number[] = [];
    for await (const e of events) out.push(e.position);
    return out;
  };

  it('lists no stream for an empty ledger', async () => {
    const store = new SqliteEventStore(tempDbPath());
    expect(streamStarts(store.db)).toEqual([]);
    expect(lastPositionOf(store.db)('club-a')).toBe(0);
    await store.close();
  });

  it('lists each stream once, in id order, with its first and last facts, as a walk of every fact would', async () => {
    const store = new SqliteEventStore(tempDbPath());
    // Interleaved in $all, ids that are prefixes of each other, one stream of many facts.
    for (const s of ['competition-b', 'club-a', 'competition-b', 'competition-b-2', 'club-a'])
      await store.appendToStream(s, [fact(), fact()]);
    await store.appendToStream('competition-a', [fact()]);
    expect(streamStarts(store.db)).toEqual([
      ['club-a', 3],
      ['competition-a', 11],
      ['competition-b', 1],
      ['competition-b-2', 7],
    ]);
    const walked = store.db
      .prepare('SELECT stream_id, min(position) FROM events GROUP BY stream_id ORDER BY stream_id')
      .raw()
      .all();
    expect(streamStarts(store.db)).toEqual(walked);
    const last = lastPositionOf(store.db);
    expect(['club-a', 'competition-a', 'competition-b'].map(last)).toEqual([10, 11, 6]);
    await store.close();
  });

  it("reads everyone's facts outside the stretch and its own within it, in position order", async () => {
    const store = await ledger();
    // The second share: competition-c (7-14) its own, competition-b another's, club-a everyone's.
    const read = readAllExcept(store.db, ['competition-b'], undefined, {
      from: 7,
      to: 14,
      everyone: ['club-a'],
    });
    expect(await positions(read())).toEqual([1, 2, 5, 6, 7, 8, 11, 12, 13, 14]);
    // The first share: competition-b (3-10) its own, competition-c another's.
    const first = readAllExcept(store.db, ['competition-c'], undefined, {
      from: 3,
      to: 10,
      everyone: ['club-a'],
    });
    expect(await positions(first())).toEqual([1, 2, 3, 4, 5, 6, 9, 10, 11, 12]);
    await store.close();
  });

  it('reads page by page as the runner asks: from a position, to a position, so many at most', async () => {
    const store = await ledger();
    const read = readAllExcept(store.db, ['competition-b'], undefined, {
      from: 7,
      to: 14,
      everyone: ['club-a'],
    });
    expect(await positions(read({ fromPosition: 2, maxCount: 3 }))).toEqual([2, 5, 6]);
    expect(await positions(read({ fromPosition: 6, maxCount: 3 }))).toEqual([6, 7, 8]);
    expect(await positions(read({ fromPosition: 8, toPosition: 12 }))).toEqual([8, 11, 12]);
    expect(await positions(read({ fromPosition: 12, maxCount: 10 }))).toEqual([12, 13, 14]);
    expect(await positions(read({ fromPosition: 15 }))).toEqual([]);
    await store.close();
  });

  it("reads everyone's facts alone for a share with no streams of its own", async () => {
    const store = await ledger();
    const read = readAllExcept(store.db, ['competition-b', 'competition-c'], undefined, {
      from: 1,
      to: 0,
      everyone: ['club-a'],
    });
    expect(await positions(read())).toEqual([1, 2, 5, 6, 11, 12]);
    await store.close();
  });
});
