import type { CompetitionState } from '../../domain/competition/state';
import type { DsbParams } from '../../rulebooks/presets/dsb-groenlo-2014';
import { groupForNewPair, nextGroups, type Explanation } from '../../standings/dsb';
import type { CompetitionInput, GroupStanding } from '../../standings/dsb';
import { dsbInput, lastSessionScored, wlDecisions } from './dsb-input';

/** How a competition's input and last scored session are had (the queries pass memoised ones). */
export interface Derive {
  input(c: CompetitionState): CompetitionInput;
  lastScored(c: CompetitionState): number;
  /** The final standings of a finished competition. */
  final?(c: CompetitionState, params: DsbParams): GroupStanding[];
}

const direct: Derive = { input: (c) => dsbInput(c), lastScored: (c) => lastSessionScored(c) };

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

/**
 * The same players, in any order: a pair of the previous competition playing on. Two or three
 * names are ordered by hand: `Array.prototype.sort` allocates its working state on every call,
 * about 90 MB over the 20-season benchmark's checks.
 */
function playersKey(players: string[]): string {
  const sorted = players.slice();
  for (let i = 1; i < sorted.length; i++) {
    const x = sorted[i];
    let j = i - 1;
    for (; j >= 0 && sorted[j] > x; j--) sorted[j + 1] = sorted[j];
    sorted[j + 1] = x;
  }
  return sorted.join('\u0000');
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
  const moved = new Map<string, { to: string; explain: Explanation[] }>(
    finished
      ? nextGroups(
          params,
          derive.input(previous),
          wlDecisions(previous),
          derive.final?.(previous, params),
        ).map((m) => [m.pairId, m])
      : Object.entries(previous?.pairs ?? {}).map(([id, p]) => [
          id,
          {
            to: p.group ?? '',
            explain: [
              { rule: 'DSB-8', effect: 'the previous competition is not over: no moves yet' },
            ],
          },
        ]),
  );
  const before = new Map<string, string>();
  for (const [id, p] of Object.entries(previous?.pairs ?? {})) {
    const key = playersKey(p.players);
    if (!before.has(key)) before.set(key, id);
  }
  return Object.entries(competition.pairs).map(([pairId, pair]) => {
    const assigned = pair.group ?? '';
    const beforeId = before.get(playersKey(pair.players));
    const move = beforeId === undefined ? undefined : moved.get(beforeId);
    if (move) {
      return {
        pairId,
        assigned,
        expected: move.to,
        basis: 'DSB-8' as const,
        agrees: move.to === assigned,
        explain: move.explain,
      };
    }
    const decision = competition.groupDecisions[pairId];
    const wl =
      decision?.basis === 'WL'
        ? { group: decision.group, reason: decision.reason ?? 'WL decision' }
        : undefined;
    const placement = groupForNewPair(
      params,
      pair.players.map((name) => ({ name, previousGroup: earlier.lastGroupOf(name) })),
      wl,
    );
    return {
      pairId,
      assigned,
      expected: placement.group,
      basis: 'DSB-6' as const,
      agrees: placement.group === assigned,
      explain: placement.explain,
    };
  });
}
