import { join } from 'node:path';
import type { EventToAppend } from '../../src/kernel/envelope';
import { config, freshDir, log, removeDir, settle, since } from '../lib/harness';
import { makeBatch, streamName } from '../lib/payloads';
import {
  openReader,
  openWriter,
  rotate,
  type Contender,
  type Reader,
  type Writer,
} from './contenders';

/**
 * (a) batched appends and (b) readAll with JSON parsing. `events` events in batches of
 * `batchSize`, one batch per stream (10,000 streams of 100 events at 1,000,000), each batch
 * appended with expected revision `no_stream`.
 *
 * The machine is shared and fsync-bound, so contenders are interleaved finely: each writes
 * its own fresh file, all are open at once, and they take turns a chunk of 100 batches
 * (10,000 events) at a time, in an order that rotates every chunk; each one's store time is
 * summed. Generating a chunk's payloads happens before and is not timed.
 */

export interface BatchedRound {
  append: Partial<Record<Contender, number>>;
  read: Partial<Record<Contender, number>>;
}

const CHUNK_BATCHES = 100;
const READ_SLICE = 10_000;

async function appendRound(dir: string, contenders: Contender[]) {
  const writers = new Map<Contender, Writer>();
  const seconds = new Map<Contender, number>(contenders.map((c) => [c, 0]));
  for (const c of contenders) writers.set(c, await openWriter(c, join(dir, `${c}.db`)));
  const streams = Math.ceil(config.events / config.batchSize);
  let chunk = 0;
  for (let first = 0; first < streams; first += CHUNK_BATCHES, chunk++) {
    const batches: EventToAppend[][] = [];
    for (let s = first; s < Math.min(streams, first + CHUNK_BATCHES); s++) {
      batches.push(
        makeBatch(s, 0, Math.min(config.batchSize, config.events - s * config.batchSize)),
      );
    }
    for (const c of rotate(contenders, chunk)) {
      const w = writers.get(c)!;
      const prepared = batches.map((b) => w.prepare(b));
      settle();
      const t = process.hrtime.bigint();
      for (let i = 0; i < prepared.length; i++) {
        await w.append(streamName(first + i), prepared[i], 'no_stream');
      }
      seconds.set(c, seconds.get(c)! + since(t));
    }
  }
  for (const w of writers.values()) await w.close();
  const rates: Partial<Record<Contender, number>> = {};
  for (const c of contenders) rates[c] = config.events / seconds.get(c)!;
  return rates;
}

/**
 * Raw and adapter read the SAME file (the adapter's), so they see the same pages; Emmett
 * reads its own (its own schema), and so does `before` (the old schema's row). They take turns 10,000 events at a time.
 */
async function readRound(dir: string, contenders: Contender[]) {
  const readers = new Map<Contender, Reader>();
  const seconds = new Map<Contender, number>(contenders.map((c) => [c, 0]));
  const counts = new Map<Contender, number>(contenders.map((c) => [c, 0]));
  const sharedFile = join(dir, contenders.includes('adapter') ? 'adapter.db' : 'raw.db');
  for (const c of contenders) {
    // Emmett and the adapter before a change (`before`) read the files they wrote.
    const own = c === 'emmett' || c === 'before';
    readers.set(c, await openReader(c, own ? join(dir, `${c}.db`) : sharedFile));
  }
  let clubs = 0;
  const touch = (_data: unknown, metadata: { clubId?: string }) => {
    clubs += metadata.clubId === undefined ? 0 : 1;
  };
  for (let slice = 0; ; slice++) {
    let progressed = false;
    for (const c of rotate(contenders, slice)) {
      if (counts.get(c)! >= config.events) continue;
      settle();
      const t = process.hrtime.bigint();
      const n = await readers.get(c)!.read(READ_SLICE, touch);
      seconds.set(c, seconds.get(c)! + since(t));
      counts.set(c, counts.get(c)! + n);
      progressed ||= n > 0;
    }
    if (!progressed) break;
  }
  for (const r of readers.values()) await r.close();
  const rates: Partial<Record<Contender, number>> = {};
  for (const c of contenders) {
    if (counts.get(c) !== config.events) throw new Error(`${c} read ${counts.get(c)} events`);
    rates[c] = config.events / seconds.get(c)!;
  }
  if (clubs !== config.events * contenders.length) throw new Error(`metadata lost: ${clubs}`);
  return rates;
}

export async function batchedRound(round: number, contenders: Contender[]): Promise<BatchedRound> {
  const dir = freshDir(`batched-${round}`);
  try {
    const append = await appendRound(dir, contenders);
    for (const c of contenders) {
      log(`  round ${round + 1} append ${c.padEnd(7)} ${Math.round(append[c]!)} events/s`);
    }
    const read = await readRound(dir, contenders);
    for (const c of contenders) {
      log(`  round ${round + 1} read   ${c.padEnd(7)} ${Math.round(read[c]!)} events/s`);
    }
    return { append, read };
  } finally {
    removeDir(dir);
  }
}
