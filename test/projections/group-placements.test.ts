import {
  initialCompetitionState,
  type CompetitionState,
} from '../../src/contexts/pairs/domain/state';
import type { CompetitionCreated } from '../../src/contexts/pairs/domain/facts';
import {
  earlierOf,
  groupPlacements,
  pairsByPlayers,
  type Derive,
  type GroupPlacementCheck,
} from '../../src/rulesets/dsb-groenlo-2014/group-placements';
import {
  competitionStandings,
  type CompetitionInput,
} from '../../src/rulesets/dsb-groenlo-2014/standings';
import { P, steady } from '../standings/dsb/builders';

/** The preset's parameters with groups A and B in play. */
const AB = { ...P, groups: ['A', 'B'] };

const state = (pairs: Array<[string, string[], string]>): CompetitionState => {
  const s = initialCompetitionState();
  s.competition = {
    sessions: [1, 2, 3, 4, 5, 6].map((session) => ({ session })),
  } as unknown as CompetitionCreated;
  for (const [id, players, group] of pairs) s.pairs[id] = { players, group };
  return s;
};

/** The previous competition: p1..p4 in A, p5..p8 in B, finishing in that order; a partnership t in B. */
const previous = state([
  ['p1', ['a1', 'b1'], 'A'],
  ['p2', ['a2', 'b2'], 'A'],
  ['p3', ['a3', 'b3'], 'A'],
  ['p4', ['a4', 'b4'], 'A'],
  ['p5', ['a5', 'b5'], 'B'],
  ['p6', ['a6', 'b6'], 'B'],
  ['p7', ['a7', 'b7'], 'B'],
  ['p8', ['a8', 'b8'], 'B'],
  ['t', ['c1', 'c2', 'c3'], 'B'],
  // The same players as p1, entered later: p1 is the pair playing on.
  ['p1again', ['b1', 'a1'], 'B'],
  // Entered but not in the standings' input (no DSB-8 move for it).
  ['gone', ['g1', 'g2'], 'A'],
]);

const input: CompetitionInput = {
  id: 'prev',
  groups: [
    { group: 'A', pairs: ['p1', 'p2', 'p3', 'p4'].map((id, i) => steady(id, 6000 - i * 100)) },
    {
      group: 'B',
      pairs: [
        ...['p5', 'p6', 'p7'].map((id, i) => steady(id, 6000 - i * 100)),
        {
          ...steady('t', 5650),
          members: ['c1', 'c2', 'c3'],
          entries: steady('t', 5650).entries.map((e) => ({ ...e, players: ['c1', 'c2'] })),
        },
        steady('p8', 5000),
        steady('p1again', 4000),
      ],
    },
  ],
};

const derive = (lastScored: number): Derive => ({
  lastScored: () => lastScored,
  final: (_, params) => competitionStandings(params, input),
  roster: () => input,
  pairsByPlayers,
});

/** This competition's pairs: some playing on (players in any order), some new. */
const current = state([
  ['q1', ['b1', 'a1'], 'A'],
  ['q5', ['a5', 'b5'], 'A'],
  ['q2', ['a2', 'b2'], 'A'],
  ['qt', ['c3', 'c1', 'c2'], 'B'],
  ['qt2', ['c1', 'c2'], 'B'],
  ['qg', ['g2', 'g1'], 'B'],
  ['n1', ['a4', 'newcomer'], 'B'],
]);

const brief = (checks: GroupPlacementCheck[]) =>
  checks.map((c) => [c.pairId, c.basis, c.expected, c.agrees, c.explain.map((e) => e.rule)]);

describe('DSB-6/DSB-8 the group placement check', () => {
  it('DSB-8 pairs playing on, in any order of players (a partnership too); DSB-6 for new pairs and a pair without a move', () => {
    const checks = groupPlacements(AB, current, earlierOf([previous]), derive(6));
    expect(brief(checks)).toEqual([
      ['q1', 'DSB-8', 'A', true, ['DSB-8']],
      ['q5', 'DSB-8', 'A', true, ['DSB-8.1']],
      ['q2', 'DSB-8', 'B', false, ['DSB-8.2']],
      ['qt', 'DSB-8', 'B', true, ['DSB-8.3', 'DSB-8.4', 'DSB-8.4', 'DSB-8']],
      ['qt2', 'DSB-6', 'B', true, ['DSB-6.2.1']],
      ['qg', 'DSB-6', 'A', false, ['DSB-6.2.1']],
      ['n1', 'DSB-6', 'B', true, ['DSB-6.2.3']],
    ]);
    expect(checks[1]).toEqual({
      pairId: 'q5',
      assigned: 'A',
      expected: 'A',
      basis: 'DSB-8',
      agrees: true,
      explain: [
        {
          rule: 'DSB-8.1',
          effect: 'rank 1 in group B, among the top 3 that may be promoted: up to A',
          amount: 1,
        },
      ],
    });
  });

  it('DSB-8 before the previous competition is over every pair playing on stays where it was', () => {
    const checks = groupPlacements(AB, current, earlierOf([previous]), derive(5));
    expect(brief(checks)).toEqual([
      ['q1', 'DSB-8', 'A', true, ['DSB-8']],
      ['q5', 'DSB-8', 'B', false, ['DSB-8']],
      ['q2', 'DSB-8', 'A', true, ['DSB-8']],
      ['qt', 'DSB-8', 'B', true, ['DSB-8']],
      ['qt2', 'DSB-6', 'B', true, ['DSB-6.2.1']],
      ['qg', 'DSB-8', 'A', false, ['DSB-8']],
      ['n1', 'DSB-6', 'B', true, ['DSB-6.2.3']],
    ]);
    expect(checks[5].explain).toEqual([
      { rule: 'DSB-8', effect: 'the previous competition is not over: no moves yet' },
    ]);
  });

  it('DSB-6 without a previous competition every pair is new', () => {
    const checks = groupPlacements(AB, current, earlierOf([]), derive(6));
    expect(checks.map((c) => [c.pairId, c.basis, c.expected])).toEqual([
      ['q1', 'DSB-6', 'B'],
      ['q5', 'DSB-6', 'B'],
      ['q2', 'DSB-6', 'B'],
      ['qt', 'DSB-6', 'B'],
      ['qt2', 'DSB-6', 'B'],
      ['qg', 'DSB-6', 'B'],
      ['n1', 'DSB-6', 'B'],
    ]);
  });
});
