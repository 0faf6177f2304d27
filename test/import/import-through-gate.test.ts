import { join } from 'node:path';
import { planUsebioImport } from '../../src/cli/commands/import-usebio';
import { RuleViolation } from '../../src/kernel/rule-violation';
import { catalogue } from '../../src/contexts/catalogue';
import type { EventToAppend } from '../../src/kernel/envelope';
import { appendSessions, ImportRefusedError } from '../../src/import/append-session';
import type { SessionFacts } from '../../src/import/facts';
import { DomainGate } from '../../src/ledger/domain-gate';
import type { EventStore, ExpectedRevision } from '../../src/store/event-store';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';

/**
 * `import usebio|pbn` writes through the same deciders as every other writer (HTTP, `append`):
 * a dry run of every session first, then one write of them all. A session a rule forbids
 * refuses the whole import, with nothing written.
 */

const fixture = (name: string) => join(__dirname, '..', 'fixtures', 'usebio', name);

async function sessions(): Promise<SessionFacts[]> {
  const a = await planUsebioImport(fixture('mp-neuberg.xml'), catalogue);
  const b = await planUsebioImport(fixture('cross-imp.xml'), catalogue);
  return [...a.facts, ...b.facts];
}

/** A gate that notes what it is asked, and refuses one stream by a rule, as a decider would. */
class WatchedGate extends DomainGate {
  readonly checked: Array<{ streamId: string; expected: ExpectedRevision; events: number }> = [];
  readonly folded: string[] = [];

  constructor(
    store: EventStore,
    private readonly refuse?: string,
  ) {
    super(store);
  }

  override async check(
    streamId: string,
    events: readonly EventToAppend[],
    expectedRevision: ExpectedRevision,
  ): Promise<ExpectedRevision> {
    this.checked.push({ streamId, expected: expectedRevision, events: events.length });
    if (streamId === this.refuse) {
      throw new RuleViolation('STD-TEST', 'refused by the deciders', 'events[0].data');
    }
    return super.check(streamId, events, expectedRevision);
  }

  override appended(streamId: string, events: readonly EventToAppend[], next: number): void {
    this.folded.push(streamId);
    super.appended(streamId, events, next);
  }
}

describe('import through the deciders', () => {
  it('every imported session is checked by the gate in a dry run, folded in order, then all are written at once', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const all = await sessions();
    const gates: WatchedGate[] = [];
    const outcomes = await appendSessions(store, all, (s) => {
      gates.push(new WatchedGate(s));
      return gates[gates.length - 1]!;
    });
    expect(outcomes.map((o) => o.status)).toEqual(['appended', 'appended']);
    const streams = all.map((f) => f.streamId);
    // One gate: the dry run; the write is one transaction at the revisions it judged (as
    // `bridge-ledger append` writes a file).
    expect(gates).toHaveLength(1);
    expect(gates[0]!.checked).toEqual(
      all.map((f) => ({ streamId: f.streamId, expected: 'no_stream', events: f.events.length })),
    );
    expect(gates[0]!.folded).toEqual(streams);
    expect(await store.headPosition()).toBe(all.reduce((n, f) => n + f.events.length, 0));
  });

  it('a session the deciders refuse refuses the whole import: nothing is written, the refusal names stream, rule and field', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const all = await sessions();
    const second = all[1]!.streamId;
    const error = await appendSessions(store, all, (s) => new WatchedGate(s, second)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportRefusedError);
    const [refusal] = (error as ImportRefusedError).refusals;
    expect(refusal!.streamId).toBe(second);
    expect(refusal!.violation).toMatchObject({ rule: 'STD-TEST', field: 'events[0].data' });
    // Not even the first session, which the deciders accepted.
    expect(await store.headPosition()).toBe(0);
  });

  it('importing again adds nothing and asks the deciders nothing', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const all = await sessions();
    await appendSessions(store, all);
    const head = await store.headPosition();
    const gates: WatchedGate[] = [];
    const again = await appendSessions(store, all, (s) => {
      gates.push(new WatchedGate(s));
      return gates[gates.length - 1]!;
    });
    expect(again.map((o) => o.status)).toEqual(['already-imported', 'already-imported']);
    expect(gates.flatMap((g) => g.checked)).toEqual([]);
    expect(await store.headPosition()).toBe(head);
  });
});
