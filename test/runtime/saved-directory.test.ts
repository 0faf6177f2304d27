import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import { planAppend } from '../../src/ledger/append-file';
import { DIRECTORY_VERSION, LedgerDirectory } from '../../src/ledger/ledger-directory';
import { examplesDir } from '../../src/ledger/load-examples';
import {
  type DirectorySaves,
  type DirectorySnapshot,
  SqliteDirectorySaves,
  savedDirectoryOf,
  TIMELINE_CHUNK,
} from '../../src/ledger/saved-directory';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { BACKGROUND_SLICE_MS, inSlices } from '../../src/ledger/background-slices';
import { tempDbPath } from '../support/temp';

/**
 * The ledger directory (which streams hold a club's facts, the timeline) is saved in
 * a SQLite ledger's file, so that a CLI diff or what-if reads the facts after the save, not
 * $all. A saved directory must answer exactly as a pass over $all does, and one that is not of
 * this ledger or this version is not used.
 */

async function examplesLedger(
  path: string,
  files = ['nz-club-pairs-2026.ndjson', 'dsb-groenlo-2014-2015.ndjson'],
) {
  const store = new SqliteEventStore(path, { upcast: catalogue.upcast });
  for (const file of files)
    for (const b of await planAppend(join(examplesDir()!, file), catalogue))
      await store.appendToStream(b.streamId, b.events);
  return store;
}

/** A saved directory's entries, every page. */
/** The NZ example season in a new ledger, its directory read to the head and saved once. */
async function directorySavedOnce() {
  const path = tempDbPath();
  const store = await examplesLedger(path, ['nz-club-pairs-2026.ndjson']);
  const head = await store.headPosition();
  await new LedgerDirectory(store, savedDirectoryOf(store), 1).catchUp();
  return { store, head, saves: new SqliteDirectorySaves(store.db, false) };
}

const entriesOf = (saved: DirectorySnapshot) => [...saved.entryPages()].flat();

/** Everything a directory answers, for the clubs and competitions of the examples. */
function answers(d: LedgerDirectory, head: number) {
  const clubs = ['karori', 'dsb', 'nobody'];
  const competitions = ['club-pairs-2026', 'dsb-2014-c1', 'dsb-2014-c4', 'none'];
  const out: unknown[] = [d.position];
  for (const c of clubs)
    out.push(d.streamsOfClub(c).sort(), d.competitionsOfSeason(c, '2014-2015'));
  for (const id of competitions) {
    out.push(d.clubsOfCompetition(id), d.competitionDatesOf(id));
    out.push(d.partitionsOfStream(`competition-${id}`).sort());
    out.push(d.streamsOfPartition(`competition:${id}`).sort());
  }
  for (let p = 0; p <= head + 2; p += 37) {
    out.push(d.lastPosition({ toPosition: p }));
    out.push(d.streamWithin('competition-club-pairs-2026', p));
  }
  for (const asOf of ['2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z'])
    out.push(d.lastPosition({ asOf }));
  return out;
}

