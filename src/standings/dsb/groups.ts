import type { DsbParams } from '../../rulebooks/presets/dsb-groenlo-2014';
import { DsbInputError } from './errors';
import { competitionStandings } from './standings';
import type { CompetitionInput, Explanation, GroupStanding, PairInput, StandingRow } from './types';
import { groupIndex, validateMembers } from './validate';

// ---------------------------------------------------------------------------------------------
// DSB-6: the group of a new pair.

export interface NewPairMember {
  name: string;
  /** The group the member played in last; null for a new member. */
  previousGroup: string | null;
}

export interface GroupPlacement {
  group: string;
  explain: Explanation[];
}

/**
 * DSB-6.2 the group of a new pair: (1) all members from one group → that group; (2) one from a
 * lower group → the lower group; (3) an existing player with a new member → one group below the
 * existing player's (partnerships: "in the spirit", reading: below the lowest existing member's);
 * (4) only new members → the lowest group unless the WL decides otherwise. A WL decision
 * (DSB-5.2, DSB-6.2.4) is an input and overrides the criteria.
 */
export function groupForNewPair(
  params: DsbParams,
  members: NewPairMember[],
  wlDecision?: { group: string; reason: string },
): GroupPlacement {
  validateMembers(
    params,
    members.map((m) => m.name),
    'newPair',
  );
  const lowest = params.groups.length - 1;
  const known = members
    .map((m, i) =>
      m.previousGroup === null
        ? null
        : groupIndex(params, m.previousGroup, `newPair.members[${i}].previousGroup`),
    )
    .filter((i): i is number => i !== null);
  let index: number;
  let explain: Explanation;
  if (known.length === 0) {
    index = lowest;
    explain = {
      rule: 'DSB-6.2.4',
      effect: `only new members: the lowest group ${params.groups[index]}`,
    };
  } else if (known.length < members.length) {
    const from = Math.max(...known);
    index = Math.min(lowest, from + params.newPairs.newMemberGroupsBelow);
    explain = {
      rule: 'DSB-6.2.3',
      effect: `a player of group ${params.groups[from]} with a new member: ${params.newPairs.newMemberGroupsBelow} group(s) below, ${params.groups[index]}`,
    };
  } else if (new Set(known).size === 1) {
    index = known[0];
    explain = { rule: 'DSB-6.2.1', effect: `all members from group ${params.groups[index]}` };
  } else {
    index = Math.max(...known);
    explain = {
      rule: 'DSB-6.2.2',
      effect: `members from groups ${[...new Set(known)]
        .sort()
        .map((i) => params.groups[i])
        .join(', ')}: the lower group ${params.groups[index]}`,
    };
  }
  if (wlDecision) {
    groupIndex(params, wlDecision.group, 'wlDecision.group');
    return {
      group: wlDecision.group,
      explain: [
        explain,
        {
          rule: 'DSB-6.2.4',
          effect: `the WL places the pair in group ${wlDecision.group}: ${wlDecision.reason}`,
        },
      ],
    };
  }
  return { group: params.groups[index], explain: [explain] };
}

// ---------------------------------------------------------------------------------------------
// DSB-8: promotion and relegation.

export interface Eligibility {
  /** DSB-8.3 (and DSB-9.4(2)): may be promoted. */
  mayBePromoted: boolean;
  /** DSB-8.4 met, or exempt by DSB-9.4. */
  meets84: boolean;
  /** Fails DSB-8.4 and no DSB-9.4 applies: relegated whatever its rank. */
  liable: boolean;
  explain: Explanation[];
}

