import { RuleViolation } from '../kernel/rule-violation';
import type { EventToAppend } from '../kernel/envelope';
import type { AppendResult, EventStore, ExpectedRevision } from '../store/event-store';
import { DomainGate } from './domain-gate';

/** One stream's batch, as every writer proposes it (validated against the catalogue first). */
export interface GatedBatch {
  streamId: string;
  expectedRevision: ExpectedRevision;
  events: readonly EventToAppend[];
}

/**
 * How HTTP appends a batch: the deciders check the batch (DomainGate.check, which throws a
 * RuleViolation), the store appends it at the revision the decision was made on, and the gate
 * folds it, one caller at a time through the gate (`exclusive`), and — when several processes
 * serve one store — a decision that reads beyond its stream under the store's lock of its club
 * (`decisionLock`). The writers of several
 * batches (`bridge-ledger append`, `import usebio|pbn`) judge them all in a dry run
 * (`refusalsThroughGate`), then write them at once (`writeBatches`, append-file.ts).
 */
export function appendThroughGate(
  gate: DomainGate,
  store: EventStore,
  { streamId, expectedRevision, events }: GatedBatch,
): Promise<AppendResult> {
  return gate.exclusive(async () => {
    // Several instances on one store: a club-wide decision holds the store's lock to its append.
    const unlock = await gate.decisionLock(streamId, events);
    try {
      const expected = await gate.check(streamId, events, expectedRevision);
      const result = await store.appendToStream(streamId, events, { expectedRevision: expected });
      gate.appended(streamId, events, result.nextExpectedRevision);
      return result;
    } finally {
      await unlock?.();
    }
  });
}

/**
 * A dry run of the deciders over several batches, in order, before any is written: each
 * accepted batch is folded by a gate of its own as if appended, so a later batch is judged
 * after the earlier ones. Returns every refused batch (its index and violation); other errors
 * are thrown.
 */
export async function refusalsThroughGate(
  store: EventStore,
  batches: readonly GatedBatch[],
  gate: DomainGate = new DomainGate(store),
): Promise<Array<{ index: number; violation: RuleViolation }>> {
  const refused: Array<{ index: number; violation: RuleViolation }> = [];
  const revisions = new Map<string, number>();
  for (const [index, b] of batches.entries()) {
    try {
      const expected = await gate.check(b.streamId, b.events, b.expectedRevision);
      const base = revisions.get(b.streamId) ?? (typeof expected === 'number' ? expected : -1);
      revisions.set(b.streamId, base + b.events.length);
      gate.appended(b.streamId, b.events, base + b.events.length);
    } catch (err) {
      if (!(err instanceof RuleViolation)) throw err;
      refused.push({ index, violation: err });
    }
  }
  return refused;
}

/**
 * A whole file's check and write (`bridge-ledger append`, an import) under the store's
 * ledger-wide decision lock, where the store offers one (several instances on one PostgreSQL):
 * no club's decision through a service instance slips between the file's dry run and its
 * write. A store of one process offers none, and the work runs as it is.
 */
export async function withLedgerLock<T>(
  store: Pick<EventStore, 'lock'>,
  work: () => Promise<T>,
): Promise<T> {
  const unlock = await store.lock?.(undefined);
  try {
    return await work();
  } finally {
    await unlock?.();
  }
}
