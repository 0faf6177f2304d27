import { factsOfStreams } from '../../src/store/sqlite/read-streams';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import type { RecordedEvent } from '../../src/kernel/envelope';
import { fact } from '../support/events';
import { tempDbPath } from '../support/temp';

/**
 * What the audit's copy road reads of a SQLite ledger for a group of clubs: the facts of the
 * group's streams, in $all's order, found through the streams' index; the same facts, field for
 * field, as $all gives them.
 */
describe("a few streams' facts of a SQLite ledger, in $all's order", () => {
  /** Five streams taking turns, `rounds` times, two facts a turn. */
  const ledger = async (rounds: number) => {
    const store = new SqliteEventStore(tempDbPath());
    for (let r = 0; r < rounds; r++)
      for (const s of ['club-a', 'competition-b', 'competition-c', 'club-d', 'shared'])
        await store.appendToStream(s, [fact(), fact()]);
    return store;
  };
  const everything = async (store: SqliteEventStore) => {
    const out: RecordedEvent[] = [];
    for await (const e of store.readAll()) out.push(e);
    return out;
  };

  it("gives the named streams' facts as $all does, in position order, across pages of positions", async () => {
    // 260 turns of five streams: 2,600 facts, the three named ones' 1,560: two pages and a part.
    const store = await ledger(260);
    const named = ['competition-b', 'shared', 'club-d'];
    const read = [...factsOfStreams(store.db, named)];
    const expected = (await everything(store)).filter((e) => named.includes(e.streamId));
    expect(read).toHaveLength(1_560);
    expect(read).toEqual(expected);
    await store.close();
  });

  it('a stream named twice is read once; a stream the ledger does not hold gives nothing; none named, no fact', async () => {
    const store = await ledger(3);
    const twice = [...factsOfStreams(store.db, ['club-a', 'club-a', 'no-such-stream'])];
    expect(twice.map((e) => e.position)).toEqual([1, 2, 11, 12, 21, 22]);
    expect([...factsOfStreams(store.db, [])]).toEqual([]);
    await store.close();
  });

  it('each fact upcast as the store reads it', async () => {
    const store = await ledger(2);
    const read = [...factsOfStreams(store.db, ['club-d'], (e) => ({ ...e, type: `${e.type}.v2` }))];
    expect(read.map((e) => [e.position, e.type])).toEqual([
      [7, 'BoardScored.v2'],
      [8, 'BoardScored.v2'],
      [17, 'BoardScored.v2'],
      [18, 'BoardScored.v2'],
    ]);
    await store.close();
  });

  it('two readers on one connection, taking turns, each give their own streams', async () => {
    const store = await ledger(2);
    const a = factsOfStreams(store.db, ['club-a']);
    const first = a.next().value as RecordedEvent;
    const d = [...factsOfStreams(store.db, ['club-d'])];
    const rest = [...a];
    expect([first, ...rest].map((e) => e.position)).toEqual([1, 2, 11, 12]);
    expect(d.map((e) => e.position)).toEqual([7, 8, 17, 18]);
    await store.close();
  });
});
