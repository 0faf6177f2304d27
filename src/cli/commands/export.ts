import type { Writable } from 'node:stream';
import type { EventStore } from '../../store/event-store';
import { exportLine, readRaw } from '../../runtime/raw-records';

/** Writes the log as stored, one recorded envelope a line, honouring back-pressure. */
export async function exportLog(
  store: EventStore,
  out: Writable,
  options: { fromPosition?: number; toPosition?: number },
  onProgress: (position: number) => void = () => undefined,
): Promise<number> {
  let count = 0;
  for await (const r of readRaw(store, options)) {
    count += 1;
    if (!out.write(exportLine(r) + '\n')) {
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    if (count % 1000 === 0) onProgress(r.position);
  }
  return count;
}
