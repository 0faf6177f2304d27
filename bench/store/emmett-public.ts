import { join } from 'node:path';
import type { EventToAppend } from '../../src/kernel/envelope';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { emmettPublicStore, toEmmett } from '../lib/emmett';
import { config, freshDir, log, removeDir, settle, since } from '../lib/harness';
import { makeBatch, streamName } from '../lib/payloads';

/**
 * Emmett's public store (getSQLiteEventStore) as an application would use it, beside the
 * adapter, on `publicEvents` events in batches of `batchSize` (one stream a batch), taking
 * turns 20 batches at a time; then each reads every stream back with readStream. For a file,
 * Emmett's store opens and closes a connection on every call, so this is slow by design and
 * run on fewer events; its durability is WAL + this SQLite build's default synchronous (FULL).
 */

const TURN = 20;

export async function emmettPublicRound(round: number): Promise<{
  append: { adapter: number; emmett: number };
  readStream: { adapter: number; emmett: number };
}> {
  const dir = freshDir(`emmett-public-${round}`);
  try {
    const adapter = new SqliteEventStore(join(dir, 'adapter.db'));
    const emmett = emmettPublicStore(join(dir, 'emmett.db'));
    const streams = Math.ceil(config.publicEvents / config.batchSize);
    const t = { adapter: 0, emmett: 0 };
    for (let first = 0, turn = 0; first < streams; first += TURN, turn++) {
      const batches: EventToAppend[][] = [];
      for (let s = first; s < Math.min(streams, first + TURN); s++) {
        batches.push(makeBatch(s, 0, config.batchSize));
      }
      const converted = batches.map((b) => b.map(toEmmett));
      const runAdapter = async () => {
        settle();
        const start = process.hrtime.bigint();
        for (let i = 0; i < batches.length; i++) {
          await adapter.appendToStream(streamName(first + i), batches[i], {
            expectedRevision: 'no_stream',
          });
        }
        t.adapter += since(start);
      };
      const runEmmett = async () => {
        settle();
        const start = process.hrtime.bigint();
        for (let i = 0; i < converted.length; i++) {
          await emmett.appendToStream(streamName(first + i), converted[i], {
            expectedStreamVersion: 0n,
          });
        }
        t.emmett += since(start);
      };
      if (turn % 2 === 0) {
        await runAdapter();
        await runEmmett();
      } else {
        await runEmmett();
        await runAdapter();
      }
    }
    const events = streams * config.batchSize;
    const append = { adapter: events / t.adapter, emmett: events / t.emmett };
    const r = { adapter: 0, emmett: 0 };
    let clubs = 0;
    for (let s = 0; s < streams; s++) {
      const id = streamName(s);
      const order = s % 2 === 0 ? ['adapter', 'emmett'] : ['emmett', 'adapter'];
      for (const who of order) {
        const start = process.hrtime.bigint();
        if (who === 'adapter') {
          for await (const e of adapter.readStream(id)) clubs += e.metadata.clubId ? 1 : 0;
          r.adapter += since(start);
        } else {
          const result = await emmett.readStream(id);
          for (const e of result.events) {
            clubs += (e.metadata as { clubId?: string }).clubId ? 1 : 0;
          }
          r.emmett += since(start);
        }
      }
    }
    if (clubs !== 2 * events) throw new Error(`read back ${clubs} of ${2 * events}`);
    await adapter.close();
    const readStream = { adapter: events / r.adapter, emmett: events / r.emmett };
    log(
      `  round ${round + 1} emmett public store: append ${Math.round(append.emmett)} ev/s (adapter ${Math.round(append.adapter)}), readStream ${Math.round(readStream.emmett)} ev/s (adapter ${Math.round(readStream.adapter)})`,
    );
    return { append, readStream };
  } finally {
    removeDir(dir);
  }
}
