import { IMP_LOWER_BOUNDS, MAX_IMPS, ScoringInputError, imps } from '../../src/scoring';

// STD-IMP as printed in RULES.md: [from, to, IMPs].
const BANDS: readonly [number, number, number][] = [
  [0, 10, 0], [20, 40, 1], [50, 80, 2], [90, 120, 3], [130, 160, 4], [170, 210, 5],
  [220, 260, 6], [270, 310, 7], [320, 360, 8], [370, 420, 9], [430, 490, 10], [500, 590, 11],
  [600, 740, 12], [750, 890, 13], [900, 1090, 14], [1100, 1290, 15], [1300, 1490, 16],
  [1500, 1740, 17], [1750, 1990, 18], [2000, 2240, 19], [2250, 2490, 20], [2500, 2990, 21],
  [3000, 3490, 22], [3500, 3990, 23],
]; // prettier-ignore

describe('STD-IMP the WBF IMP scale', () => {
  it('STD-IMP 20 points is 1 IMP, 10 is 0', () => {
    expect(imps(20)).toBe(1);
    expect(imps(10)).toBe(0);
  });

  it.each(BANDS)('STD-IMP %i to %i points is %i IMPs (both ends of the band)', (from, to, n) => {
    expect(imps(from)).toBe(n);
    expect(imps(to)).toBe(n);
    expect(imps(-from)).toBe(-n || 0);
    expect(imps(-to)).toBe(-n || 0);
  });

  it('STD-IMP 4000 and more is the maximum 24, however large', () => {
    expect(imps(3990)).toBe(23);
    expect(imps(4000)).toBe(MAX_IMPS);
    expect(imps(7600 + 7600)).toBe(24);
    expect(imps(-15200)).toBe(-24);
  });

  it('STD-IMP every multiple of 10 up to 5000 lands in the band printed in RULES.md', () => {
    for (let d = 0; d <= 5000; d += 10) {
      const band = BANDS.find(([from, to]) => d >= from && d <= to);
      expect(imps(d)).toBe(band ? band[2] : 24);
    }
  });

  it('STD-IMP the sign follows the difference and a zero difference is +0', () => {
    expect(imps(-430)).toBe(-10);
    expect(imps(430)).toBe(10);
    expect(Object.is(imps(0), 0)).toBe(true);
    expect(Object.is(imps(-10), 0)).toBe(true);
  });

  it('STD-IMP the table has 24 lower bounds, strictly increasing', () => {
    expect(IMP_LOWER_BOUNDS).toHaveLength(24);
    for (let i = 1; i < IMP_LOWER_BOUNDS.length; i++) {
      expect(IMP_LOWER_BOUNDS[i]!).toBeGreaterThan(IMP_LOWER_BOUNDS[i - 1]!);
    }
  });

  it('STD-IMP a difference that is not an integer is a ScoringInputError naming it', () => {
    expect(() => imps(12.5)).toThrow(ScoringInputError);
    expect(() => imps(NaN)).toThrow(
      expect.objectContaining({ field: 'difference', rule: 'STD-IMP' }),
    );
  });
});
