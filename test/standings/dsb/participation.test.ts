import { applyChanges } from '../../../src/rulebooks/rulebook';
import {
  groupStanding,
  participationOf,
  type GroupInput,
} from '../../../src/rulesets/dsb-groenlo-2014/standings';
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
    expect(p.byMember).toEqual({ a: 3, b: 3, c: 3 });
    // The substitute is not a member: not counted (DSB-10.1).
    expect('sub' in p.byMember).toBe(false);
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
    expect(p.byMember.d).toBe(2);
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

  it('has the one DSB-7.2 explanation, a list of its own for each row', () => {
    const rows = groupStanding(P, g).rows;
    expect(rows[0].explain).toEqual([
      {
        rule: 'DSB-7.2',
        effect: 'weighted average of 6 session score(s) over 144 boards: 55.00',
        amount: 55,
      },
    ]);
    expect(rows[1].explain).toEqual(rows[0].explain);
    expect(rows[1].explain).not.toBe(rows[0].explain);
    expect(rows[2].explain[0].amount).toBe(45);
  });

  it('a row changed by its caller changes no other row', () => {
    const rows = groupStanding(P, g).rows;
    rows[0].sessions[0].percentage = 99;
    rows[0].explain.push({ rule: 'X', effect: 'added by a caller' });
    const again = groupStanding(P, g).rows;
    expect(rows[1].sessions[0].percentage).toBe(55);
    expect(rows[1].explain).toHaveLength(1);
    expect(again[0].sessions[0].percentage).toBe(55);
    expect(again[0].explain).toHaveLength(1);
  });
});
