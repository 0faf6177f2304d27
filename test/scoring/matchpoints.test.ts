import {
  Fraction,
  ScoringInputError,
  matchpointPercent,
  matchpointScores,
  matchpointTop,
  neubergBoard,
  neubergFactor,
} from '../../src/scoring';

const f = (n: number, d = 1) => Fraction.of(n, d);
const str = (xs: readonly Fraction[]) => xs.map((x) => x.toString());

describe('STD-MP matchpoints: 2 per result beaten, 1 per tie, top 2(n − 1)', () => {
  it('STD-MP six different results score 10, 8, 6, 4, 2, 0', () => {
    expect(matchpointScores([110, 150, -300, -50, -140, 420])).toEqual([6, 8, 0, 4, 2, 10]);
    expect(matchpointTop(6)).toBe(10);
  });

  it('STD-MP ties share: two equal tops of six score 9 each', () => {
    expect(matchpointScores([620, 620, 170, 140, 140, -100])).toEqual([9, 9, 6, 3, 3, 0]);
  });

  it('STD-MP all equal is an average for everyone', () => {
    expect(matchpointScores([100, 100, 100, 100])).toEqual([3, 3, 3, 3]);
  });

  it('STD-MP one result scores 0 on a top of 0; none gives an empty list', () => {
    expect(matchpointScores([400])).toEqual([0]);
    expect(matchpointTop(1)).toBe(0);
    expect(matchpointScores([])).toEqual([]);
  });

  it('STD-MP NS and EW matchpoints add up to the top on every line', () => {
    const ns = [-50, 100, 100, 420, -800, 0, 0];
    const ew = matchpointScores(ns.map((s) => -s));
    matchpointScores(ns).forEach((mp, i) => expect(mp + ew[i]!).toBe(matchpointTop(ns.length)));
  });

  it('STD-MP the sum of a board is n(n − 1), the same as a board without ties', () => {
    const mps = matchpointScores([10, 20, 20, 20, 30, 30, 40, -10]);
    expect(mps.reduce((a, b) => a + b, 0)).toBe(8 * 7);
  });

  it('STD-MP percentage = points / top × 100', () => {
    expect(matchpointPercent(7, 10)).toBe(70);
    expect(() => matchpointPercent(1, 0)).toThrow(expect.objectContaining({ field: 'top' }));
  });

  it('STD-MP a score that is not a finite number is refused, naming its index', () => {
    expect(() => matchpointScores([10, NaN])).toThrow(
      expect.objectContaining({ field: 'scores[1]' }),
    );
    expect(() => matchpointScores([10, '20' as unknown as number])).toThrow(ScoringInputError);
  });

  it('STD-MP large boards (native sort path) and non-integer scores (fallback path) agree with the definition', () => {
    const big = Array.from({ length: 200 }, (_, i) => ((i * 37) % 23) * 10 - 100);
    const slow = (xs: number[]) =>
      xs.map((s, i) =>
        xs.reduce((acc, o, j) => acc + (j === i ? 0 : s > o ? 2 : s === o ? 1 : 0), 0),
      );
    expect(matchpointScores(big)).toEqual(slow(big));
    const frac = [1.5, -2.25, 1.5, 0, 1e12];
    expect(matchpointScores(frac)).toEqual(slow(frac));
  });

  it('STD-MP agrees with the quadratic definition on many random-looking boards', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let b = 0; b < 200; b++) {
      const n = 1 + (next() % 15);
      const scores = Array.from({ length: n }, () => ((next() % 21) - 10) * 50);
      const slow = scores.map((s, i) =>
        scores.reduce((acc, o, j) => acc + (j === i ? 0 : s > o ? 2 : s === o ? 1 : 0), 0),
      );
      expect(matchpointScores(scores)).toEqual(slow);
    }
  });
});

