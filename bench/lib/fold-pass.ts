import 'reflect-metadata';
import '../../src/contexts/built-in';
import '../../src/rulesets';
import { catalogue } from '../../src/contexts/catalogue';
import { projections } from '../../src/contexts/projections';
import { LedgerDirectory } from '../../src/ledger/ledger-directory';
import { ProjectionRunner } from '../../src/ledger/projection-runner';
import { MemoryProjectionStateStore } from '../../src/ledger/projection-state-store';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';

/**
 * One pass of the runner over a ledger's facts, a page at a time as a rebuild worker reads them,
 * folding the read models of `only` (by name, and the directory as `directory`; every one when
 * `only` is undefined, none for an empty list), nothing saved: the pass's milliseconds. With
 * `facts`, the pass ends at the ledger's `facts`-th fact.
 */
export async function foldPass(
  file: string,
  options: { only?: readonly string[]; facts?: number } = {},
): Promise<number> {
  const { only, facts } = options;
  const store = new SqliteEventStore(file, { upcast: catalogue.upcast, readOnly: true });
  try {
    const until =
      facts === undefined
        ? await store.headPosition()
        : (store.readAllPage!({ fromPosition: facts, maxCount: 1 })[0]?.position ?? 0);
    const directory =
      !only || only.includes('directory') ? new LedgerDirectory(undefined) : undefined;
    const folded = only ? projections.filter((p) => only.includes(p.name)) : projections;
    const runner = new ProjectionRunner(store, new MemoryProjectionStateStore(), folded, {
      until,
      saveEvery: Number.MAX_SAFE_INTEGER,
      ...(directory ? { observe: (e) => directory.follow(e) } : {}),
    });
    const t = performance.now();
    runner.start();
    await runner.ended();
    return performance.now() - t;
  } finally {
    await store.close();
  }
}
