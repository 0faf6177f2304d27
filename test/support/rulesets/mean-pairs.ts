import type { Preset } from '../../../src/rulebooks/rulebook';
import { resultsOf } from '../../../src/contexts/pairs/domain/state';
import type { FormatTable, Ruleset, StandingsBodies } from '../../../src/rulesets';

/**
 * A ruleset that lives only under test/: "mean pairs", a pair's standing is the mean of its
 * session percentages, ranked when it has played at least `meanPairs.minSessions` sessions.
 * It proves that a new rulebook is one folder and one registry line (property 2).
 */
declare module '../../../src/contexts/pairs/ruleset' {
  interface StandingsBodies {
    'mean-pairs': {
      kind: 'mean-pairs';
      rows: Array<{ rank: number | null; pairId: string; mean: number; sessions: number }>;
    };
  }
}

interface MeanPairsParams {
  meanPairs: { minSessions: number };
  [key: string]: unknown;
}

export const meanPairsPreset: Preset = {
  id: 'test-mean-pairs',
  source: 'test/support/rulesets/mean-pairs.ts',
  formats: ['mean-pairs'],
  params: { meanPairs: { minSessions: 2 } },
};

const meanPairsTable: FormatTable<StandingsBodies['mean-pairs']> = {
  standings({ competition, head, rulebook }) {
    const { minSessions } = (rulebook.params as unknown as MeanPairsParams).meanPairs;
    const byPair = new Map<string, number[]>();
    for (const r of resultsOf(competition)) {
      if (r.session > head.afterSession) continue;
      byPair.set(r.pairId, [...(byPair.get(r.pairId) ?? []), r.percentage]);
    }
    const rows = [...byPair]
      .map(([pairId, scores]) => ({
        pairId,
        mean: Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100,
        sessions: scores.length,
      }))
      .sort((a, b) => b.mean - a.mean || a.pairId.localeCompare(b.pairId));
    let rank = 0;
    return {
      kind: 'mean-pairs',
      rows: rows.map((r) => ({ rank: r.sessions >= minSessions ? ++rank : null, ...r })),
    };
  },
  printed: (view) =>
    view.rows.map((r) => ({
      rank: r.rank,
      pair: r.pairId,
      mean: r.mean.toFixed(2),
      sessions: r.sessions,
    })),
  diffRows: (view) =>
    new Map(
      view.rows.map((r) => [
        r.pairId,
        { values: { rank: r.rank, mean: r.mean, sessions: r.sessions }, explain: [] },
      ]),
    ),
};

export const meanPairs: Ruleset = {
  preset: meanPairsPreset,
  tables: { 'mean-pairs': meanPairsTable },
};
