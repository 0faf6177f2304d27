import { join } from 'node:path';
import { catalogue } from '../src/events';
import { appendBatches, planAppend } from '../src/runtime/append-file';
import { MemoryEventStore } from '../src/store/memory/memory-event-store';
import { competitions, standingsOf } from '../src/projections/competitions';
import { fold } from '../src/projections/projection';
import type { RecordedEvent } from '../src/events/envelope';
async function main() {
  for (const [file, id, type] of [['dsb-groenlo-2014-2015.ndjson', 'dsb-2014-c2', 'AppealDecided'], ['nz-club-pairs-2026.ndjson', 'club-pairs-2026', 'CorrectionAccepted']] as const) {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    await appendBatches(store, await planAppend(join('examples', file), catalogue));
    const events: RecordedEvent[] = [];
    for await (const e of store.readAll()) events.push(e);
    const at = events.find((e) => e.type === type)!.position;
    console.log(file, type, 'at', at, 'of', events.length);
    for (const p of [at - 1, at]) {
      const v = standingsOf(fold(competitions, events.filter((e) => e.position <= p)), id);
      if (v.kind === 'dsb') console.log(p, v.groups[0].rows.map((r) => `${r.rank} ${r.pairId} ${r.percentage.toFixed(2)}`).join(' | '));
      if (v.kind === 'nz') console.log(p, v.rows.slice(0,4).map((r) => `${r.place} ${r.competitor} ${(r.total/100).toFixed(2)}`).join(' | '));
    }
  }
}
main();
