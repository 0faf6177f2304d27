import '../src/contexts/built-in';
import '../src/rulesets';
import { existsSync } from 'node:fs';
import { competitions } from '../src/contexts/pairs/projection';
import { answersDigest as digestOf } from '../src/audit/answers-digest';
import { loadExamplesIfEmpty } from '../src/ledger/load-examples';
import { replayFromStore } from '../src/audit/replay';
import type { EventStore } from '../src/store/event-store';
import { MemoryEventStore } from '../src/store/memory/memory-event-store';
import { SqliteEventStore } from '../src/store/sqlite/sqlite-event-store';
import { catalogue } from '../src/contexts/catalogue';
import { envInt, log } from './lib/harness';
import { history } from './standings/history';

/**
 * sha256 of every published answer (each competition's standings and C points, each club's
 * championship per season) as JSON, or the refusal's class and message: a change that must
 * not change an answer is checked by running this before and after it, on the same facts.
 * The compiled file runs in an older checkout's bench/.work/dist/bench too, to compare two
 * commits on one history file.
 *   node bench/.work/dist/bench/run-answers-digest.js examples
 *   node bench/.work/dist/bench/run-answers-digest.js <history.db>   (written when missing,
 *     BENCH_SEASONS seasons of the standings benchmark's generator, default 1)
 * BENCH_DIGEST_SAVED=1: the answers of the state as a restart reads it too (every partition
 * of the read model through its saved form: get, JSON, put), which must be the same.
 */
async function main(): Promise<void> {
  const source = process.argv[2] ?? 'examples';
  let store: EventStore;
  if (source === 'examples') {
    store = new MemoryEventStore({ upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
  } else {
    const fresh = !existsSync(source);
    const sqlite = new SqliteEventStore(source, { synchronous: 'NORMAL' });
    if (fresh) {
      const shape = {
        seasons: envInt('BENCH_SEASONS', 1),
        clubs: 32,
        competitions: 4,
        pairs: 24,
        firstYear: 2006,
      };
      const next = new Map<string, number>();
      for (const b of history(shape)) {
        const r = await sqlite.appendToStream(b.streamId, b.events, {
          expectedRevision: next.get(b.streamId) ?? 'no_stream',
        });
        next.set(b.streamId, r.nextExpectedRevision);
      }
    }
    store = sqlite;
  }
  const { state, position } = await replayFromStore(store, competitions);
  const digest = digestOf(state);
  log(
    `${source}: ${position} facts, ${digest.answers} answers (${digest.standings} standings, ${digest.cPoints} C points, ${digest.championships} championships)`,
  );
  for (const [kind, hash] of Object.entries(digest.hashes)) log(`  ${kind} ${hash}`);
  if (process.env.BENCH_DIGEST_SAVED === '1') {
    const parts = competitions.partitions!;
    const read = competitions.initial();
    let bytes = 0;
    for (const key of parts.keys(state)) {
      const json = JSON.stringify(parts.get(state, key));
      bytes += json.length;
      parts.put(read, key, JSON.parse(json));
    }
    const again = digestOf(read);
    log(`read back from its saved form (${(bytes / 2 ** 20).toFixed(1)} MiB of JSON):`);
    for (const [kind, hash] of Object.entries(again.hashes)) log(`  ${kind} ${hash}`);
  }
  await store.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
