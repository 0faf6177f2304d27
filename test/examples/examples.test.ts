import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../src/events';
import { appendBatches, planAppend } from '../../src/runtime/append-file';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { competitions, standingsOf } from '../../src/projections/competitions';
import { replayFromStore } from '../../src/runtime/replay';

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

describe('the DSB example season', () => {
  it('plays its second competition in the groups DSB-8 gave after the first', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    await appendBatches(
      store,
      await planAppend(join(dir, 'dsb-groenlo-2014-2015.ndjson'), catalogue),
    );
    const { state } = await replayFromStore(store, competitions);
    const view = standingsOf(state, 'dsb-2014-c2');
    if (view.kind !== 'dsb') throw new Error('not DSB');
    expect(view.groupPlacements).toHaveLength(18);
    expect(view.groupPlacements.filter((p) => !p.agrees)).toEqual([]);
  });
});
