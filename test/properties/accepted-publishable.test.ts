import fc from 'fast-check';
import { accessExample } from './harness/access-example';
import { loadExample, runSequence, sequenceArbitrary, type Example } from './harness/sequences';

/**
 * Accepted means publishable, for every context: from a point of an example season, a random
 * sequence of proposed facts — the season's next facts as they are, left out, out of order,
 * changed (a field left out, a number or a day moved, an id of someone else, an entry dropped
 * or entered twice), facts sent again, corrections of any fact (accepted or not), amendments
 * of the club's rulebook — goes through the gate every writer takes. After each fact the gate
 * accepts, every answer the ledger publishes (standings, interim standings, C points, the
 * championship, session results, correction logs, league tables, pages and matches, registers,
 * applications, visitors, histories, as of the fact's day) is asked: none may fail.
 * `bench/run-accepted-publishable.ts` runs many thousands of these; the access context's example is
 * built by the harness (its keys are hashed each run).
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);

const examples: Array<[string, Example]> = [
  ['pairs (NZ club, NZ-1..NZ-13)', loadExample('nz-club-pairs-2026.ndjson', 6)],
  ['pairs (DSB club, DSB-1..DSB-20)', loadExample('dsb-groenlo-2014-2015.ndjson', 6)],
  ['league (LCBA-1..LCBA-9)', loadExample('uk-lcba-league-2009-10.ndjson', 6)],
  ['membership (PIN-R, PIN-C)', loadExample('uk-pinner-bc-2018.ndjson', 6)],
  ['teams (NZ-11..NZ-16, DSB-15, DSB-16)', loadExample('wellington-and-lochem-teams.ndjson', 6)],
];

/** Runs the property over an example; `least` the share of RUNS each way must reach. */
async function holds(example: Example, least: number): Promise<void> {
  let accepted = 0;
  let refused = 0;
  await fc.assert(
    fc.asyncProperty(sequenceArbitrary(example), async (seq) => {
      const outcome = await runSequence(example, seq);
      accepted += outcome.accepted;
      refused += Object.values(outcome.refused).reduce((a, b) => a + b, 0);
      expect(outcome.failure).toBeUndefined();
    }),
    { numRuns: RUNS, seed: Number(process.env.PROPERTY_SEED ?? 20261204) },
  );
  // Not vacuous: the gate took both ways.
  expect(accepted).toBeGreaterThan(RUNS * least);
  expect(refused).toBeGreaterThan(RUNS / 4);
}

describe.each(examples)('accepted means publishable: %s', (_name, example) => {
  it(`${RUNS} random sequences: after each accepted fact every published answer is given`, () =>
    holds(example, 1 / 2));
});

describe('accepted means publishable: access (keys, roles, private tables)', () => {
  it(`${RUNS} random sequences: after each accepted fact the keys, open mode and each club's tables are answered`, async () =>
    holds(await accessExample(), 1 / 4));
});
