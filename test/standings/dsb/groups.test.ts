import { applyChanges } from '../../../src/rulebooks/rulebook';
import {
  competitionStandings,
  DsbInputError,
  groupForNewPair,
  nextGroups,
  type CompetitionRoster,
  type GroupMove,
  type PairInput,
  type SessionEntry,
} from '../../../src/rulesets/dsb-groenlo-2014/standings';
import { competition, notified, P, pair, played, steadyGroup, withPair } from './builders';

const byId = (moves: GroupMove[]) => Object.fromEntries(moves.map((m) => [m.pairId, m]));
const movers = (moves: GroupMove[], move: 'up' | 'down') =>
  moves.filter((m) => m.move === move).map((m) => m.pairId);

/** Six sessions at `pct`: the first `original` in the original composition, the rest with a
 * substitute of the same group (DSB-10.2(1)), then `absent` notified absences at the end. */
const mixed = (
  id: string,
  pct: number,
  original: number,
  withSub: number,
  more: Partial<PairInput> = {},
) => {
  const entries: SessionEntry[] = [];
  for (let s = 1; s <= 6; s++) {
    if (s <= original) entries.push(played(s, pct));
    else if (s <= original + withSub)
      entries.push(played(s, pct, { players: [`${id}-n`], substitute: { case: 'sameGroup' } }));
    else entries.push(notified(s));
  }
  return pair(id, entries, more);
};

const A = steadyGroup('A', 7);
const B = steadyGroup('B', 7);

describe('DSB-8.1/8.2 promotion and relegation at the end of a competition', () => {
  it('DSB-8.1/8.2 the top 3 of a lower group move up, the bottom 3 of a higher group move down', () => {
    const moves = nextGroups(P, competition(A, B));
    expect(movers(moves, 'up')).toEqual(['B1', 'B2', 'B3']);
    expect(movers(moves, 'down')).toEqual(['A5', 'A6', 'A7', 'B5', 'B6', 'B7']);
    const m = byId(moves);
    expect(m.B1).toMatchObject({ from: 'B', to: 'A', rank: 1 });
    expect(m.B1.explain).toContainEqual(expect.objectContaining({ rule: 'DSB-8.1', amount: 1 }));
    expect(m.A7).toMatchObject({ from: 'A', to: 'B' });
    expect(m.A7.explain.at(-1)!.effect).toBe(
      'rank 7 of 7 in group A, among the bottom 3: down to B',
    );
    expect(m.A1).toMatchObject({ to: 'A', move: 'stay' });
    expect(m.B4.explain.at(-1)).toEqual({ rule: 'DSB-8', effect: 'rank 4 in group B: stays' });
  });

  it('DSB-8.1 an amended promote 2 moves only the top 2', () => {
    const moves = nextGroups(applyChanges(P, { 'promotion.promote': 2 }), competition(A, B));
    expect(movers(moves, 'up')).toEqual(['B1', 'B2']);
  });

  it('DSB-8.1 reading: pairs tied across the last promotion place all move up (parameter: none)', () => {
    const tied = withPair(B, steadyGroup('B', 7).pairs[2]); // B3 at 58.00
    const b4 = { ...steadyGroup('B', 7).pairs[3], entries: steadyGroup('B', 7).pairs[2].entries };
    const g = withPair(tied, b4); // B4 also 58.00
    expect(movers(nextGroups(P, competition(A, g)), 'up')).toEqual(['B1', 'B2', 'B3', 'B4']);
    const none = applyChanges(P, { 'promotion.boundaryTie': 'moveNone' });
    const moves = nextGroups(none, competition(A, g));
    expect(movers(moves, 'up')).toEqual(['B1', 'B2']);
    expect(
      byId(moves)
        .B3.explain.map((e) => e.effect)
        .join('\n'),
    ).toMatch(/tied across the last promotion place/);
  });

  it('DSB-8.2 reading: pairs tied across the last relegation place all move down', () => {
    const a = withPair(A, { ...A.pairs[4], entries: A.pairs[5].entries }); // A5 = A6 = 55.00
    expect(movers(nextGroups(P, competition(a, B)), 'down')).toEqual([
      'A5',
      'A6',
      'A7',
      'B5',
      'B6',
      'B7',
    ]);
    const a4 = withPair(a, { ...A.pairs[3], entries: A.pairs[5].entries }); // A4 = A5 = A6
    expect(
      movers(nextGroups(P, competition(a4, B)), 'down').filter((id) => id.startsWith('A')),
    ).toEqual(['A4', 'A5', 'A6', 'A7']);
  });

  it('DSB-8 the top group promotes nobody, the lowest group relegates nobody', () => {
    const moves = nextGroups(P, competition(steadyGroup('D', 6), steadyGroup('E', 6)));
    expect(movers(moves, 'up')).toEqual(['D1', 'D2', 'D3', 'E1', 'E2', 'E3']);
    expect(movers(moves, 'down')).toEqual(['D4', 'D5', 'D6']);
    expect(byId(moves).E6.move).toBe('stay');
    expect(nextGroups(P, competition(A)).filter((m) => m.move === 'up')).toEqual([]);
  });
});

