import type { CompetitionState } from '../domain/state';
import { resultsOf } from '../domain/state';

/**
 * The last session whose results are in: every group with pairs has at least one result for
 * it and for each session before it. A session held but not yet scored is not published.
 */
export function lastSessionScored(c: CompetitionState, upToSession = Number.MAX_SAFE_INTEGER) {
  // The groups of the entered pairs, by index (-1: a pair not entered): a session is counted
  // by marking groups.
  const groups: string[] = [];
  const indexOf = (pairId: string) => {
    const pair = c.pairs[pairId];
    return pair ? groups.indexOf(pair.group ?? '') : -1;
  };
  for (const pairId in c.pairs) {
    const g = c.pairs[pairId].group ?? '';
    if (!groups.includes(g)) groups.push(g);
  }
  const limit = Math.min(c.competition?.sessions.length ?? 0, upToSession);
  // The sessions looked at: up to the limit, the one after a fractional limit too (NaN: none).
  const total = limit > 0 ? Math.ceil(limit) : 0;
  // Session → the groups with a result in it, one row pass: seen[session × groups + group].
  const width = groups.length;
  const seen = new Uint8Array((total + 1) * width);
  const inSession = new Array<number>(total + 1).fill(0);
  const mark = (session: number, g: number) => {
    if (g < 0 || !(session >= 1 && session <= total)) return;
    const at = session * width + g;
    if (seen[at] === 0) {
      seen[at] = 1;
      inSession[session]++;
    }
  };
  for (const r of resultsOf(c)) mark(r.session, indexOf(r.pairId));
  // A butler competition's sessions: each pair's IMPs derived from its butler session.
  for (const key in c.derivedImps) {
    const r = c.derivedImps[key]!;
    mark(r.session, indexOf(r.pairId));
  }
  let last = 0;
  // Every group with pairs must have a result.
  while (last < limit && inSession[last + 1] > 0 && inSession[last + 1] >= width) last++;
  return last;
}
