import { type Candidate, chooseCounted } from '../../../src/rulesets/nz-club/standings';

/** mulberry32: a small seeded generator, so every run checks the same cases. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every subset of at most `maxCounted` with at most `maxSubs` substitute scores, penalties
 * numbered by date among the counted substitute scores: the best total. */
function bruteForce(
  items: Candidate[],
  maxCounted: number,
  maxSubs: number,
  penalty: (n: number) => number,
): number {
  const sorted = [...items].sort((a, b) => a.session - b.session);
  let best = -Infinity;
  for (let mask = 0; mask < 1 << sorted.length; mask++) {
    let total = 0;
    let count = 0;
    let subs = 0;
    sorted.forEach((it, i) => {
      if (!(mask & (1 << i))) return;
      count++;
      total += it.value;
      if (it.substitute) total -= penalty(++subs);
    });
    if (count <= maxCounted && subs <= maxSubs) best = Math.max(best, total);
  }
  return best;
}

const totalOf = (items: Candidate[], counted: number[], penalty: (n: number) => number) => {
  let subs = 0;
  return counted
    .map((n) => items.find((i) => i.session === n)!)
    .reduce((t, it) => t + it.value - (it.substitute ? penalty(++subs) : 0), 0);
};

describe('NZ-1 NZ-4 the counted set maximises the total after substitute penalties', () => {
  it('NZ-1 NZ-4 agrees with brute force over every subset on 3,000 seeded random cases', () => {
    const rnd = seeded(20261129);
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    const failures: string[] = [];
    for (let k = 0; k < 3000; k++) {
      const sessions = int(1, 11);
      const items: Candidate[] = [];
      for (let n = 1; n <= sessions; n++) {
        if (rnd() < 0.15) continue; // not played
        // Close scores (and some negative after NZ-5) so that the penalties decide.
        items.push({ session: n, value: int(-300, 800) + 4500, substitute: rnd() < 0.45 });
        if (rnd() < 0.05) items[items.length - 1]!.value = int(-400, 200);
      }
      const maxCounted = int(0, sessions);
      const maxSubs = int(0, 4);
      const steps = [int(0, 500), int(0, 500), int(0, 500)];
      const after = int(0, 600);
      const penalty = (n: number) => (n <= steps.length ? steps[n - 1]! : after);
      const choice = chooseCounted(items, maxCounted, maxSubs, penalty);
      const brute = bruteForce(items, maxCounted, maxSubs, penalty);
      const valid =
        choice.counted.length <= maxCounted &&
        choice.substituteNumbers.size <= maxSubs &&
        totalOf(items, choice.counted, penalty) === choice.total &&
        [...choice.substituteNumbers.values()].every((v, i) => v === i + 1);
      // The reported set is valid, really has the reported total, and no subset beats it.
      if (choice.total !== brute || !valid) {
        failures.push(
          JSON.stringify({ k, items, maxCounted, maxSubs, steps, after, choice, brute }),
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('NZ-1 among equally good sets counts more sessions, then fewer substitute scores, then the earlier ones', () => {
    const items: Candidate[] = [
      { session: 1, value: 5000, substitute: false },
      { session: 2, value: 5000, substitute: false },
      { session: 3, value: 5100, substitute: true },
    ];
    // Counting 2 of 3: 1+2 = 100.00, 1+3 = 2+3 = 100.00 after the 1 % penalty; no substitute wins.
    expect(chooseCounted(items, 2, 3, () => 100).counted).toEqual([1, 2]);
    // A zero score is still counted when it does not lower the total.
    expect(
      chooseCounted([{ session: 1, value: 0, substitute: false }], 9, 3, () => 100).counted,
    ).toEqual([1]);
  });
});
