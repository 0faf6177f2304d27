import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { secondCore, type Kind } from './lib/cores';
import { log, median } from './lib/harness';

/**
 * The facts each thread reads and folds: a rebuild's two workers each fold about half of a
 * 935,385-fact ledger.
 */
const FOLD_FACTS = 400_000;

const KINDS: Kind[] = ['compute', 'memory', 'scan', 'fold'];

/**
 * What a second core gives on this machine (bench/lib/cores.ts), each kind of work in turn over
 * several rounds, for reading the rebuild's one-worker against two-worker figures:
 *
 *   npm run bench:cores -- [--ledger bench/.work/federation/federation-32c-37s.db] [--rounds 3]
 *     [--kinds compute,memory,scan,fold] [--fold-only competitions,directory]
 *
 * A line a kind and round: one thread's time alone, two threads' at once, and the work two
 * threads did in the time one takes for its own (2.00× for a whole second core). The last line
 * is JSON: each kind's median.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ledger: { type: 'string', default: 'bench/.work/federation/federation-32c-37s.db' },
      rounds: { type: 'string', default: '3' },
      kinds: { type: 'string', default: 'compute,memory,scan,fold' },
      'fold-only': { type: 'string' },
    },
  });
  const kinds = values.kinds!.split(',') as Kind[];
  const unknown = kinds.filter((k) => !KINDS.includes(k));
  if (unknown.length)
    throw new Error(`--kinds: ${unknown.join(', ')}? The kinds are ${KINDS.join(', ')}`);
  const only = values['fold-only']?.split(',');
  const ledger = values.ledger!;
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`--rounds must be a whole number of 1 or more, not ${values.rounds}`);
  if (!existsSync(ledger))
    throw new Error(
      `--ledger ${ledger}: no such file (npm run bench:federation -- --facts 1000000 makes it)`,
    );
  log(`# what a second core gives — ${new Date().toISOString()}, ${ledger}`);
  const gains = Object.fromEntries(kinds.map((k) => [k, [] as number[]]));
  for (let round = 1; round <= rounds; round++) {
    for (const kind of kinds) {
      const { alone, two, gain } = await secondCore(kind, {
        ledger,
        ...(kind === 'fold' ? { rows: FOLD_FACTS, ...(only ? { only } : {}) } : {}),
      });
      gains[kind]!.push(gain);
      log(
        `round ${round} ${kind.padEnd(7)} one thread ${alone.toFixed(0)} ms; two at once ` +
          `${two.map((ms) => ms.toFixed(0)).join(' and ')} ms: ${gain.toFixed(2)}×`,
      );
    }
  }
  const summary = Object.fromEntries(
    Object.entries(gains).map(([k, xs]) => [k, Number(median(xs).toFixed(2))]),
  );
  log(`median gain of a second thread: ${JSON.stringify(summary)}`);
  console.log(JSON.stringify(summary));
}

main().catch((err: unknown) => {
  console.error((err as Error).message);
  process.exitCode = 1;
});