describe('DSB-8.3 promotion needs the original composition', () => {
  it('DSB-8.3 a pair with only 3 sessions in its original composition is not promoted; the place passes on', () => {
    const b = withPair(B, mixed('B1', 6000, 3, 3));
    const moves = nextGroups(P, competition(A, b));
    expect(movers(moves, 'up')).toEqual(['B2', 'B3', 'B4']);
    expect(byId(moves).B1.explain[0]).toEqual({
      rule: 'DSB-8.3',
      effect: '3 session(s) in the original composition, fewer than 4: cannot be promoted',
      amount: 3,
    });
  });

  it('DSB-8.3 reading: with passOnIneligible false the place stays unused', () => {
    const b = withPair(B, mixed('B1', 6000, 3, 3));
    const p = applyChanges(P, { 'promotion.passOnIneligible': false });
    expect(movers(nextGroups(p, competition(A, b)), 'up')).toEqual(['B2', 'B3']);
  });

  it('DSB-8.3 a partnership member with exactly 2 sessions: promoted; with 1: not', () => {
    const part = (id: string, cPlays: number) =>
      pair(
        id,
        [1, 2, 3, 4, 5, 6].map((s) =>
          played(s, 6000, {
            players: s <= cPlays ? [`${id}-a`, `${id}-c`] : [`${id}-a`, `${id}-b`],
          }),
        ),
        { members: [`${id}-a`, `${id}-b`, `${id}-c`] },
      );
    const two = nextGroups(P, competition(A, withPair(B, part('B1', 2))));
    expect(byId(two).B1.move).toBe('up');
    const one = nextGroups(P, competition(A, withPair(B, part('B1', 1))));
    // One member short also fails DSB-8.4: liable to relegation.
    expect(byId(one).B1.move).toBe('down');
    expect(byId(one).B1.explain[0].effect).toMatch(/B1-c \(1\) played fewer than 2 sessions/);
    expect(byId(one).B1.explain[1].rule).toBe('DSB-8.4');
  });
});

