import type { DsbParams } from '../../rulebooks/presets/dsb-groenlo-2014';
import type { CompetitionInput } from './types';
import { requireInt, validateCompetition } from './validate';

export interface SitOutReport {
  group: string;
  /** Rounds sat out by each pair over the competition so far. */
  pairs: Array<{ pairId: string; sitOuts: number }>;
  min: number;
  max: number;
  /** max − min. */
  spread: number;
  /** DSB-22.5: even when the spread is at most `sitOuts.maxSpread`. */
  even: boolean;
  explain: string;
}

/**
 * DSB-22.5 sit-outs spread evenly over a group's pairs during a competition: per group, the
 * rounds each pair sat out up to `afterSession` (default: all sessions), and the spread.
 * Reading: sit-outs are counted in rounds, from the played entries' `sitOutRounds`.
 */
export function sitOutReport(
  params: DsbParams,
  competition: CompetitionInput,
  options: { afterSession?: number } = {},
): SitOutReport[] {
  validateCompetition(params, competition);
  const total = params.pairsCompetition.sessions;
  const after = requireInt(
    options.afterSession ?? total,
    'afterSession',
    'DSB-4',
    1,
    total,
    'a session number',
  );
  return competition.groups.map((g) => {
    const pairs = g.pairs.map((p) => ({
      pairId: p.pairId,
      sitOuts: p.entries.reduce(
        (n, e) => n + (e.kind === 'played' && e.session <= after ? (e.sitOutRounds ?? 0) : 0),
        0,
      ),
    }));
    const counts = pairs.map((p) => p.sitOuts);
    const min = counts.length ? Math.min(...counts) : 0;
    const max = counts.length ? Math.max(...counts) : 0;
    const spread = max - min;
    const even = spread <= params.sitOuts.maxSpread;
    return {
      group: g.group,
      pairs,
      min,
      max,
      spread,
      even,
      explain: `DSB-22.5 group ${g.group} after session ${after}: sit-outs ${min}..${max}, spread ${spread}${
        even ? '' : `, more than ${params.sitOuts.maxSpread}: not spread evenly`
      }`,
    };
  });
}
