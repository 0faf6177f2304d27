/**
 * Competition ranking ("1224"): equal values share the best place and the next place skips.
 * Higher values rank first. Values should already be rounded as they are published (RULES.md:
 * the percentage rounded to 2 decimals).
 */
export function competitionRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => i).sort((a, b) => values[b]! - values[a]!);
  const ranks = new Array<number>(values.length);
  order.forEach((idx, pos) => {
    const prev = pos > 0 ? order[pos - 1]! : -1;
    ranks[idx] = pos > 0 && values[prev] === values[idx] ? ranks[prev]! : pos + 1;
  });
  return ranks;
}
