/**
 * NZ-1 / NZ-2 / NZ-4: which played scores count.
 *
 * NZ-4 numbers the COUNTED substitute scores by date (1 %, 2 %, 3 % …), so the penalty a
 * substitute score carries depends on which other substitute scores are counted. NZ-1's reading
 * chooses the counted set that maximises the total AFTER those penalties. `chooseCounted` finds
 * it exactly with a dynamic programme over the sessions in date order: the penalty of a
 * substitute score depends only on how many substitute scores were counted before it, so the
 * state (sessions counted so far, substitute scores counted so far) is enough. It is checked
 * against brute force over all subsets in test/standings/nz/counted.test.ts.
 */

/** A played session as the choice sees it: value before NZ-4, in hundredths. */
export interface Candidate {
  session: number;
  value: number;
  substitute: boolean;
}

export interface CountedChoice {
  /** Session numbers counted, in date order. */
  counted: number[];
  /** session → its number among the counted substitute scores (1-based). */
  substituteNumbers: Map<number, number>;
  /** Σ value − Σ NZ-4 penalties over the counted set. */
  total: number;
}

/** [total, sessions counted, −substitute scores counted]: compared lexicographically. */
type Score = [number, number, number];

const better = (a: Score, b: Score): boolean =>
  a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2];

/**
 * The counted set of at most `maxCounted` candidates with at most `maxSubstitutes` substitute
 * scores maximising Σ value − Σ penalty(k) over the counted substitute scores numbered k = 1, 2 …
 * by date. Among equally good sets: the one counting more sessions, then fewer substitute
 * scores, then the earlier sessions (deterministic, so replays agree).
 */
export function chooseCounted(
  candidates: readonly Candidate[],
  maxCounted: number,
  maxSubstitutes: number,
  penalty: (n: number) => number,
): CountedChoice {
  const items = [...candidates].sort((a, b) => a.session - b.session);
  const n = items.length;
  const C = Math.min(maxCounted, n);
  const S = Math.min(maxSubstitutes, n);
  // best[i][c][s]: the best Score over items i.. given c counted and s substitutes before i.
  const best: Score[][][] = [];
  for (let i = n; i >= 0; i--) {
    best[i] = [];
    for (let c = 0; c <= C; c++) {
      best[i]![c] = [];
      for (let s = 0; s <= S; s++) {
        if (i === n) {
          best[i]![c]![s] = [0, 0, 0];
          continue;
        }
        let b = best[i + 1]![c]![s]!;
        const t = take(items[i]!, i, c, s);
        if (t && !better(b, t)) b = t; // ties: count it (earlier sessions first)
        best[i]![c]![s] = b;
      }
    }
  }

  function take(item: Candidate, i: number, c: number, s: number): Score | undefined {
    if (c >= C || (item.substitute && s >= S)) return undefined;
    const rest = best[i + 1]![c + 1]![s + (item.substitute ? 1 : 0)]!;
    const value = item.value - (item.substitute ? penalty(s + 1) : 0);
    return [rest[0] + value, rest[1] + 1, rest[2] - (item.substitute ? 1 : 0)];
  }

  const counted: number[] = [];
  const substituteNumbers = new Map<number, number>();
  let c = 0;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const t = take(items[i]!, i, c, s);
    if (t && !better(best[i + 1]![c]![s]!, t)) {
      const item = items[i]!;
      counted.push(item.session);
      c++;
      if (item.substitute) substituteNumbers.set(item.session, ++s);
    }
  }
  return { counted, substituteNumbers, total: best[0]![0]![0]![0] };
}

/** NZ-2 (all scores count) and NZ-4: every candidate counted, substitute scores numbered by date. */
export function countAll(
  candidates: readonly Candidate[],
  penalty: (n: number) => number,
): CountedChoice {
  const items = [...candidates].sort((a, b) => a.session - b.session);
  const substituteNumbers = new Map<number, number>();
  let total = 0;
  let s = 0;
  for (const item of items) {
    total += item.value;
    if (item.substitute) {
      substituteNumbers.set(item.session, ++s);
      total -= penalty(s);
    }
  }
  return { counted: items.map((i) => i.session), substituteNumbers, total };
}