describe('the ledger directory saved in the SQLite file', () => {
  it('is saved once it has read enough facts, and a read-only process restores it and reads nothing of $all', async () => {
    const path = tempDbPath();
    const store = await examplesLedger(path);
    const head = await store.headPosition();
    const built = new LedgerDirectory(store, savedDirectoryOf(store), 100);
    await built.catchUp();
    expect(built.eventsRead).toBe(head);

    const reader = new SqliteEventStore(path, { readOnly: true, upcast: catalogue.upcast });
    const restored = new LedgerDirectory(reader, savedDirectoryOf(reader));
    await restored.catchUp();
    expect(restored.restoredAt).toBe(head);
    expect(restored.eventsRead).toBe(0);
    expect(answers(restored, head)).toEqual(answers(built, head));
    reader.close();
    store.close();
  });

  it('reads its saved timeline only when an answer needs it: not for an answer as of now, once for one as of an instant or an earlier position', async () => {
    const path = tempDbPath();
    const store = await examplesLedger(path);
    const head = await store.headPosition();
    const built = new LedgerDirectory(store, savedDirectoryOf(store), 100);
    await built.catchUp();
    const timeline = jest.spyOn(SqliteDirectorySaves.prototype as never, 'timeline');
    try {
      const reader = new SqliteEventStore(path, { readOnly: true, upcast: catalogue.upcast });
      const restored = new LedgerDirectory(reader, savedDirectoryOf(reader));
      await restored.catchUp();
      // As of now: the maps, the head.
      expect(restored.position).toBe(head);
      expect(restored.lastPosition({})).toBe(head);
      expect(restored.lastPosition({ toPosition: head + 10 })).toBe(head);
      expect(restored.streamsOfClub('dsb')).toEqual(built.streamsOfClub('dsb'));
      expect(timeline).not.toHaveBeenCalled();
      // As of an earlier position: the timeline, read once, and every answer the same.
      expect(restored.lastPosition({ toPosition: head - 1 })).toBe(head - 1);
      expect(answers(restored, head)).toEqual(answers(built, head));
      expect(timeline).toHaveBeenCalledTimes(1);
      reader.close();
    } finally {
      timeline.mockRestore();
      store.close();
    }
  });

  it('refuses a saved timeline another process replaced after the maps were read: the answer is asked again, never given from two directories', async () => {
    const path = tempDbPath();
    const store = await examplesLedger(path);
    const head = await store.headPosition();
    await new LedgerDirectory(store, savedDirectoryOf(store), 100).catchUp();
    const reader = new SqliteEventStore(path, { readOnly: true, upcast: catalogue.upcast });
    const restored = new LedgerDirectory(reader, savedDirectoryOf(reader));
    await restored.catchUp();
    // Another process's first save of a directory of its own replaces the timeline.
    const saves = new SqliteDirectorySaves(store.db, false);
    const good = saves.load()!;
    const { positions, times } = good.timeline();
    saves.save({
      ...good,
      entries: entriesOf(good),
      positions: positions.subarray(0, head - 3),
      times: times.subarray(0, head - 3),
      position: head - 3,
      firstChunk: 0,
      replace: true,
    });
    expect(() => restored.lastPosition({ asOf: '2015-01-01T00:00:00Z' })).toThrow(
      /replaced while it was read/,
    );
    reader.close();
    store.close();
  });

  it('saved again by another process while its entries were read: read from $all instead', async () => {
    const { store, head, saves } = await directorySavedOnce();
    const moved: DirectorySaves = {
      ...saves,
      chunk: saves.chunk,
      writable: () => false,
      save: () => undefined,
      load: () => ({ ...saves.load()!, current: () => false }),
    };
    const d = new LedgerDirectory(store, moved, 1_000_000);
    await d.catchUp();
    expect(d.restoredAt).toBe(0);
    expect(d.eventsRead).toBe(head);
    const fresh = new LedgerDirectory(store);
    await fresh.catchUp();
    expect(answers(d, head)).toEqual(answers(fresh, head));
    store.close();
  });

  it('restores its entries a slice at a time: a request waiting meanwhile is answered before the end', async () => {
    const items = Array.from({ length: 12 }, (_, i) => i);
    let restored = 0;
    let answeredAfter: number | undefined;
    setImmediate(() => (answeredAfter = restored));
    await inSlices(items, () => {
      const until = performance.now() + 4;
      while (performance.now() < until); // an entry that takes 4 ms to restore
      restored += 1;
    });
    expect(restored).toBe(12);
    expect(answeredAfter).toBeGreaterThan(0);
    expect(answeredAfter).toBeLessThan(12);
  });

  it('a request waits behind one background slice at most: 1 ms entries, answered after the first slice’s, however long the list', async () => {
    const items = Array.from({ length: 200 }, (_, i) => i);
    let restored = 0;
    const answeredAfter: number[] = [];
    // A request's turns: each posted when the one before is answered.
    const ask = () =>
      setImmediate(() => {
        answeredAfter.push(restored);
        if (answeredAfter.length < 3) ask();
      });
    ask();
    await inSlices(items, () => {
      const until = performance.now() + 1;
      while (performance.now() < until); // an entry that takes 1 ms to restore
      restored += 1;
    });
    expect(restored).toBe(200);
    // A slice ends at the first entry that reaches BACKGROUND_SLICE_MS: never more entries than
    // that many 1 ms ones (a slower machine ends it sooner, never later).
    const slice = Math.ceil(BACKGROUND_SLICE_MS);
    expect(answeredAfter).toHaveLength(3);
    answeredAfter.forEach((after, turn) => expect(after).toBeLessThanOrEqual((turn + 1) * slice));
  });

  it('catches up from the saved position: only the facts after the save are read', async () => {
    const path = tempDbPath();
    const store = await examplesLedger(path, ['dsb-groenlo-2014-2015.ndjson']);
    const savedAt = await store.headPosition();
    await new LedgerDirectory(store, savedDirectoryOf(store), 1).catchUp();
    for (const b of await planAppend(join(examplesDir()!, 'nz-club-pairs-2026.ndjson'), catalogue))
      await store.appendToStream(b.streamId, b.events);
    const head = await store.headPosition();

    const reader = new SqliteEventStore(path, { readOnly: true, upcast: catalogue.upcast });
    const restored = new LedgerDirectory(reader, savedDirectoryOf(reader));
    await restored.catchUp();
    expect(restored.restoredAt).toBe(savedAt);
    expect(restored.eventsRead).toBe(head - savedAt);
    const fresh = new LedgerDirectory(reader);
    await fresh.catchUp();
    expect(answers(restored, head)).toEqual(answers(fresh, head));
    reader.close();
    store.close();
  });

  it('is not saved below the threshold, nor by a process that opened the ledger read-only', async () => {
    const path = tempDbPath();
    const store = await examplesLedger(path, ['nz-club-pairs-2026.ndjson']);
    await new LedgerDirectory(store, savedDirectoryOf(store), 1_000_000).catchUp();
    expect(new SqliteDirectorySaves(store.db, false).load()).toBeUndefined();
    const reader = new SqliteEventStore(path, { readOnly: true, upcast: catalogue.upcast });
    await new LedgerDirectory(reader, savedDirectoryOf(reader), 1).catchUp();
    expect(new SqliteDirectorySaves(store.db, false).load()).toBeUndefined();
    reader.close();
    store.close();
  });

  it('of another version, or of another ledger (its last event not the one at its position), is read again from $all', async () => {
    const { store, head, saves } = await directorySavedOnce();
    const good = saves.load()!;
    expect(good.version).toBe(DIRECTORY_VERSION);
    expect(good.position).toBe(head);

    for (const bad of [
      { ...good, version: '0/0' },
      { ...good, lastId: '0193f1d2-4a6b-7c00-8a00-00000000dead' },
      { ...good, position: head + 5 },
    ]) {
      saves.save({
        ...bad,
        ...good.timeline(),
        entries: entriesOf(good),
        firstChunk: 0,
        replace: true,
      });
      const d = new LedgerDirectory(store, savedDirectoryOf(store), 1_000_000);
      await d.catchUp();
      expect(d.restoredAt).toBe(0);
      expect(d.eventsRead).toBe(head);
    }
    store.close();
  });

  it('is saved piece by piece: a save after more facts writes the timeline from the chunk the last save left partial and the entries those facts changed, the same on a small ledger as on a larger one', async () => {
    const oneMoreFact = async (files: string[]) => {
      const store = await examplesLedger(tempDbPath(), files);
      const saves = new SqliteDirectorySaves(store.db, false);
      const d = new LedgerDirectory(store, saves, 1);
      await d.catchUp();
      const whole = saves.written.bytes;
      const events = await store.headPosition();
      await store.appendToStream('club-karori', [
        {
          id: '0193f1d2-4a6b-7c00-8a00-00000000beef',
          type: 'PlayerRegistered',
          schemaVersion: 3,
          occurredAt: '2026-12-01T10:00:00Z',
          data: { clubId: 'karori', playerId: 'newbie', name: 'A Newcomer', status: 'member' },
        },
      ]);
      await d.catchUp();
      const partial = (events % TIMELINE_CHUNK) + 1;
      store.close();
      return { whole, events, step: saves.written.bytes - whole, partial };
    };
    const small = await oneMoreFact(['nz-club-pairs-2026.ndjson']);
    const large = await oneMoreFact(['nz-club-pairs-2026.ndjson', 'dsb-groenlo-2014-2015.ndjson']);
    expect(large.whole).toBeGreaterThan(2 * small.whole);
    for (const r of [small, large]) {
      // The partial chunk's positions and instants (8 bytes each) and the stream's last entry.
      expect(r.step).toBeGreaterThanOrEqual(16 * r.partial);
      expect(r.step).toBeLessThan(16 * r.partial + 200);
    }
  });

  it('saved in several steps across chunk boundaries, restores as a pass over $all reads', async () => {
    const path = tempDbPath();
    const store = new SqliteEventStore(path, { upcast: catalogue.upcast });
    // Pieces of 100 events, so that the examples' facts span several.
    const d = new LedgerDirectory(store, new SqliteDirectorySaves(store.db, false, 100), 1);
    for (const file of ['nz-club-pairs-2026.ndjson', 'dsb-groenlo-2014-2015.ndjson'])
      for (const b of await planAppend(join(examplesDir()!, file), catalogue)) {
        await store.appendToStream(b.streamId, b.events);
        if (b.events.length > 20) await d.catchUp();
      }
    await d.catchUp();
    const head = await store.headPosition();
    expect(head).toBeGreaterThan(5 * 100);
    const reader = new SqliteEventStore(path, { readOnly: true, upcast: catalogue.upcast });
    const restored = new LedgerDirectory(reader, new SqliteDirectorySaves(reader.db, true, 100));
    await restored.catchUp();
    expect(restored.restoredAt).toBe(head);
    const fresh = new LedgerDirectory(reader);
    await fresh.catchUp();
    expect(answers(restored, head)).toEqual(answers(fresh, head));
    reader.close();
    store.close();
  });
});
