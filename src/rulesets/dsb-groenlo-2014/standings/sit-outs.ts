import type { DsbParams } from '../preset';
import type { CompetitionInput } from './types';
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
  options: {
    afterSession?: number;
    /** The input was validated under these parameters already (a standing computed from it). */
    validated?: boolean;
  } = {},
): SitOutReport[] {
  if (!options.validated) validateCompetition(params, competition);
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
    const pairs: SitOutReport['pairs'] = new Array<SitOutReport['pairs'][number]>(g.pairs.length);
    let min = 0;
    let max = 0;
    let across = 0;
    for (let i = 0; i < g.pairs.length; i++) {
      const p = g.pairs[i];
      let sitOuts = 0;
      let crossGroup = 0;
      for (const e of p.entries) {
        if (e.kind !== 'played' || !(e.session <= after)) continue;
        const rounds = e.sitOutRounds ?? 0;
        const cross = e.crossGroupRounds;
        if (cross !== undefined) {
          // Checked before the field is named: a name is built only for the error.
          if (
            typeof cross !== 'number' ||
            !Number.isInteger(cross) ||
            cross < 0 ||
            cross > rounds
          ) {
            requireInt(
              cross,
              `groups[${g.group}].pairs[${p.pairId}].entries[session ${e.session}].crossGroupRounds`,
              'DSB-22.5',
              0,
              rounds,
              'a number of its sit-out rounds',
            );
          }
          crossGroup += cross;
        }
        sitOuts += rounds;
      }
      pairs[i] = { pairId: p.pairId, sitOuts, crossGroup };
      if (i === 0 || sitOuts < min) min = sitOuts;
      if (i === 0 || sitOuts > max) max = sitOuts;
      across += crossGroup;
    }
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
      }${across ? `; ${across} sit-out round(s) played against another group's sit-out pair` : ''}`,
    };
  });
}