describe('DSB-8.4 and DSB-9.4 participation and dispensations', () => {
  it('DSB-8.4 exactly 4 sessions of which exactly 3 original meets 8.4 (but not 8.3)', () => {
    // 70.00 × 4, then 55.00 (DSB-9.2) and 47.50 (DSB-9.3), minus 1.25 (DSB-9.6): still first.
    const b = withPair(B, mixed('B1', 7000, 3, 1));
    const a = withPair(A, mixed('A1', 7000, 3, 1));
    const m = byId(nextGroups(P, competition(a, b)));
    expect(m.A1.move).toBe('stay');
    expect(m.A1.explain.some((e) => e.rule === 'DSB-8.4')).toBe(false);
    expect(m.B1.move).toBe('stay');
    expect(m.B1.explain[0].rule).toBe('DSB-8.3');
  });

  it('DSB-8.4 4 sessions of which only 2 original: liable to relegation, whatever the rank; it fills a place', () => {
    const a = withPair(A, mixed('A1', 7000, 2, 2));
    const moves = nextGroups(P, competition(a, B));
    expect(movers(moves, 'down').filter((id) => id.startsWith('A'))).toEqual(['A1', 'A6', 'A7']);
    expect(byId(moves).A1.explain[0]).toEqual({
      rule: 'DSB-8.4',
      effect: 'DSB-8.4 not met (2 in the original composition, fewer than 3): liable to relegation',
    });
    expect(byId(moves).A6.explain.at(-1)!.effect).toMatch(/\(1 place\(s\) taken by DSB-8.4\)/);
  });

  it('DSB-8.4 reading: with liableFillRelegationPlaces false the liable pair goes down in addition', () => {
    const a = withPair(A, mixed('A1', 9000, 3, 0));
    const p = applyChanges(P, { 'participation.liableFillRelegationPlaces': false });
    expect(
      movers(nextGroups(p, competition(a, B)), 'down').filter((x) => x.startsWith('A')),
    ).toEqual(['A1', 'A5', 'A6', 'A7']);
  });

  it('DSB-8.4 a partnership member with exactly 2 sessions meets 8.4; with 1 it is liable', () => {
    const part = (cPlays: number) =>
      pair(
        'A1',
        [1, 2, 3, 4, 5, 6].map((s) =>
          played(s, 6000, { players: s <= cPlays ? ['x', 'z'] : ['x', 'y'] }),
        ),
        { members: ['x', 'y', 'z'] },
      );
    expect(byId(nextGroups(P, competition(withPair(A, part(2)), B))).A1.move).toBe('stay');
    expect(byId(nextGroups(P, competition(withPair(A, part(1)), B))).A1.move).toBe('down');
  });

  it('DSB-9.4(1) with the WL’s dispensation a pair that played is relegated only if its average warrants', () => {
    const d = { dispensations: [{ rule: 'DSB-9.4(1)' as const, reason: 'hospital' }] };
    // 2 × 90.00, 55.00, 3 × 47.50, minus 1.25: 61.67, first of A.
    const a = withPair(A, mixed('A1', 9000, 2, 0, d));
    const m = byId(nextGroups(P, competition(a, B)));
    expect(m.A1).toMatchObject({ move: 'stay', percentage: 61.67 });
    expect(m.A1.explain[m.A1.explain.length - 2].rule).toBe('DSB-9.4(1)');
    const low = withPair(A, mixed('A7', 4000, 1, 0, d));
    expect(byId(nextGroups(P, competition(low, B))).A7.move).toBe('down');
  });

  it('DSB-9.4(1) needs the pair or a member to have played at least 1 session', () => {
    const d = { dispensations: [{ rule: 'DSB-9.4(1)' as const, reason: 'abroad' }] };
    const a = withPair(A, mixed('A1', 6000, 0, 0, d));
    const m = byId(nextGroups(P, competition(a, B)));
    expect(m.A1.move).toBe('down');
    expect(m.A1.explain.find((e) => e.rule === 'DSB-8.4')!.effect).toMatch(
      /needs the pair or a member to have played 1 session/,
    );
  });

  it('DSB-9.4(2) a player allowed a substitute for 3+ sessions: no 8.4, but no promotion either', () => {
    const d = { dispensations: [{ rule: 'DSB-9.4(2)' as const, player: 'A1-s', reason: 'care' }] };
    const a = withPair(A, mixed('A1', 6000, 2, 4, d));
    expect(byId(nextGroups(P, competition(a, B))).A1.move).toBe('stay');
    const b = withPair(
      B,
      mixed('B1', 6000, 2, 4, { dispensations: [{ ...d.dispensations[0], player: 'B1-s' }] }),
    );
    const m = byId(nextGroups(P, competition(A, b)));
    expect(m.B1.move).toBe('stay');
    expect(m.B1.explain.map((e) => e.rule)).toContain('DSB-9.4(2)');
    expect(() => nextGroups(P, competition(A, withPair(B, mixed('B1', 6000, 2, 4, d))))).toThrow(
      /DSB-9.4\(2\): groups\[B\].pairs\[B1\].dispensations\[0\].player must be a member/,
    );
  });
});

describe('DSB-8 from a roster and the final standings', () => {
  it('DSB-8 DSB-9.4(2) the pairs without their entries, beside the final standings, give the same moves', () => {
    const d = { dispensations: [{ rule: 'DSB-9.4(2)' as const, player: 'B1-s', reason: 'care' }] };
    const input = competition(A, withPair(B, mixed('B1', 6000, 2, 4, d)));
    const roster: CompetitionRoster = {
      id: input.id,
      groups: input.groups.map((g) => ({
        group: g.group,
        pairs: g.pairs.map(({ pairId, members, dispensations }) =>
          dispensations ? { pairId, members, dispensations } : { pairId, members },
        ),
      })),
    };
    const wl = [{ pairId: 'A5', group: 'A', reason: 'group A one pair short' }];
    const moves = nextGroups(P, roster, wl, competitionStandings(P, input));
    expect(moves).toEqual(nextGroups(P, input, wl));
    expect(byId(moves).B1.explain.map((e) => e.rule)).toContain('DSB-9.4(2)');
    // Standings of other pairs than the roster's: refused, naming the row.
    expect(() =>
      nextGroups(P, { id: input.id, groups: [] }, [], competitionStandings(P, input)),
    ).toThrow(/DSB-8: final\[A\]\.rows\[A1\] names no pair of the competition/);
  });
});

