import { join } from 'node:path';
import type { EventToAppend } from '../../src/kernel/envelope';
import type { ExpectedRevision } from '../../src/store/event-store';
import { config, freshDir, log, removeDir, settle, since } from '../lib/harness';
import { makeEvent, streamName } from '../lib/payloads';
import { openWriter, rotate, type Contender, type Writer } from './contenders';

/**
 * (c) single-event durable appends (synchronous = FULL: one fsync per append) with the
 * expected-revision check: `singles` appends round-robin over `singleStreams` streams, each
 * with the exact expected revision (`no_stream` for a stream's first event). Contenders each
 * write their own fresh file and take turns SLICE appends at a time, in rotating order.
 */

const SLICE = 250;

interface Single {
  stream: string;
  expected: ExpectedRevision;
  event: EventToAppend;
}

function plan(): Single[] {
  const out: Single[] = [];
  for (let i = 0; i < config.singles; i++) {
    const s = i % config.singleStreams;
    const k = Math.floor(i / config.singleStreams);
    out.push({
      stream: streamName(s),
      expected: k === 0 ? 'no_stream' : k - 1,
      event: makeEvent(s, k),
    });
  }
  return out;
}

export async function singleRound(
  round: number,
  contenders: Contender[],
): Promise<Partial<Record<Contender, number>>> {
  const dir = freshDir(`single-${round}`);
  try {
    const work = plan();
    const writers = new Map<Contender, Writer>();
    const prepared = new Map<Contender, unknown[]>();
    const seconds = new Map<Contender, number>(contenders.map((c) => [c, 0]));
    for (const c of contenders) {
      const w = await openWriter(c, join(dir, `${c}.db`));
      writers.set(c, w);
      prepared.set(
        c,
        work.map((x) => w.prepare([x.event])),
      );
    }
    for (let from = 0, slice = 0; from < work.length; from += SLICE, slice++) {
      const to = Math.min(work.length, from + SLICE);
      for (const c of rotate(contenders, slice)) {
        const w = writers.get(c)!;
        const p = prepared.get(c)!;
        settle();
        const t = process.hrtime.bigint();
        for (let i = from; i < to; i++) await w.append(work[i].stream, p[i], work[i].expected);
        seconds.set(c, seconds.get(c)! + since(t));
      }
    }
    for (const w of writers.values()) await w.close();
    const out: Partial<Record<Contender, number>> = {};
    for (const c of contenders) {
      out[c] = work.length / seconds.get(c)!;
      log(`  round ${round + 1} single ${c.padEnd(7)} ${Math.round(out[c])} appends/s`);
    }
    return out;
  } finally {
    removeDir(dir);
  }
}
