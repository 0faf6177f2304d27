import '../src/contexts/built-in';
import '../src/rulesets';
import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import {
  loadExample,
  runSequence,
  sequenceArbitrary,
  type Example,
  type Outcome,
  type Sequence,
} from '../test/properties/harness/sequences';
import { accessExample } from '../test/properties/harness/access-example';
import { envInt, log } from './lib/harness';

/**
 * Accepted means publishable, at length: the property `npm test` runs a few hundred times
 * (test/properties/accepted-publishable.test.ts), run over BENCH_SEQUENCES random sequences
 * per example (default 2,500: the four example seasons and the access context's keys, 12,500
 * in all) from seed BENCH_SEED (default 1). Each
 * sequence starts at a point of the season and proposes up to 8 facts — the season's next ones
 * as they are, left out, out of order or changed, facts sent again, corrections, rulebook
 * amendments — through the gate; after each accepted one every published answer is asked.
 *
 * Prints, per example: sequences, facts proposed, accepted and refused (the rules refusing
 * most), and every distinct failure found (the answer and its error, how many sequences met
 * it, the first such sequence), then the totals. Exits 1 when any failure was found.
 *   npm run bench:accepted-publishable
 */
interface Found {
  count: number;
  first: { sequence: Sequence; fact: unknown };
}

interface Tally {
  sequences: number;
  proposed: number;
  accepted: number;
  refused: Map<string, number>;
  found: Map<string, Found>;
  ms: number;
}

const EXAMPLES = [
  'nz-club-pairs-2026.ndjson',
  'dsb-groenlo-2014-2015.ndjson',
  'uk-lcba-league-2009-10.ndjson',
  'uk-pinner-bc-2018.ndjson',
];

/** A failure's kind: the answer's kind (ids left out) and the error's first words. */
const kindOf = (answer: string, error: string) =>
  `${answer.replace(/ (of|at|in|on) .*$/, '')} — ${error.slice(0, 160)}`;

async function run(example: Example, sequences: number, seed: number): Promise<Tally> {
  const tally: Tally = {
    sequences: 0,
    proposed: 0,
    accepted: 0,
    refused: new Map(),
    found: new Map(),
    ms: 0,
  };
  const start = performance.now();
  for (const sequence of fc.sample(sequenceArbitrary(example), { numRuns: sequences, seed })) {
    const outcome: Outcome = await runSequence(example, sequence);
    tally.sequences += 1;
    tally.proposed += outcome.proposed;
    tally.accepted += outcome.accepted;
    for (const [rule, n] of Object.entries(outcome.refused)) {
      tally.refused.set(rule, (tally.refused.get(rule) ?? 0) + n);
    }
    for (const u of outcome.failure?.unpublishable ?? []) {
      const kind = kindOf(u.answer, u.error);
      const f = tally.found.get(kind);
      if (f) f.count += 1;
      else tally.found.set(kind, { count: 1, first: { sequence, fact: outcome.failure!.fact } });
    }
  }
  tally.ms = performance.now() - start;
  return tally;
}

async function main(): Promise<void> {
  const sequences = envInt('BENCH_SEQUENCES', 2500);
  const seed = envInt('BENCH_SEED', 1);
  log(`accepted means publishable: ${sequences} sequences per example, seed ${seed}`);
  let failures = 0;
  const totals = { sequences: 0, proposed: 0, accepted: 0, refused: 0 };
  const examples = [...EXAMPLES.map((file) => loadExample(file, 6)), await accessExample()];
  for (const example of examples) {
    const file = example.name;
    const t = await run(example, sequences, seed);
    const refused = [...t.refused.values()].reduce((a, b) => a + b, 0);
    totals.sequences += t.sequences;
    totals.proposed += t.proposed;
    totals.accepted += t.accepted;
    totals.refused += refused;
    log(
      `\n${file}: ${t.sequences} sequences, ${t.proposed} facts proposed, ${t.accepted} accepted, ${refused} refused (${(t.ms / 1000).toFixed(1)} s)`,
    );
    const top = [...t.refused.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
    log(`  refused most by: ${top.map(([r, n]) => `${r} ${n}`).join(', ')}`);
    if (!t.found.size) log('  unpublishable after an accepted fact: none');
    for (const [kind, f] of t.found) {
      failures += f.count;
      log(`  UNPUBLISHABLE (${f.count} sequences): ${kind}`);
      log(`    first: ${JSON.stringify(f.first.sequence)}`);
      log(`    after: ${JSON.stringify(f.first.fact).slice(0, 400)}`);
    }
  }
  log(
    `\ntotal: ${totals.sequences} sequences, ${totals.proposed} facts proposed, ${totals.accepted} accepted, ${totals.refused} refused; ${failures} sequences found an unpublishable answer`,
  );
  if (failures) process.exitCode = 1;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
