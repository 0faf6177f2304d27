import { RuleViolation } from '../../src/kernel/rule-violation';
import type { EventCatalogue } from '../../src/kernel/catalogue';
import type { EventToAppend } from '../../src/kernel/envelope';
import { appendThroughGate as appendBatch } from '../../src/ledger/append-through-gate';
import { DomainGate } from '../../src/ledger/domain-gate';
import { validateAppend } from '../../src/ledger/validate-append';
import type { EventStore } from '../../src/store/event-store';
import type { Batch } from './history';

/** One fact the deciders refused: its stream, type, rule and reason. */
export interface Refusal {
  streamId: string;
  type: string;
  rule: string;
  reason: string;
}

export interface GateRun {
  batches: number;
  /** Facts written. */
  appended: number;
  /** Facts the deciders refused (each dropped, its batch retried without it). */
  refused: Refusal[];
}

/**
 * Appends batches the way the HTTP and CLI writers do (validateAppend, then the DomainGate's
 * check → append → appended, one stream's batch at a time). A batch the deciders refuse is
 * retried without the refused fact (its index is in the violation's field, `events[i]…`), so
 * every refusal of the history is counted, and so are the facts that then fail because they
 * depended on a dropped one. With `strict`, the first refusal throws instead.
 */
export async function appendThroughGate(
  store: EventStore,
  catalogue: EventCatalogue,
  batches: Iterable<Batch>,
  options: { strict?: boolean } = {},
): Promise<GateRun> {
  const gate = new DomainGate(store);
  const run: GateRun = { batches: 0, appended: 0, refused: [] };
  for (const b of batches) {
    run.batches++;
    let events: EventToAppend[] = validateAppend(catalogue, b.streamId, 'any', b.events);
    while (events.length > 0) {
      try {
        await appendBatch(gate, store, { streamId: b.streamId, expectedRevision: 'any', events });
        run.appended += events.length;
        break;
      } catch (err) {
        if (options.strict || !(err instanceof RuleViolation)) throw err;
        const m = /^events\[(\d+)\]/.exec(err.field ?? '');
        if (!m) throw err;
        const i = Number(m[1]);
        const e = events[i];
        run.refused.push({
          streamId: b.streamId,
          type: e.type,
          rule: err.rule,
          reason: err.reason,
        });
        events = events.filter((_, k) => k !== i);
      }
    }
  }
  return run;
}

/** Refusals counted by rule and type, e.g. `NZ-7 SubstitutePlayed` → 26. */
export function refusalsByRule(refused: readonly Refusal[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of refused) {
    const key = `${r.rule} ${r.type}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
