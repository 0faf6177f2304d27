import type { CompetitionState } from '../../contexts/pairs/domain/state';
import type { DsbParams } from './preset';
import {
  competitionStandings,
  groupForNewPair,
  nextGroups,
  type Explanation,
  type GroupMove,
} from './standings';
import type { CompetitionRoster, GroupRanking } from './standings';
import { dsbInput, dsbRoster, wlDecisions } from './dsb-input';
import { lastSessionScored } from '../../contexts/pairs/projection/last-session';

/**
 * How what the check reads of the previous competition is had: its last scored session, its
 * final standings and its pairs (the queries pass memoised ones).
 */
export interface Derive {
  lastScored(c: CompetitionState): number;
  /** The final standings (or their ranking, DSB-8) of a finished competition. */
  final(c: CompetitionState, params: DsbParams): GroupRanking[];
  roster(c: CompetitionState): CompetitionRoster;
  /** A competition's pairs by their players (`pairsByPlayers`): read as the next one's previous. */
  pairsByPlayers(c: CompetitionState): ReadonlyMap<string, string>;
}

const direct: Derive = {
  lastScored: (c) => lastSessionScored(c),
  final: (c, params) => competitionStandings(params, dsbInput(c)),
  roster: (c) => dsbRoster(c),
  pairsByPlayers: (c) => pairsByPlayers(c),
};

export interface GroupPlacementCheck {
  pairId: string;
  /** The group the pair entered this competition in. */
  assigned: string;
  /** The group the rules give it: DSB-8 for a pair of the previous competition, DSB-6 for a new pair. */
  expected: string;
  basis: 'DSB-8' | 'DSB-6';
  agrees: boolean;
  explain: Explanation[];
}

/** The club's history before a competition, as the placement check needs it. */
export interface Earlier {
  /** The club's DSB pairs competition just before this one, if any. */
  previous?: CompetitionState;
  /** DSB-6: the group a player last played in, in the club's earlier competitions. */
  lastGroupOf(player: string): string | null;
}

/** Earlier competitions given as a list, oldest first (a test's or a one-off caller's view). */
export function earlierOf(earlier: CompetitionState[]): Earlier {
  return {
    previous: earlier[earlier.length - 1],
    lastGroupOf(player) {
      for (let i = earlier.length - 1; i >= 0; i--) {
        const pair = Object.values(earlier[i].pairs).find((p) => p.players.includes(player));
        if (pair?.group) return pair.group;
      }
      return null;
    },
  };
}

/** The same players, in any order: a pair of the previous competition playing on. */
const playersKey = (players: string[]) => [...players].sort().join('\u0000');

/** A competition's pairs by their players: the first pair (in entry order) of each. */
export function pairsByPlayers(c: CompetitionState): Map<string, string> {
  const out = new Map<string, string>();
  for (const id in c.pairs) {
    const key = playersKey(c.pairs[id].players);
    if (!out.has(key)) out.set(key, id);
  }
  return out;
}

/**
 * Checks every pair's group in a DSB competition against the rules, from the club's earlier
 * competitions: a pair that played the previous competition belongs where DSB-8 moved it
 * (or where the WL rebalanced it); a new pair where DSB-6 puts it, from the group each member
 * last played in (or where the WL placed it, PairGroupAssigned with basis WL).
 */
export function groupPlacements(
  params: DsbParams,
  competition: CompetitionState,
  earlier: Earlier,
  derive: Derive = direct,
): GroupPlacementCheck[] {
  const { previous } = earlier;
  // DSB-8 moves exist once the previous competition is over; until then a pair stays put.
  const finished =
    previous !== undefined && derive.lastScored(previous) === previous.competition!.sessions.length;
  let moved: Map<string, GroupMove> | null = null;
  if (finished) {
    moved = new Map();
    for (const m of nextGroups(
      params,
      derive.roster(previous),
      wlDecisions(previous),
      derive.final(previous, params),
    )) {
      moved.set(m.pairId, m);
    }
  }
  const before = previous ? derive.pairsByPlayers(previous) : new Map<string, string>();
  const ids = Object.keys(competition.pairs);
  const out: GroupPlacementCheck[] = new Array<GroupPlacementCheck>(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const pairId = ids[i];
    const pair = competition.pairs[pairId];
    const assigned = pair.group ?? '';
    const beforeId = before.get(playersKey(pair.players));
    const move =
      beforeId === undefined
        ? undefined
        : moved
          ? moved.get(beforeId)
          : {
              to: previous!.pairs[beforeId].group ?? '',
              explain: [
                { rule: 'DSB-8', effect: 'the previous competition is not over: no moves yet' },
              ],
            };
    if (move) {
      out[i] = {
        pairId,
        assigned,
        expected: move.to,
        basis: 'DSB-8',
        agrees: move.to === assigned,
        explain: move.explain,
      };
      continue;
    }
    const decision = competition.groupDecisions?.[pairId];
    const wl =
      decision?.basis === 'WL'
        ? { group: decision.group, reason: decision.reason ?? 'WL decision' }
        : undefined;
    const placement = groupForNewPair(
      params,
      pair.players.map((name) => ({ name, previousGroup: earlier.lastGroupOf(name) })),
      wl,
    );
    out[i] = {
      pairId,
      assigned,
      expected: placement.group,
      basis: 'DSB-6',
      agrees: placement.group === assigned,
      explain: placement.explain,
    };
  }
  return out;
}