/** DSB-8.3, DSB-8.4, DSB-9.4: what a pair's participation allows at the end of a competition. */
export function eligibilityOf(params: DsbParams, pair: PairInput, row: StandingRow): Eligibility {
  const p = row.participation;
  const explain: Explanation[] = [];
  const d942 = pair.dispensations?.find((d) => d.rule === 'DSB-9.4(2)');
  const d941 = pair.dispensations?.find((d) => d.rule === 'DSB-9.4(1)');
  const pr = params.promotion;
  // The pair's members in their order (the keys of byMember), without enumerating a hash table.
  const members = pair.members.map((m): [string, number] => [m, p.byMember[m] ?? 0]);

  // DSB-8.3
  const short83 = members.filter(([, n]) => n < pr.partnershipMemberMinSessions);
  let mayBePromoted = p.original >= pr.minOriginalSessions;
  if (!mayBePromoted) {
    explain.push({
      rule: 'DSB-8.3',
      effect: `${p.original} session(s) in the original composition, fewer than ${pr.minOriginalSessions}: cannot be promoted`,
      amount: p.original,
    });
  }
  if (p.partnership && short83.length > 0) {
    mayBePromoted = false;
    explain.push({
      rule: 'DSB-8.3',
      effect: `partnership member(s) ${short83.map(([m, n]) => `${m} (${n})`).join(', ')} played fewer than ${pr.partnershipMemberMinSessions} sessions: cannot be promoted`,
    });
  }
  if (d942) {
    mayBePromoted = false;
    explain.push({
      rule: 'DSB-9.4(2)',
      effect: `WL: ${d942.player} may play with a substitute (${d942.reason}): no promotion`,
    });
  }

  // DSB-8.4
  const pa = params.participation;
  const faults: string[] = [];
  if (p.played < pa.minSessions)
    faults.push(`${p.played} session(s), fewer than ${pa.minSessions}`);
  if (p.original < pa.minOriginalSessions) {
    faults.push(`${p.original} in the original composition, fewer than ${pa.minOriginalSessions}`);
  }
  if (p.partnership) {
    const short = members.filter(([, n]) => n < pa.partnershipMemberMinSessions);
    if (short.length > 0) {
      faults.push(
        `member(s) ${short.map(([m, n]) => `${m} (${n})`).join(', ')} fewer than ${pa.partnershipMemberMinSessions}`,
      );
    }
  }
  let meets84 = faults.length === 0;
  let liable = false;
  if (!meets84) {
    if (d942) {
      meets84 = true;
      explain.push({
        rule: 'DSB-9.4(2)',
        effect: `DSB-8.4 (${faults.join('; ')}) no longer applies: the WL allowed ${d942.player} a substitute`,
      });
    } else if (d941 && p.played >= pa.dispensationMinSessionsPlayed) {
      explain.push({
        rule: 'DSB-9.4(1)',
        effect: `DSB-8.4 not met (${faults.join('; ')}) but the WL decided (${d941.reason}): relegated only if its average warrants`,
      });
    } else {
      liable = true;
      explain.push({
        rule: 'DSB-8.4',
        effect:
          `DSB-8.4 not met (${faults.join('; ')}): liable to relegation` +
          (d941
            ? `; the DSB-9.4(1) dispensation needs the pair or a member to have played ${pa.dispensationMinSessionsPlayed} session(s)`
            : ''),
      });
    }
  }
  return { mayBePromoted, meets84, liable, explain };
}

export interface WlRebalance {
  pairId: string;
  /** The group the WL places the pair in for the next competition. */
  group: string;
  reason: string;
}

export interface GroupMove {
  pairId: string;
  from: string;
  to: string;
  move: 'up' | 'down' | 'stay';
  /** Rank in the final standing of `from`. */
  rank: number | null;
  percentage: number | null;
  explain: Explanation[];
}

/**
 * Which pairs of `rows` (ranked, best first) take `places` places, counting ranks among the
 * candidates ("1224"); ties across the last place all move or none does (`boundaryTie`).
 */
function takePlaces(
  candidates: StandingRow[],
  places: number,
  boundaryTie: string,
  key: (r: StandingRow) => number,
): StandingRow[] {
  if (places <= 0) return [];
  const out: StandingRow[] = [];
  let i = 0;
  while (i < candidates.length && out.length < places) {
    let j = i;
    while (j + 1 < candidates.length && key(candidates[j + 1]) === key(candidates[i])) j++;
    const block = candidates.slice(i, j + 1);
    if (out.length + block.length <= places || boundaryTie === 'moveAll') out.push(...block);
    else break;
    i = j + 1;
  }
  return out;
}

const keyOf = (r: StandingRow): number =>
  r.percentage === null ? Number.NEGATIVE_INFINITY : Math.round(r.percentage * 100);

/**
 * DSB-8 each pair's group for the next competition, from the final standings of `competition`:
 * the top `promote` of each lower group move up (DSB-8.1), the bottom `relegate` of each higher
 * group move down (DSB-8.2); DSB-8.3 bars promotion, DSB-8.4 makes a pair liable to relegation,
 * DSB-9.4 dispensations are inputs; a WL rebalancing (DSB-5.2) overrides any move.
 */
