import { catalogue } from '../contexts/catalogue';
import type { EventStore } from '../store/event-store';
import { openStore } from '../store/open-store';
import {
  checkReadModelsFor,
  detachReadModelFile,
  readFromReadModelFile,
} from '../ledger/read-model-file';
import { err } from './options';

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

/**
 * The store a table command answers from, opened read-only, with a service's read-models file
 * (`--read-models`) to answer from when given: a table is then read from the partitions saved
 * there, not folded again from the ledger. A file of another ledger is not used, with a line on
 * stderr saying why; one that cannot be used at all (a SQLite ledger's store, a file that is a
 * ledger) is refused before the store is opened (exit 2).
 */
export async function openTableStore(o: { store: string; readModels?: string }) {
  if (o.readModels !== undefined) checkReadModelsFor(o.store);
  const store = await openStore(o.store, { upcast: catalogue.upcast, readOnly: true });
  if (o.readModels === undefined) return store;
  try {
    const { unused } = await readFromReadModelFile(store, o.readModels);
    if (unused)
      err(`read models in ${o.readModels} not used (${unused}): answering from the ledger`);
    return store;
  } catch (e) {
    await store.close();
    throw e;
  }
}

/** Closes what `openTableStore` opened: the read-models file, then the store. */
export async function closeTableStore(store: EventStore): Promise<void> {
  try {
    await detachReadModelFile(store);
  } finally {
    await store.close();
  }
}
