import type { ImportIssue, ImportedSession } from './model';

/**
 * Checks every format's session the same way before anything becomes a fact: each pair on a
 * traveller line is a participant (of the right direction in a two-winner movement), and no
 * board has two lines for the same pair.
 */
export function checkSession(
  s: ImportedSession,
  pairField: (side: 'NS' | 'EW') => string = (side) => `/${side}_PAIR_NUMBER`,
): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const pairs = new Map(s.pairs.map((p) => [p.pair, p]));
  const seenPair = new Map<string, string>();
  for (const p of s.pairs) {
    const first = seenPair.get(p.pair);
    if (first) issues.push({ path: p.path, message: `pair ${p.pair} is listed twice (${first})` });
    else seenPair.set(p.pair, p.path);
  }
  for (const b of s.boards) {
    const seen = new Map<string, string>();
    for (const l of b.lines) {
      for (const [side, pair] of [
        ['NS', l.nsPair],
        ['EW', l.ewPair],
      ] as const) {
        const p = pairs.get(pair);
        const at = `${l.path}${pairField(side)}`;
        if (!p) {
          issues.push({
            path: at,
            message: `board ${b.board} line ${l.line}: pair ${pair} is not among the participants`,
          });
        } else if (s.winnerType === 2 && p.direction && p.direction !== side) {
          issues.push({
            path: at,
            message: `board ${b.board} line ${l.line}: pair ${pair} sits ${p.direction}, not ${side}`,
          });
        }
        const before = seen.get(pair);
        if (before) {
          issues.push({
            path: l.path,
            message: `board ${b.board} line ${l.line}: duplicate traveller line: pair ${pair} already has a result on board ${b.board} (${before})`,
          });
        } else seen.set(pair, l.path);
      }
      if (l.nsPair === l.ewPair) {
        issues.push({
          path: l.path,
          message: `board ${b.board} line ${l.line}: pair ${l.nsPair} cannot play against itself`,
        });
      }
    }
  }
  return issues;
}
