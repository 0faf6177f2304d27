import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EventStore } from '../store/event-store';
import { err } from './options';

/**
 * For the commands that write (append, import, serve): one stderr line saying where the store
 * is (a SQLite file by its absolute path, "created" when the command made it), so that a
 * command run from another folder does not write to a `./data/ledger.db` nobody looks at.
 */
export async function announceStore(
  url: string,
  open: () => Promise<EventStore>,
): Promise<EventStore> {
  const path = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : undefined;
  const file = path && path !== ':memory:' ? resolve(path) : undefined;
  const existed = file === undefined || existsSync(file);
  const store = await open();
  err(file ? `store: sqlite:${file}${existed ? '' : ' (created)'}` : `store: ${store.url}`);
  return store;
}
