import '../src/contexts/built-in';
import '../src/rulesets';
import { catalogue } from '../src/contexts/catalogue';
import { MemoryEventStore } from '../src/store/memory/memory-event-store';
import { envInt, log, since } from './lib/harness';
import { history, type HistoryShape } from './standings/history';
import { appendThroughGate, refusalsByRule } from './standings/through-gate';

/**
 * Appends the standings benchmark's synthetic history through the deciders (DomainGate, on a
 * memory store, batch by batch as the HTTP and CLI writers do) and counts what they refuse,
 * by rule. A benchmark must measure facts the ledger accepts: this should print 0 refused.
 * `tsc -p tsconfig.bench.json && BENCH_SEASONS=1 node bench/.work/dist/bench/run-history-check.js`
 */
async function main(): Promise<void> {
  const shape: HistoryShape = {
    seasons: envInt('BENCH_SEASONS', 1),
    clubs: envInt('BENCH_CLUBS', 32),
    competitions: envInt('BENCH_COMPETITIONS', 4),
    pairs: envInt('BENCH_PAIRS', 24),
    firstYear: 2006,
  };
  const store = new MemoryEventStore({ upcast: catalogue.upcast });
  const start = process.hrtime.bigint();
  const run = await appendThroughGate(store, catalogue, history(shape));
  log(
    `${shape.seasons} season(s) × ${shape.clubs} clubs: ${run.batches} batches, ${run.appended} facts appended, ${run.refused.length} refused (${since(start).toFixed(1)} s)`,
  );
  for (const [key, n] of refusalsByRule(run.refused)) log(`  ${key}: ${n}`);
  for (const r of run.refused.slice(0, 5)) log(`  e.g. ${r.streamId} ${r.type}: ${r.reason}`);
  if (run.refused.length > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
