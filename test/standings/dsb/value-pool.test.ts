import { competitionStandings } from '../../../src/standings/dsb';
import { ValuePool, familyOf, mixKey } from '../../../src/standings/value-pool';
import { competition, noShow, notified, P, pair, played, steady, steadyGroup } from './builders';

describe('ValuePool: equal session scores shared between rows', () => {
  it('keeps a value frozen and finds the same object again', () => {
    const pool = new ValuePool();
    const kept = pool.keep(3, 5250, { session: 1 });
    expect(pool.find(3, 5250)).toBe(kept);
    expect(Object.isFrozen(kept)).toBe(true);
    expect(pool.find(3, 5251)).toBeUndefined();
    expect(pool.find(4, 5250)).toBeUndefined();
  });

  it('keeps nothing for an index outside 0 .. 10000 or a family that is not an integer', () => {
    const pool = new ValuePool();
    const high = { n: 1 };
    expect(pool.keep(1, 10001, high)).toBe(high);
    expect(Object.isFrozen(high)).toBe(false);
    expect(pool.find(1, 10001)).toBeUndefined();
    expect(pool.keep(NaN, 10, { n: 2 })).toEqual({ n: 2 });
    expect(pool.find(NaN, 10)).toBeUndefined();
    expect(pool.keep(1, 10000, { n: 3 })).toBe(pool.find(1, 10000));
  });

  it('keeps every value frozen: a caller writing to one it was given fails', () => {
    const pool = new ValuePool();
    const kept = pool.keep(2, 10, { n: 1 });
    expect(Object.isFrozen(kept)).toBe(true);
    expect(pool.find(2, 10)).toBe(kept);
    expect(() => {
      'use strict';
      (kept as { n: number }).n = 2;
    }).toThrow(TypeError);
  });

  it('a family holding many values (past 64, made dense) still finds each and only those', () => {
    const pool = new ValuePool();
    const kept = new Map<number, object>();
    for (let i = 0; i <= 10000; i += 97) kept.set(i, pool.keep(7, i, { i }));
    expect(kept.size).toBeGreaterThan(64);
    for (const [i, v] of kept) expect(pool.find(7, i)).toBe(v);
    expect(pool.find(7, 1)).toBeUndefined();
    expect(pool.find(8, 97)).toBeUndefined();
    expect(pool.keep(7, 10001, { i: 10001 })).toEqual({ i: 10001 });
    expect(pool.find(7, 10001)).toBeUndefined();
  });

  it('families that share a slot of the recent-families cache each find their own values', () => {
    const pool = new ValuePool();
    // familyOf(0, 1, 0) = 4096 and familyOf(0, 0, 1) = 1: the same slot of 256.
    const a = pool.keep(familyOf(0, 1, 0), 5000, { a: 1 });
    const b = pool.keep(familyOf(0, 0, 1), 5000, { b: 1 });
    for (let i = 0; i < 3; i++) {
      expect(pool.find(familyOf(0, 1, 0), 5000)).toBe(a);
      expect(pool.find(familyOf(0, 0, 1), 5000)).toBe(b);
    }
    expect(pool.find(familyOf(0, 1, 1), 5000)).toBeUndefined();
    expect(pool.find(Number.NaN, 5000)).toBeUndefined();
  });

  it('mixKey: values within their bounds give distinct keys, any other value NaN', () => {
    expect(mixKey(mixKey(1, 6, 64), 24, 128)).toBe((1 * 64 + 6) * 128 + 24);
    expect(mixKey(mixKey(0, 6, 64), 24, 128)).not.toBe(mixKey(mixKey(0, 5, 64), 24, 128));
    expect(mixKey(0, 64, 64)).toBeNaN();
    expect(mixKey(0, -1, 64)).toBeNaN();
    expect(mixKey(0, 1.5, 64)).toBeNaN();
    expect(mixKey(NaN, 1, 64)).toBeNaN();
  });

  it('DSB-7.2: standings with a pool equal those without, with equal played scores shared', () => {
    const c = competition(
      steadyGroup('A', 4),
      // B1 and B2 score the same in session 1: one shared score; B3 is absent with and without notice.
      {
        group: 'B',
        pairs: [
          steady('B1', 5000),
          pair('B2', [played(1, 5000), ...[2, 3, 4, 5, 6].map((s) => played(s, 4800))]),
          pair('B3', [
            played(1, 4500),
            notified(2),
            noShow(3),
            ...[4, 5, 6].map((s) => played(s, 4700)),
          ]),
        ],
      },
    );
    const plain = competitionStandings(P, c);
    const pool = new ValuePool();
    const pooled = competitionStandings(P, c, { pool });
    expect(pooled).toEqual(plain);
    const b = pooled.find((g) => g.group === 'B')!.rows;
    const row = (id: string) => b.find((r) => r.pairId === id)!;
    expect(row('B1').sessions[0]).toBe(row('B2').sessions[0]);
    expect(row('B1').sessions[1]).not.toBe(row('B2').sessions[1]);
    // Artificial scores (DSB-9.2, DSB-9.5) are each the pair's own.
    expect(Object.isFrozen(row('B3').sessions[1])).toBe(false);
    expect(row('B3').sessions[2].source).toBe('DSB-9.5');
    // A second standing from the same pool shares the first one's scores.
    const again = competitionStandings(P, c, { pool });
    expect(again[0].rows[0].sessions[0]).toBe(pooled[0].rows[0].sessions[0]);
  });

  it('DSB-7.2: rows with the same average over the same boards share its explanation', () => {
    const pool = new ValuePool();
    const g = { group: 'A', pairs: [steady('A1', 5000), steady('A2', 5000), steady('A3', 4900)] };
    const [a1, a2, a3] = competitionStandings(P, competition(g), { pool })[0].rows;
    const averageOf = (r: typeof a1) => r.explain.find((x) => x.rule === 'DSB-7.2')!;
    expect(averageOf(a1)).toBe(averageOf(a2));
    expect(averageOf(a1)).toEqual({
      rule: 'DSB-7.2',
      effect: 'weighted average of 6 session score(s) over 144 boards: 50.00',
      amount: 50,
    });
    expect(averageOf(a3)).not.toBe(averageOf(a1));
    expect(averageOf(a3).amount).toBe(49);
  });

  it('a pooled score cannot be changed by one row for another', () => {
    const pool = new ValuePool();
    const rows = competitionStandings(P, competition(steadyGroup('A', 2)), { pool })[0].rows;
    expect(() => {
      (rows[0].sessions[0] as { percentage: number }).percentage = 99;
    }).toThrow(TypeError);
    expect(rows[0].sessions[0].percentage).toBe(60);
  });
});