describe('DSB-5.2 the WL rebalances the groups', () => {
  it('DSB-5.2 a WL decision overrides the move, with its reason', () => {
    const moves = nextGroups(P, competition(A, B), [
      { pairId: 'B4', group: 'A', reason: 'group A one pair short' },
      { pairId: 'A5', group: 'A', reason: 'group A one pair short' },
    ]);
    const m = byId(moves);
    expect(m.B4).toMatchObject({ to: 'A', move: 'up' });
    expect(m.A5).toMatchObject({ to: 'A', move: 'stay' });
    expect(m.A5.explain.at(-1)).toEqual({
      rule: 'DSB-5.2',
      effect: 'the WL rebalances the groups: A5 plays in A (group A one pair short)',
    });
  });

  it('DSB-5.2 a decision changes the explanation of its own move only, not the same stay elsewhere', () => {
    const decided = byId(
      nextGroups(P, competition(A, B), [{ pairId: 'A4', group: 'A', reason: 'r' }]),
    );
    const plain = byId(nextGroups(P, competition(A, B)));
    expect(decided.A4.explain.map((x) => x.rule)).toEqual(['DSB-8', 'DSB-5.2']);
    expect(plain.A4.explain).toEqual([{ rule: 'DSB-8', effect: 'rank 4 in group A: stays' }]);
  });

  it('DSB-5.2 refuses a decision for an unknown pair or group', () => {
    expect(() =>
      nextGroups(P, competition(A, B), [{ pairId: 'Z', group: 'A', reason: '' }]),
    ).toThrow('DSB-8: wlDecisions[0].pairId names no pair of the competition: Z');
    expect(() =>
      nextGroups(P, competition(A, B), [{ pairId: 'A1', group: 'F', reason: '' }]),
    ).toThrow(DsbInputError);
  });
});

describe('DSB-6 the group of a new pair', () => {
  const m = (name: string, previousGroup: string | null) => ({ name, previousGroup });
  it('DSB-6.2.1 both players from one group → that group', () => {
    expect(groupForNewPair(P, [m('a', 'C'), m('b', 'C')])).toEqual({
      group: 'C',
      explain: [{ rule: 'DSB-6.2.1', effect: 'all members from group C' }],
    });
  });
  it('DSB-6.2.2 one from a lower group → the lower group', () => {
    expect(groupForNewPair(P, [m('a', 'B'), m('b', 'D')]).group).toBe('D');
  });
  it('DSB-6.2.3 an existing player with a new member → one group below; the lowest stays lowest', () => {
    expect(groupForNewPair(P, [m('a', 'B'), m('b', null)])).toMatchObject({
      group: 'C',
      explain: [{ rule: 'DSB-6.2.3' }],
    });
    expect(groupForNewPair(P, [m('a', 'E'), m('b', null)]).group).toBe('E');
  });
  it('DSB-6.2.4 two new members → the lowest group unless the WL decides', () => {
    expect(groupForNewPair(P, [m('a', null), m('b', null)]).group).toBe('E');
    const wl = groupForNewPair(P, [m('a', null), m('b', null)], {
      group: 'C',
      reason: 'strong players',
    });
    expect(wl.group).toBe('C');
    expect(wl.explain[1]).toEqual({
      rule: 'DSB-6.2.4',
      effect: 'the WL places the pair in group C: strong players',
    });
  });
  it('DSB-6 refuses an unknown group and a partnership of 4', () => {
    expect(() => groupForNewPair(P, [m('a', 'F'), m('b', 'A')])).toThrow(
      /DSB-5: newPair.members\[0\].previousGroup is an unknown group "F"/,
    );
    expect(() => groupForNewPair(P, [m('a', 'A'), m('b', 'A'), m('c', 'A'), m('d', 'A')])).toThrow(
      /DSB-3: newPair.members must have 2 \(a pair\) to 3/,
    );
  });
});
