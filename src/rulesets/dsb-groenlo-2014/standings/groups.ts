import type { DsbParams } from '../preset';
import { DsbInputError, requireOneOf } from './errors';
import { competitionStandings } from './standings';
import type {
  CompetitionInput,
  CompetitionRoster,
  Dispensation,
  Explanation,
  GroupRanking,
  PairRoster,
  Participation,
  RankedPair,
  StandingRow,
} from './types';
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

/** DSB-8.3/8.4: a partnership's members who played fewer than `min` sessions ("m (n), …"). */
function shortMembers(pair: PairRoster, p: Participation, min: number): string {
  return pair.members
    .map((m) => ({ m, n: p.byMember[m] ?? 0 }))
    .filter(({ n }) => n < min)
    .map(({ m, n }) => `${m} (${n})`)
    .join(', ');
}

/** DSB-8.3, DSB-8.4, DSB-9.4: what a pair's participation allows at the end of a competition. */
export function eligibilityOf(
  params: DsbParams,
  pair: PairRoster,
  row: Pick<StandingRow, 'participation'>,
): Eligibility {
  const p = row.participation;
  const explain: Explanation[] = [];
  let d942: Extract<Dispensation, { rule: 'DSB-9.4(2)' }> | undefined;
  let d941: Dispensation | undefined;
  if (pair.dispensations) {
    for (const d of pair.dispensations) {
      if (d.rule === 'DSB-9.4(2)') d942 ??= d;
      else if (d.rule === 'DSB-9.4(1)') d941 ??= d;
    }
  }
  const pr = params.promotion;

  // DSB-8.3
  let mayBePromoted = p.original >= pr.minOriginalSessions;
  if (!mayBePromoted) {
    explain.push({
      rule: 'DSB-8.3',
      effect: `${p.original} session(s) in the original composition, fewer than ${pr.minOriginalSessions}: cannot be promoted`,
      amount: p.original,
    });
  }
  const short83 = p.partnership ? shortMembers(pair, p, pr.partnershipMemberMinSessions) : '';
  if (short83 !== '') {
    mayBePromoted = false;
    explain.push({
      rule: 'DSB-8.3',
      effect: `partnership member(s) ${short83} played fewer than ${pr.partnershipMemberMinSessions} sessions: cannot be promoted`,
    });
  }
  if (d942) {
    mayBePromoted = false;
    explain.push({
      rule: 'DSB-9.4(2)',
      effect: `WL: ${d942.player} may play with a substitute (${d942.reason}): no promotion`,
    });
  }

  // DSB-8.4: the faults, "; "-separated (none: met).
  const pa = params.participation;
  let faults = '';
  if (p.played < pa.minSessions) faults = `${p.played} session(s), fewer than ${pa.minSessions}`;
  if (p.original < pa.minOriginalSessions) {
    const f = `${p.original} in the original composition, fewer than ${pa.minOriginalSessions}`;
    faults = faults === '' ? f : `${faults}; ${f}`;
  }
  if (p.partnership) {
    // The same minimum (the preset's 2 and 2): the same members, the same text.
    const short =
      pa.partnershipMemberMinSessions === pr.partnershipMemberMinSessions
        ? short83
        : shortMembers(pair, p, pa.partnershipMemberMinSessions);
    if (short !== '') {
      const f = `member(s) ${short} fewer than ${pa.partnershipMemberMinSessions}`;
      faults = faults === '' ? f : `${faults}; ${f}`;
    }
  }
  let meets84 = faults === '';
  let liable = false;
  if (!meets84) {
    if (d942) {
      meets84 = true;
      explain.push({
        rule: 'DSB-9.4(2)',
        effect: `DSB-8.4 (${faults}) no longer applies: the WL allowed ${d942.player} a substitute`,
      });
    } else if (d941 && p.played >= pa.dispensationMinSessionsPlayed) {
      explain.push({
        rule: 'DSB-9.4(1)',
        effect: `DSB-8.4 not met (${faults}) but the WL decided (${d941.reason}): relegated only if its average warrants`,
      });
    } else {
      liable = true;
      explain.push({
        rule: 'DSB-8.4',
        effect:
          `DSB-8.4 not met (${faults}): liable to relegation` +
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
 * How many of `rows` (ranked, best first: `key` descending, or ascending from the bottom) take
 * `places` places, counting ranks among them ("1224"): always a leading run of them. Ties across
 * the last place all move or none does (`boundaryTie`).
 */
function placesTaken(
  rows: number[],
  places: number,
  boundaryTie: string,
  key: readonly number[],
): number {
  if (places <= 0) return 0;
  let taken = 0;
  let i = 0;
  while (i < rows.length && taken < places) {
    let j = i;
    while (j + 1 < rows.length && key[rows[j + 1]] === key[rows[i]]) j++;
    if (taken + (j + 1 - i) <= places || boundaryTie === 'moveAll') taken = j + 1;
    else break;
    i = j + 1;
  }
  return taken;
}

const keyOf = (r: RankedPair): number =>
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
  wlDecisions?: WlRebalance[],
  /** The final standings (or their ranking), when the caller has them already. */
  final?: GroupRanking[],
): GroupMove[];
/** From the final standings, given: of the competition only its pairs are read (`CompetitionRoster`). */
export function nextGroups(
  params: DsbParams,
  competition: CompetitionRoster,
  wlDecisions: WlRebalance[],
  final: GroupRanking[],
): GroupMove[];
export function nextGroups(
  params: DsbParams,
  competition: CompetitionInput | CompetitionRoster,
  wlDecisions: WlRebalance[] = [],
  // Without the final standings the first signature applies: the competition is a whole input.
  final: GroupRanking[] = competitionStandings(params, competition as CompetitionInput),
): GroupMove[] {
  checkPromotionParams(params);
  const pairsById = new Map<string, PairRoster>();
  for (const g of competition.groups) for (const p of g.pairs) pairsById.set(p.pairId, p);
  const out: GroupMove[] = [];
  for (const st of final) groupMoves(params, st, pairsById, out);

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

const hasRule = (explain: Explanation[], rule: string): boolean => {
  for (const x of explain) if (x.rule === rule) return true;
  return false;
};

/**
 * DSB-8.1/8.2/8.4 the moves of one group, added to `out`. Rows are held by their index in the
 * standing: each row's eligibility, key and move (its group and its one explanation) in arrays.
 */
function groupMoves(
  params: DsbParams,
  st: GroupRanking,
  pairsById: Map<string, PairRoster>,
  out: GroupMove[],
): void {
  const { boundaryTie, passOnIneligible, promote, relegate } = params.promotion;
  const rows = st.rows;
  const n = rows.length;
  const gi = params.groups.indexOf(st.group);
  const top = gi === 0;
  const bottom = gi === params.groups.length - 1;
  const elig: Eligibility[] = new Array<Eligibility>(n);
  const key: number[] = new Array<number>(n);
  const to: number[] = new Array<number>(n);
  const why: Array<Explanation | null> = new Array<Explanation | null>(n);
  for (let i = 0; i < n; i++) {
    const pair = pairsById.get(rows[i].pairId);
    if (pair === undefined) {
      throw new DsbInputError(
        `final[${st.group}].rows[${rows[i].pairId}]`,
        'DSB-8',
        'names no pair of the competition',
      );
    }
    elig[i] = eligibilityOf(params, pair, rows[i]);
    key[i] = keyOf(rows[i]);
    to[i] = gi;
    why[i] = null;
  }

  // DSB-8.1 promotion.
  if (!top) {
    const candidates: number[] = [];
    for (let i = 0; i < n; i++) {
      if (rows[i].percentage !== null && (!passOnIneligible || elig[i].mayBePromoted)) {
        candidates.push(i);
      }
    }
    const taken = placesTaken(candidates, promote, boundaryTie, key);
    for (let c = 0; c < taken; c++) {
      const i = candidates[c];
      if (!elig[i].mayBePromoted) continue;
      const r = rows[i];
      to[i] = gi - 1;
      why[i] = {
        rule: 'DSB-8.1',
        effect: `rank ${r.rank} in group ${st.group}, among the top ${promote} that may be promoted: up to ${params.groups[gi - 1]}`,
        amount: r.rank ?? undefined,
      };
    }
    if (boundaryTie === 'moveNone') {
      // Report pairs kept back by a tie across the last place: the first candidate not moving,
      // and every other not moving with its key.
      let first = -1;
      for (let c = 0; c < candidates.length; c++) {
        const i = candidates[c];
        if (why[i] !== null) continue;
        if (first < 0) {
          if (c >= promote) break;
          first = i;
        }
        if (key[i] === key[first]) {
          elig[i].explain.push({
            rule: 'DSB-8.1',
            effect: `tied across the last promotion place: no pair of the tie moves up (reading 'moveNone')`,
          });
        }
      }
    }
  }

  // DSB-8.2 relegation, with DSB-8.4 liability.
  if (!bottom) {
    let liable = 0;
    for (let i = 0; i < n; i++) {
      if (!elig[i].liable || why[i] !== null) continue;
      liable++;
      to[i] = gi + 1;
      why[i] = {
        rule: 'DSB-8.4',
        effect: `liable to relegation: down to ${params.groups[gi + 1]}`,
      };
    }
    const fill = params.participation.liableFillRelegationPlaces;
    const fromBottom: number[] = [];
    for (let i = n - 1; i >= 0; i--) if (why[i] === null) fromBottom.push(i);
    const taken = placesTaken(fromBottom, fill ? relegate - liable : relegate, boundaryTie, key);
    for (let c = 0; c < taken; c++) {
      const i = fromBottom[c];
      const r = rows[i];
      to[i] = gi + 1;
      why[i] = {
        rule: 'DSB-8.2',
        effect:
          r.rank === null
            ? `no score in group ${st.group}: among the bottom ${relegate}, down to ${params.groups[gi + 1]}`
            : `rank ${r.rank} of ${n} in group ${st.group}, among the bottom ${relegate}` +
              (liable > 0 && fill ? ` (${liable} place(s) taken by DSB-8.4)` : '') +
              `: down to ${params.groups[gi + 1]}`,
        amount: r.rank ?? undefined,
      };
    }
  } else {
    for (let i = 0; i < n; i++) {
      if (!elig[i].liable) continue;
      elig[i].explain.push({
        rule: 'DSB-8.4',
        effect: `already in the lowest group ${st.group}: stays`,
      });
    }
  }

  for (let i = 0; i < n; i++) {
    const r = rows[i];
    // The eligibility's explanation is this call's own: the move's continues it. In the top
    // group promotion is moot: DSB-8.3 says nothing there.
    let explain = elig[i].explain;
    if (top && hasRule(explain, 'DSB-8.3')) {
      explain = explain.filter((x) => x.rule !== 'DSB-8.3');
    }
    explain.push(
      why[i] ?? { rule: 'DSB-8', effect: `rank ${r.rank ?? '–'} in group ${st.group}: stays` },
    );
    out.push({
      pairId: r.pairId,
      from: st.group,
      to: params.groups[to[i]],
      move: to[i] < gi ? 'up' : to[i] > gi ? 'down' : 'stay',
      rank: r.rank,
      percentage: r.percentage,
      explain,
    });
  }
}

/** DSB-8.1: how a tie on a promotion boundary moves, as `nextGroups` reads it. */
export function checkPromotionParams(params: DsbParams): void {
  requireOneOf(
    params.promotion.boundaryTie,
    ['moveAll', 'moveNone'],
    'promotion.boundaryTie',
    'DSB-8.1',
  );
}
