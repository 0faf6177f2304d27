import { v7 as uuidv7 } from 'uuid';
import type { EventToAppend } from '../../src/kernel/envelope';

let n = 0;

/** A test fact. The store does not know the catalogue, so any PascalCase type will do. */
export function fact(
  type = 'BoardScored',
  data: Record<string, unknown> = {},
  extra: Partial<EventToAppend> = {},
): EventToAppend {
  n += 1;
  return {
    id: uuidv7(),
    type,
    occurredAt: '2026-03-02T19:30:00+13:00',
    data: { n, ...data },
    metadata: { clubId: 'club-1', actor: 'test' },
    ...extra,
  };
}

export const facts = (count: number, type?: string) =>
  Array.from({ length: count }, () => fact(type));

export async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}
