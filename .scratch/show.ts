import { join } from 'node:path';
import { catalogue } from '../src/events';
import { appendBatches, planAppend } from '../src/runtime/append-file';
import { MemoryEventStore } from '../src/store/memory/memory-event-store';
import { competitions, standingsOf } from '../src/projections/competitions';
import { replayFromStore } from '../src/runtime/replay';
async function main() {
  for (const [file, ids] of [['nz-club-pairs-2026.ndjson', ['club-pairs-2026']], ['dsb-groenlo-2014-2015.ndjson', ['dsb-2014-c2']]] as const) {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    await appendBatches(store, await planAppend(join('/work/wt-apply/examples', file), catalogue));
    const { state } = await replayFromStore(store, competitions);
    for (const id of ids) {
      const v = standingsOf(state, id);
      if (v.kind === 'nz') for (const row of v.rows) console.log(row.place, row.competitor, row.total, row.counted.join(','), row.explain.filter(e=>/NZ-13|DSB-20|DSB-7$/.test(e.rule)).map(e=>e.effect).join(' | '));
      if (v.kind === 'dsb') for (const g of v.groups) for (const row of g.rows) console.log(g.group, row.rank, row.pairId, row.percentage, row.explain.filter(e=>/NZ-13|DSB-20|DSB-7$/.test(e.rule)).map(e=>e.effect).join(' | '));
    }
  }
}
main();
