import type { EventToAppend } from '../../src/kernel/envelope';
import type { ExpectedRevision } from '../../src/store/event-store';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { EmmettConnectionStore, toEmmett, type EmmettEvent } from '../lib/emmett';
import { RawStore } from '../lib/raw-store';

export type Contender = 'raw' | 'adapter' | 'emmett' | 'before';

/**
 * `before`: the SQLite adapter of another checkout, compiled (BENCH_BEFORE: its
 * bench/.work/dist/src/store/sqlite/sqlite-event-store.js), as a contender in the same process,
 * interleaved with this one: the cost of a change to the adapter (the hash chain) measured
 * side by side in one run.
 */
function beforeAdapter(file: string): SqliteEventStore {
  const path = process.env.BENCH_BEFORE;
  if (!path) throw new Error('contender before: set BENCH_BEFORE to the old sqlite-event-store.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const old = require(path) as { SqliteEventStore: typeof SqliteEventStore };
  return new old.SqliteEventStore(file);
}

export type Touch = (data: unknown, metadata: { clubId?: string }) => void;

/** The same work behind one face, so the benchmarks can interleave contenders slice by slice. */
export interface Writer {
  /** Untimed preparation of a batch (Emmett's event shape); identity for the others. */
  prepare(events: EventToAppend[]): unknown;
  append(streamId: string, prepared: unknown, expected: ExpectedRevision): Promise<void> | void;
  close(): Promise<void> | void;
}

/** Reads everything in global order, `max` events per call; returns how many it read (0 = done). */
export interface Reader {
  read(max: number, touch: Touch): Promise<number> | number;
  close(): Promise<void> | void;
}

export async function openWriter(c: Contender, file: string): Promise<Writer> {
  if (c === 'raw') {
    const s = new RawStore(file);
    return {
      prepare: (events) => events,
      append: (id, events, expected) => {
        s.append(id, events as EventToAppend[], expected);
      },
      close: () => s.close(),
    };
  }
  if (c === 'adapter' || c === 'before') {
    const s = c === 'before' ? beforeAdapter(file) : new SqliteEventStore(file);
    return {
      prepare: (events) => events,
      append: async (id, events, expected) => {
        await s.appendToStream(id, events as EventToAppend[], { expectedRevision: expected });
      },
      close: () => s.close(),
    };
  }
  const s = await EmmettConnectionStore.open(file);
  return {
    prepare: (events) => events.map(toEmmett),
    // Emmett's expected version counts events: 0n = a new stream, revision r = version r+1.
    append: async (id, events, expected) => {
      const version = expected === 'no_stream' ? 0n : BigInt(expected as number) + 1n;
      await s.append(id, events as EmmettEvent[], version);
    },
    close: () => s.close(),
  };
}

export async function openReader(c: Contender, file: string): Promise<Reader> {
  if (c === 'raw') {
    const s = new RawStore(file);
    return { read: (max, touch) => s.readSome(max, touch), close: () => s.close() };
  }
  if (c === 'adapter' || c === 'before') {
    const s = c === 'before' ? beforeAdapter(file) : new SqliteEventStore(file);
    const it = s.readAll()[Symbol.asyncIterator]();
    return {
      read: async (max, touch) => {
        let n = 0;
        while (n < max) {
          const next = await it.next();
          if (next.done) break;
          touch(next.value.data, next.value.metadata);
          n += 1;
        }
        return n;
      },
      close: () => s.close(),
    };
  }
  const s = await EmmettConnectionStore.open(file);
  return { read: (max, touch) => s.readSome(max, touch), close: () => s.close() };
}

/** Rotates the order of contenders slice by slice, so none always goes first. */
export const rotate = <T>(xs: readonly T[], k: number): T[] =>
  xs.map((_, i) => xs[(i + k) % xs.length]);
