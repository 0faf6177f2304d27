import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../src/events';
import { appendBatches, planAppend } from '../../src/runtime/append-file';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';

const dir = join(__dirname, '../../examples');
const files = readdirSync(dir).filter((f) => f.endsWith('.ndjson'));

describe('the example seasons', () => {
  it('are there: one per rulebook', () => {
    expect(files.sort()).toEqual(['dsb-groenlo-2014-2015.ndjson', 'nz-club-pairs-2026.ndjson']);
  });

  it.each(files)(
    '%s passes the catalogue and every decider, and loads idempotently',
    async (file) => {
      const store = new MemoryEventStore({ upcast: catalogue.upcast });
      const batches = await planAppend(join(dir, file), catalogue);
      const first = await appendBatches(store, batches);
      const head = await store.headPosition();
      expect(head).toBe(first.events);
      await appendBatches(store, await planAppend(join(dir, file), catalogue));
      expect(await store.headPosition()).toBe(head);
    },
  );
});
