import { Fraction } from '../../src/scoring/fraction';

/** The definition in bigints: round(n/d) halves away from zero, for any size. */
function roundByDefinition(num: bigint, den: bigint): bigint {
  const n = num < 0n ? -num : num;
  const q = (2n * n + den) / (2n * den);
  return num < 0n ? -q : q;
}

describe('STD-NEUBERG exact rationals: the fast paths agree with the bigint definition', () => {
  it('Fraction.of reduces in doubles as in bigints, signs on the numerator', () => {
    expect(String(Fraction.of(6, -4))).toBe('-3/2');
    expect(String(Fraction.of(0, 7))).toBe('0');
    expect(String(Fraction.of(123456789012, 144))).toBe('10288065751/12');
    expect(Fraction.of(10, 4).equals(Fraction.of(10n, 4n))).toBe(true);
  });

  it('refuses a denominator of 0 and numbers that are not safe integers, naming the field', () => {
    expect(() => Fraction.of(1, 0)).toThrow(/denominator/);
    expect(() => Fraction.of(0.5)).toThrow(/numerator must be a safe integer/);
    expect(() => Fraction.of(1, 2 ** 53)).toThrow(/denominator must be a safe integer/);
  });

  it('roundToInteger: halves away from zero, exact at the tie, and no −0', () => {
    expect(Fraction.of(5, 2).roundToInteger()).toBe(3);
    expect(Fraction.of(-5, 2).roundToInteger()).toBe(-3);
    expect(Fraction.of(7, 3).roundToInteger()).toBe(2);
    expect(Object.is(Fraction.of(-1, 3).roundToInteger(), 0)).toBe(true);
  });

  it('roundToInteger matches the definition on 20,000 seeded values, small and beyond 2^50', () => {
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 20_000; i++) {
      const big = i % 4 === 0;
      const num = BigInt(next() - 2 ** 30) * (big ? 2n ** 30n + BigInt(next()) : 1n);
      const den = BigInt((next() % 5000) + 1) * (i % 7 === 0 ? 2n : 1n);
      const f = Fraction.of(num, den);
      // As a number, as the method returns it (beyond 2^53 both paths give the nearest double).
      expect(f.roundToInteger()).toBe(Number(roundByDefinition(f.num, f.den)));
    }
    // Ties exactly at .5, on both sides of zero.
    for (let k = -500; k <= 500; k++) {
      const f = Fraction.of(2 * k + 1, 2);
      expect(BigInt(f.roundToInteger())).toBe(roundByDefinition(f.num, f.den));
    }
  });
});
