import type { DsbParams } from '../../rulebooks/presets/dsb-groenlo-2014';
import type { CompetitionInput, SessionEntry } from './types';
import { requireInt, validateCompetition } from './validate';

export interface SitOutReport {
  group: string;
  /**
   * Rounds sat out by each pair over the competition so far; `crossGroup` of them played
   * against a sit-out pair of another group (DSB-22.5(1)).
   */
  pairs: Array<{ pairId: string; sitOuts: number; crossGroup: number }>;
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
 * Reading: sit-outs are counted in rounds, from the played entries' `sitOutRounds`; a round
 * played against another group's sit-out pair still counts (the pair sat out its own group's
 * movement), and is reported beside it as `crossGroup`.
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
    const pairs = g.pairs.map((p) => {
      const counted = p.entries.filter(
        (e): e is Extract<SessionEntry, { kind: 'played' }> =>
          e.kind === 'played' && e.session <= after,
      );
      for (const e of counted) {
        if (e.crossGroupRounds === undefined) continue;
        requireInt(
          e.crossGroupRounds,
          `groups[${g.group}].pairs[${p.pairId}].entries[session ${e.session}].crossGroupRounds`,
          'DSB-22.5',
          0,
          e.sitOutRounds ?? 0,
          'a number of its sit-out rounds',
        );
      }
      return {
        pairId: p.pairId,
        sitOuts: counted.reduce((n, e) => n + (e.sitOutRounds ?? 0), 0),
        crossGroup: counted.reduce((n, e) => n + (e.crossGroupRounds ?? 0), 0),
      };
    });
    const counts = pairs.map((p) => p.sitOuts);
    const min = counts.length ? Math.min(...counts) : 0;
    const max = counts.length ? Math.max(...counts) : 0;
    const spread = max - min;
    const even = spread <= params.sitOuts.maxSpread;
    const across = pairs.reduce((n, p) => n + p.crossGroup, 0);
    return {
      group: g.group,
      pairs,
      min,
      max,
      spread,
      even,
      explain: `DSB-22.5 group ${g.group} after session ${after}: sit-outs ${min}..${max}, spread ${spread}${
        even ? '' : `, more than ${params.sitOuts.maxSpread}: not spread evenly`
      }${across ? `; ${across} sit-out round(s) played against another group's sit-out pair` : ''}`,
    };
  });
}