export function nextGroups(
  params: DsbParams,
  competition: CompetitionInput,
  wlDecisions: WlRebalance[] = [],
  /** The final standings, when the caller has them already (they are a pure function of the input). */
  final: GroupStanding[] = competitionStandings(params, competition),
): GroupMove[] {
  const { boundaryTie, passOnIneligible, promote, relegate } = params.promotion;
  if (boundaryTie !== 'moveAll' && boundaryTie !== 'moveNone') {
    throw new DsbInputError(
      'promotion.boundaryTie',
      'DSB-8.1',
      `must be 'moveAll' or 'moveNone', got ${boundaryTie}`,
    );
  }
  const standings = final;
  const pairsById = new Map<string, PairInput>();
  for (const g of competition.groups) for (const p of g.pairs) pairsById.set(p.pairId, p);
  const out: GroupMove[] = [];
  for (const st of standings) {
    const gi = params.groups.indexOf(st.group);
    const top = gi === 0;
    const bottom = gi === params.groups.length - 1;
    const elig = new Map(
      st.rows.map((r) => [r.pairId, eligibilityOf(params, pairsById.get(r.pairId)!, r)]),
    );
    const moves = new Map<string, { to: number; explain: Explanation[] }>();

    // DSB-8.1 promotion.
    if (!top) {
      const candidates = passOnIneligible
        ? st.rows.filter((r) => r.percentage !== null && elig.get(r.pairId)!.mayBePromoted)
        : st.rows.filter((r) => r.percentage !== null);
      const up = takePlaces(candidates, promote, boundaryTie, keyOf).filter(
        (r) => elig.get(r.pairId)!.mayBePromoted,
      );
      for (const r of up) {
        moves.set(r.pairId, {
          to: gi - 1,
          explain: [
            {
              rule: 'DSB-8.1',
              effect: `rank ${r.rank} in group ${st.group}, among the top ${promote} that may be promoted: up to ${params.groups[gi - 1]}`,
              amount: r.rank ?? undefined,
            },
          ],
        });
      }
      if (boundaryTie === 'moveNone') {
        // Report pairs kept back by a tie across the last place.
        const block = candidates.filter((r) => !moves.has(r.pairId));
        const first = block[0];
        if (first && candidates.indexOf(first) < promote) {
          for (const r of block.filter((x) => keyOf(x) === keyOf(first))) {
            elig.get(r.pairId)!.explain.push({
              rule: 'DSB-8.1',
              effect: `tied across the last promotion place: no pair of the tie moves up (reading 'moveNone')`,
            });
          }
        }
      }
    }

    // DSB-8.2 relegation, with DSB-8.4 liability.
    if (!bottom) {
      const liable = st.rows.filter((r) => elig.get(r.pairId)!.liable && !moves.has(r.pairId));
      for (const r of liable) {
        moves.set(r.pairId, {
          to: gi + 1,
          explain: [
            {
              rule: 'DSB-8.4',
              effect: `liable to relegation: down to ${params.groups[gi + 1]}`,
            },
          ],
        });
      }
      const places = params.participation.liableFillRelegationPlaces
        ? relegate - liable.length
        : relegate;
      const fromBottom = st.rows.filter((r) => !moves.has(r.pairId)).reverse();
      const down = takePlaces(fromBottom, places, boundaryTie, (r) => -keyOf(r));
      const size = st.rows.length;
      for (const r of down) {
        moves.set(r.pairId, {
          to: gi + 1,
          explain: [
            {
              rule: 'DSB-8.2',
              effect:
                r.rank === null
                  ? `no score in group ${st.group}: among the bottom ${relegate}, down to ${params.groups[gi + 1]}`
                  : `rank ${r.rank} of ${size} in group ${st.group}, among the bottom ${relegate}` +
                    (liable.length > 0 && params.participation.liableFillRelegationPlaces
                      ? ` (${liable.length} place(s) taken by DSB-8.4)`
                      : '') +
                    `: down to ${params.groups[gi + 1]}`,
              amount: r.rank ?? undefined,
            },
          ],
        });
      }
    } else {
      for (const r of st.rows.filter((x) => elig.get(x.pairId)!.liable)) {
        elig.get(r.pairId)!.explain.push({
          rule: 'DSB-8.4',
          effect: `already in the lowest group ${st.group}: stays`,
        });
      }
    }

    for (const r of st.rows) {
      const e = elig.get(r.pairId)!;
      const m = moves.get(r.pairId);
      const to = m ? m.to : gi;
      // In the top group promotion is moot: DSB-8.3 says nothing there.
      const own = top ? e.explain.filter((x) => x.rule !== 'DSB-8.3') : e.explain;
      const explain = [...own, ...(m ? m.explain : [])];
      if (!m) {
        explain.push({
          rule: 'DSB-8',
          effect: `rank ${r.rank ?? '–'} in group ${st.group}: stays`,
        });
      }
      out.push({
        pairId: r.pairId,
        from: st.group,
        to: params.groups[to],
        move: to < gi ? 'up' : to > gi ? 'down' : 'stay',
        rank: r.rank,
        percentage: r.percentage,
        explain,
      });
    }
  }

  // DSB-5.2 the WL rebalances group sizes: its decision overrides the move.
  wlDecisions.forEach((d, i) => {
    const row = out.find((m) => m.pairId === d.pairId);
    if (!row) {
      throw new DsbInputError(
        `wlDecisions[${i}].pairId`,
        'DSB-8',
        `names no pair of the competition: ${d.pairId}`,
      );
    }
    const to = groupIndex(params, d.group, `wlDecisions[${i}].group`);
    const from = params.groups.indexOf(row.from);
    row.to = d.group;
    row.move = to < from ? 'up' : to > from ? 'down' : 'stay';
    row.explain.push({
      rule: 'DSB-5.2',
      effect: `the WL rebalances the groups: ${d.pairId} plays in ${d.group} (${d.reason})`,
    });
  });
  return out;
}
