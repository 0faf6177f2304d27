import type { Writable } from 'node:stream';
import type { EventStore } from '../../store/event-store';
import { GENESIS_HASH } from '../../store/seal';
import { exportLine, hashBefore, readRaw, withChain } from '../../audit/raw-records';

/**
 * Writes the log as stored, one recorded envelope a line, honouring back-pressure. Each line
 * carries its event's `hash`: the stored seal, or for a store that keeps none
 * (EventStoreDB) the chain computed now. An export that starts after position 1 names, on its
 * first line, the `previousHash` it chains from.
 */
export async function exportLog(
  store: EventStore,
  out: Writable,
  options: { fromPosition?: number; toPosition?: number },
  onProgress: (position: number) => void = () => undefined,
): Promise<number> {
  let count = 0;
  const previous = await hashBefore(store, options.fromPosition ?? 1);
  for await (const r of withChain(readRaw(store, options), previous)) {
    count += 1;
    const line = exportLine(r, count === 1 && previous !== GENESIS_HASH ? previous : undefined);
    if (!out.write(line + '\n')) {
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    if (count % 1000 === 0) onProgress(r.position);
  }
  return count;
}
