import { applyChanges } from '../../../src/rulebooks/rulebook';
import { groupStanding, participationOf, type GroupInput } from '../../../src/standings/dsb';
import { ValuePool } from '../../../src/standings/value-pool';
import { noShow, notified, P, pair, played, steady } from './builders';

/** A partnership of three (DSB-3): the two who played each session are named. */
const trio = pair(
  'T',
  [
    played(1, 5000, { players: ['a', 'b'] }),
    played(2, 5100, { players: ['a', 'c'] }),
    played(3, 5200, { players: ['b', 'c'] }),
    played(4, 5300, { players: ['a', 'b'] }),
    // DSB-10.1: one member with a substitute.
    played(5, 5400, { players: ['c'], substitute: { case: 'sameGroup', name: 'sub' } }),
    notified(6),
  ],
  { members: ['a', 'b', 'c'] },
);

describe('DSB-8.3/8.4/9.4/11.2 a pair’s participation: sessions played, in the original composition, by each member', () => {
  it('counts sessions played, original, with a substitute and absent, and each member’s sessions', () => {
    const p = participationOf(P, trio);
    expect([p.played, p.original, p.withSubstitute, p.absent, p.partnership]).toEqual([
      5,
      4,
      1,
      1,
      true,
    ]);
    expect(['a', 'b', 'c'].map((m) => p.sessionsOf(m))).toEqual([3, 3, 3]);
    expect(p.sessionsOf('sub')).toBe(0);
    expect(p.sessionsOf('nobody')).toBe(0);
  });

  it('is written out as plain JSON, byMember keyed by the members in their order', () => {
    expect(JSON.parse(JSON.stringify(participationOf(P, trio)))).toEqual({
      played: 5,
      original: 4,
      withSubstitute: 1,
      absent: 1,
      byMember: { a: 3, b: 3, c: 3 },
      partnership: true,
    });
    expect(Object.keys(participationOf(P, trio).byMember)).toEqual(['a', 'b', 'c']);
  });

  it('counts only the sessions up to the one asked for (an interim standing)', () => {
    const p = participationOf(P, trio, 2);
    expect([p.played, p.original, p.absent]).toEqual([2, 2, 0]);
    expect(p.byMember).toEqual({ a: 2, b: 1, c: 1 });
  });

  it('a pair of two that played every session: both members every session', () => {
    const p = participationOf(P, steady('S', 5000));
    expect(p.byMember).toEqual({ 'S-n': 6, 'S-s': 6 });
    expect(p.partnership).toBe(false);
  });

  it('a partnership of four, where an amended rulebook allows one, is counted the same way', () => {
    const four = applyChanges(P, { 'pairs.maxMembers': 4 });
    const p = participationOf(
      four,
      pair(
        'Q',
        [played(1, 5000, { players: ['a', 'd'] }), played(2, 5000, { players: ['d', 'c'] })],
        {
          members: ['a', 'b', 'c', 'd'],
        },
      ),
    );
    expect(p.byMember).toEqual({ a: 1, b: 0, c: 1, d: 2 });
    expect(p.sessionsOf('d')).toBe(2);
  });

  it('a long series of 1,500 sessions (an amended rulebook) is counted exactly', () => {
    const long = applyChanges(P, { 'pairsCompetition.sessions': 1500 });
    const entries = Array.from({ length: 1500 }, (_, i) =>
      i % 3 === 2 ? noShow(i + 1) : played(i + 1, 5000),
    );
    const p = participationOf(long, pair('L', entries));
    expect([p.played, p.absent]).toEqual([1000, 500]);
    expect(p.byMember).toEqual({ 'L-n': 1000, 'L-s': 1000 });
  });
});

describe('DSB-7.2 a row explained by its average alone', () => {
  const g: GroupInput = {
    group: 'A',
    pairs: [steady('A1', 5500), steady('A2', 5500), steady('A3', 4500)],
  };

  it('shares one frozen list with every equal row when a pool is given', () => {
    const rows = groupStanding(P, g, { pool: new ValuePool() }).rows;
    expect(rows[0].explain).toEqual([
      {
        rule: 'DSB-7.2',
        effect: 'weighted average of 6 session score(s) over 144 boards: 55.00',
        amount: 55,
      },
    ]);
    expect(rows[1].explain).toBe(rows[0].explain);
    expect(rows[2].explain).not.toBe(rows[0].explain);
    expect(Object.isFrozen(rows[0].explain)).toBe(true);
  });

  it('has a list of its own without a pool, equal to the shared one', () => {
    const own = groupStanding(P, g).rows;
    const shared = groupStanding(P, g, { pool: new ValuePool() }).rows;
    expect(own[1].explain).not.toBe(own[0].explain);
    expect(own.map((r) => r.explain)).toEqual(shared.map((r) => r.explain));
  });
});
