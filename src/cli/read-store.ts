import { catalogue } from '../contexts/catalogue';
import type { EventStore } from '../store/event-store';
import { openStore } from '../store/open-store';

/** Runs a read-only command's query on the store at `url`, closing it afterwards. */
export async function withReadStore<T>(
  url: string,
  run: (store: EventStore) => Promise<T>,
): Promise<T> {
  const store = await openStore(url, { upcast: catalogue.upcast, readOnly: true });
  try {
    return await run(store);
  } finally {
    await store.close();
  }
}
