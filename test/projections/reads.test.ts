import { catalogue } from '../../src/contexts/catalogue';
import { projections } from '../../src/contexts/projections';
import type { RecordedEvent } from '../../src/kernel/envelope';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';

/**
 * A read model that names the fact types it reads (`reads`) is not handed the others: it must
 * be exactly as if it had been. Checked over every fact of the examples (clubs, rulebooks and
 * their amendments, rosters, pairs and teams events, leagues, corrections, rulings and appeals,
 * membership, meetings, rubber bridge).
 */
describe('a read model is handed only the fact types it reads', () => {
  let facts: RecordedEvent[];
  beforeAll(async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
    facts = [];
    for await (const e of store.readAll()) facts.push(e);
  });

  const reading = projections.filter((p) => p.reads !== undefined);

  it('is declared by the light read models, not by those that read every fact', () => {
    expect(reading.map((p) => p.name).sort()).toEqual([
      'club-roster',
      'correction-log',
      'leagues',
      'meetings',
      'membership',
      'rubber',
      'teams-events',
    ]);
    expect(facts.length).toBeGreaterThan(1000);
  });

  it.each(reading.map((p) => [p.name, p] as const))(
    '%s: every other fact of the examples leaves its state as it was',
    (_, projection) => {
      let state = projection.initial();
      let skipped = 0;
      let read = 0;
      for (const e of facts) {
        if (projection.reads!.has(e.type)) {
          state = projection.apply(state, e, undefined);
          read += 1;
          continue;
        }
        const before = JSON.stringify(state);
        const after = projection.apply(JSON.parse(before), e, undefined);
        expect(JSON.stringify(after)).toBe(before);
        skipped += 1;
      }
      // Both kinds were there to be told apart.
      expect(read).toBeGreaterThan(0);
      expect(skipped).toBeGreaterThan(0);
    },
  );

  it('the types it names are facts of the catalogue (a misspelt type would read nothing)', () => {
    for (const p of reading)
      for (const type of p.reads!) expect([p.name, catalogue.has(type)]).toEqual([p.name, true]);
  });
});
