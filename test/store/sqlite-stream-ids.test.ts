import { streamIds } from '../../src/store/sqlite/read-except';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { fact } from '../support/events';
import { tempDbPath } from '../support/temp';

/**
 * The streams of a SQLite ledger as a split rebuild's share lists them (one seek of the streams'
 * index a stream): every stream once, in id order, whatever its facts' order in $all.
 */
describe("a SQLite ledger's streams, listed stream by stream", () => {
  it('lists none for an empty ledger', async () => {
    const store = new SqliteEventStore(tempDbPath());
    expect(streamIds(store.db)).toEqual([]);
    await store.close();
  });

  it('lists each stream once, in id order, as a walk of every fact would', async () => {
    const store = new SqliteEventStore(tempDbPath());
    // Interleaved in $all, ids that are prefixes of each other, one stream of many facts.
    for (const s of ['competition-b', 'club-a', 'competition-b', 'competition-b-2', 'club-a'])
      await store.appendToStream(s, [fact(), fact()]);
    await store.appendToStream('competition-a', [fact()]);
    expect(streamIds(store.db)).toEqual([
      'club-a',
      'competition-a',
      'competition-b',
      'competition-b-2',
    ]);
    const walked = store.db
      .prepare('SELECT stream_id FROM events GROUP BY stream_id ORDER BY stream_id')
      .pluck()
      .all();
    expect(streamIds(store.db)).toEqual(walked);
    await store.close();
  });
});