describe('STD-NEUBERG factoring to the full top', () => {
  it('STD-NEUBERG F = (MP + 1)·N/n − 1: 5 results of 6 expected, top 8 → full top 10', () => {
    expect(neubergFactor(8, 5, 6).toString()).toBe('49/5'); // 9.8
    expect(neubergFactor(0, 5, 6).toString()).toBe('1/5'); // 0.2
    expect(neubergFactor(4, 5, 6).toString()).toBe('5'); // an average stays an average
  });

  it('STD-NEUBERG a lone result on a board expecting 6 gets exactly the average, 5', () => {
    expect(neubergFactor(0, 1, 6).toString()).toBe('5');
  });

  it('STD-NEUBERG with n = N nothing changes', () => {
    const b = neubergBoard([{ score: 100 }, { score: 200 }, { score: 100 }], 3);
    expect(str(b.ns)).toEqual(['1', '4', '1']);
    expect(str(b.ew)).toEqual(['3', '0', '3']);
    expect(b.top).toBe(4);
  });

  it('STD-NEUBERG a board with a missing result: NS and EW factored values add up to the full top', () => {
    const b = neubergBoard(
      [{ score: 420 }, { score: 170 }, { score: 450 }, { score: -50 }, { score: 420 }],
      6,
    );
    expect(b.top).toBe(10);
    expect(b.real).toBe(5);
    expect(b.nsUnfactored).toEqual([5, 2, 8, 0, 5]);
    expect(str(b.ns)).toEqual(['31/5', '13/5', '49/5', '1/5', '31/5']);
    b.ns.forEach((x, i) => expect(x.add(b.ew[i]!).equals(f(10))).toBe(true));
  });

  it('STD-NEUBERG an artificial 60/40 is left out of n and gets 60 % / 40 % of the full top', () => {
    const b = neubergBoard(
      [{ score: 100 }, { score: 200 }, { nsPercent: 60, ewPercent: 40 }, { score: 300 }],
      4,
    );
    expect(b.real).toBe(3);
    // real: (MP + 1)·4/3 − 1 for MP 0, 2, 4; artificial: 60 % and 40 % of 6
    expect(str(b.ns)).toEqual(['1/3', '3', '18/5', '17/3']);
    expect(str(b.ew)).toEqual(['17/3', '3', '12/5', '1/3']);
  });

  it('STD-NEUBERG artificial scores need not add up to 100: 60/60, 50/50, 40/40', () => {
    const b = neubergBoard(
      [
        { score: 100 },
        { nsPercent: 60, ewPercent: 60 },
        { nsPercent: 50, ewPercent: 50 },
        { nsPercent: 40, ewPercent: 40 },
      ],
      4,
    );
    expect(str(b.ns.slice(1))).toEqual(['18/5', '3', '12/5']);
    expect(str(b.ew.slice(1))).toEqual(['18/5', '3', '12/5']);
    expect(str([b.ns[0]!, b.ew[0]!])).toEqual(['3', '3']); // the lone real result: average
  });

  it('STD-NEUBERG an exact percentage (a Fraction) is kept exact', () => {
    const b = neubergBoard([{ score: 0 }, { nsPercent: Fraction.of(190, 3), ewPercent: 40 }], 2);
    expect(b.ns[1]!.toString()).toBe('19/15');
  });

  it('STD-NEUBERG bad input: N below the real results, a percentage outside 0–100, a fractional score', () => {
    expect(() => neubergBoard([{ score: 1 }, { score: 2 }], 1)).toThrow(
      expect.objectContaining({ field: 'expected', rule: 'STD-NEUBERG' }),
    );
    expect(() => neubergBoard([{ nsPercent: 120, ewPercent: 40 }], 2)).toThrow(
      expect.objectContaining({ field: 'entries[0].nsPercent' }),
    );
    expect(() => neubergBoard([{ score: 1.5 }], 2)).toThrow(
      expect.objectContaining({ field: 'entries[0].score' }),
    );
    expect(() => neubergFactor(9, 5, 6)).toThrow(expect.objectContaining({ field: 'mp' }));
  });
});

describe('Fraction (exact arithmetic for STD-NEUBERG)', () => {
  it('is normalised and exact', () => {
    expect(Fraction.of(6, -4).toString()).toBe('-3/2');
    expect(Fraction.of(1, 3).add(Fraction.of(1, 6)).toString()).toBe('1/2');
    expect(Fraction.fromDecimal(47.5).toString()).toBe('95/2');
    expect(Fraction.of(1, 10).mulInt(3).equals(Fraction.of(3, 10))).toBe(true);
  });

  it('rounds halves away from zero for display', () => {
    expect(Fraction.of(1, 8).round(2)).toBe(0.13);
    expect(Fraction.of(-1, 8).round(2)).toBe(-0.13);
    expect(Fraction.of(2, 3).round(2)).toBe(0.67);
    expect(Fraction.of(5389, 100).round(1)).toBe(53.9);
  });

  it('refuses a zero denominator and non-integers', () => {
    expect(() => Fraction.of(1, 0)).toThrow(ScoringInputError);
    expect(() => Fraction.of(1.5)).toThrow(ScoringInputError);
    expect(() => Fraction.of(1).div(Fraction.ZERO)).toThrow(ScoringInputError);
  });
});
