import { Fraction } from '../../src/scoring/fraction';
import { ScoringInputError } from '../../src/scoring/errors';

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

// ---------------------------------------------------------------------------------------------
// The double fast path against the plain bigint definition (what Fraction computed before it
// kept safe values in doubles): every operation, on values small, near and beyond 2^26, 2^50
// and 2^53, negative and zero, including results that leave the safe range and come back.

/** The reference: normalised bigint rationals, each operation as its definition. */
class Ref {
  readonly n: bigint;
  readonly d: bigint;
  constructor(n: bigint, d: bigint) {
    if (d === 0n) throw new Error('Ref: zero denominator');
    if (d < 0n) [n, d] = [-n, -d];
    let [a, b] = [n < 0n ? -n : n, d];
    while (b !== 0n) [a, b] = [b, a % b];
    this.n = n / a;
    this.d = d / a;
  }
  add = (o: Ref) => new Ref(this.n * o.d + o.n * this.d, this.d * o.d);
  sub = (o: Ref) => new Ref(this.n * o.d - o.n * this.d, this.d * o.d);
  mul = (o: Ref) => new Ref(this.n * o.n, this.d * o.d);
  div = (o: Ref) => new Ref(this.n * o.d, this.d * o.n);
  compare = (o: Ref) => Math.sign(Number(this.n * o.d - o.n * this.d));
  toNumber = () => Number(this.n) / Number(this.d);
  roundToInteger = () => Number(roundByDefinition(this.n, this.d));
  round = (decimals: number) => {
    const scale = 10n ** BigInt(decimals);
    return Number(roundByDefinition(this.n * scale, this.d)) / Number(scale);
  };
  toString = () => (this.d === 1n ? `${this.n}` : `${this.n}/${this.d}`);
}

/** Seeded (mulberry32), so a failure repeats. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const EDGES = [26, 50, 52, 53, 54, 70];

/** An integer: tiny, near ±2^k for k in EDGES, or of random size below 2^60; bigint-exact. */
function integer(r: () => number): bigint {
  const kind = r();
  const sign = r() < 0.3 ? -1n : 1n;
  const below = (bits: number) =>
    BigInt(Math.floor(r() * 2 ** Math.min(bits, 30))) << BigInt(Math.max(0, bits - 30));
  if (kind < 0.3) return sign * BigInt(Math.floor(r() * 41) - 20);
  if (kind < 0.65) {
    const k = EDGES[Math.floor(r() * EDGES.length)]!;
    return sign * (2n ** BigInt(k) + BigInt(Math.floor(r() * 9) - 4));
  }
  const bits = Math.floor(r() * 60);
  return sign * (below(bits) + (BigInt(Math.floor(r() * 2 ** 30)) % (1n << BigInt(bits) || 1n)));
}

/** A value as a pair (Fraction from bigints, so the constructor is exercised too, and its Ref). */
function value(r: () => number): [Fraction, Ref] {
  let n = integer(r);
  let d = integer(r);
  if (d === 0n) d = 1n;
  if (r() < 0.3) {
    // A shared factor, so normalising has work to do.
    const k = BigInt(Math.floor(r() * 1000) + 1) * (r() < 0.2 ? 2n ** 26n : 1n);
    n *= k;
    d *= k;
  }
  if (r() < 0.15) d = 1n;
  return [Fraction.of(n, d), new Ref(n, d)];
}

function expectSame(f: Fraction, ref: Ref, what: string): void {
  // num/den normalised as the reference; toString its text.
  if (f.num !== ref.n || f.den !== ref.d || f.toString() !== ref.toString()) {
    throw new Error(`${what}: got ${f.toString()}, want ${ref.toString()}`);
  }
}

describe('STD-NEUBERG exact rationals: doubles while exact, bigints beyond, the same values', () => {
  it('every operation agrees with the bigint definition on 6,000 seeded pairs near 2^26, 2^50, 2^53 and beyond', () => {
    const r = rng(20250101);
    let checked = 0;
    for (let i = 0; i < 6000; i++) {
      const [x, rx] = value(r);
      const [y, ry] = value(r);
      expectSame(x, rx, 'of');
      expectSame(x.add(y), rx.add(ry), `${x} + ${y}`);
      expectSame(x.sub(y), rx.sub(ry), `${x} - ${y}`);
      expectSame(x.mul(y), rx.mul(ry), `${x} * ${y}`);
      if (ry.n !== 0n) expectSame(x.div(y), rx.div(ry), `${x} / ${y}`);
      const k = Number(integer(r) % 2n ** 53n);
      expectSame(x.mulInt(k), rx.mul(new Ref(BigInt(k), 1n)), `${x} * ${k}`);
      expect([x, y, x.compare(y)]).toEqual([x, y, rx.compare(ry)]);
      expect(x.equals(y)).toBe(rx.compare(ry) === 0);
      expect(Object.is(x.toNumber(), rx.toNumber())).toBe(true);
      expect(Object.is(x.roundToInteger(), rx.roundToInteger())).toBe(true);
      for (const places of [0, 1, 2, 3, 6, 15, 16, 20]) {
        if (!Object.is(x.round(places), rx.round(places))) {
          throw new Error(
            `${x}.round(${places}): got ${x.round(places)}, want ${rx.round(places)}`,
          );
        }
      }
      checked++;
    }
    expect(checked).toBe(6000);
  });

  it('a value equal to itself and to its copy, whichever way it was computed (one representation)', () => {
    const r = rng(7);
    for (let i = 0; i < 2000; i++) {
      const [x, rx] = value(r);
      const [y] = value(r);
      // Through bigints (when x + y or x · y leaves the safe range) and back.
      const back = x.add(y).sub(y);
      expect(back.equals(x)).toBe(true);
      expect(back.compare(x)).toBe(0);
      expectSame(back, rx, 'x + y - y');
      if (!y.equals(Fraction.ZERO)) expect(x.mul(y).div(y).equals(x)).toBe(true);
      expect(Fraction.of(rx.n, rx.d).equals(x)).toBe(true);
    }
  });

  it('crosses 2^53 and comes back: sums, products and quotients at the edge', () => {
    const edge = Fraction.of(Number.MAX_SAFE_INTEGER); // 2^53 − 1
    const over = edge.add(Fraction.of(1)); // 2^53: bigint
    expect(over.num).toBe(2n ** 53n);
    expect(over.toString()).toBe('9007199254740992');
    expect(over.sub(Fraction.of(1)).equals(edge)).toBe(true);
    expect(over.div(Fraction.of(2)).equals(Fraction.of(2 ** 52))).toBe(true);
    expect(edge.mul(edge).div(edge).equals(edge)).toBe(true);
    const third = Fraction.of(1, 3);
    const tiny = Fraction.of(1, Number.MAX_SAFE_INTEGER);
    expect(third.add(tiny).toString()).toBe(`${2n ** 53n - 1n + 3n}/${3n * (2n ** 53n - 1n)}`);
    expect(third.add(tiny).sub(tiny).equals(third)).toBe(true);
    expect(Fraction.of(-(2 ** 53 - 1)).sub(Fraction.of(1)).num).toBe(-(2n ** 53n));
    // Cross products beyond 2^53 that round to the same double (they differ by 2): bigints decide.
    const [p, q] = [(2 ** 52 + 1) * (2 ** 52 + 2), (2 ** 52 + 3) * 2 ** 52];
    expect(p).toBe(q);
    expect(Fraction.of(2 ** 52 + 1, 2 ** 52).compare(Fraction.of(2 ** 52 + 3, 2 ** 52 + 2))).toBe(
      1,
    );
    expect(Fraction.of(2 ** 52 + 3, 2 ** 52 + 2).compare(Fraction.of(2 ** 52 + 1, 2 ** 52))).toBe(
      -1,
    );
  });

  it('normalised: gcd 1, denominator > 0, zero as 0/1 and never −0', () => {
    expect(Fraction.of(-0).toString()).toBe('0');
    expect(Fraction.of(0, -5).equals(Fraction.ZERO)).toBe(true);
    expect(Fraction.of(-3).mul(Fraction.ZERO).equals(Fraction.ZERO)).toBe(true);
    expect(Object.is(Fraction.of(-3).mul(Fraction.ZERO).toNumber(), 0)).toBe(true);
    expect(Object.is(Fraction.ZERO.mulInt(-4).round(2), 0)).toBe(true);
    expect(Object.is(Fraction.of(-1, 1000).round(2), -0)).toBe(false);
    expect(Fraction.of(1, 2).sub(Fraction.of(1, 2)).toString()).toBe('0');
    expect(Fraction.of(3, -6).toString()).toBe('-1/2');
    expect(Fraction.of(6, 4).div(Fraction.of(-9, 2)).toString()).toBe('-1/3');
    expect(Fraction.of(2n ** 60n, 2n ** 58n).toString()).toBe('4');
    expect(Fraction.of(5, 6).add(Fraction.of(1, 10)).toString()).toBe('14/15'); // gcd(6, 10) = 2
    expect(Fraction.of(1, 6).add(Fraction.of(1, 10)).toString()).toBe('4/15'); // and gcd(t, g) = 2
    expect(Fraction.of(4, 9).mul(Fraction.of(3, 8)).toString()).toBe('1/6');
    expect(Fraction.of(-7, 3).mulInt(6).toString()).toBe('-14');
    const { num, den } = Fraction.of(-10, -4);
    expect([num, den]).toEqual([5n, 2n]);
  });

  it('rounds exact halves away from zero, to an integer and to 0 … 6 places', () => {
    for (let k = -2000; k <= 2000; k++) {
      const half = Fraction.of(2 * k + 1, 2);
      const want = k >= 0 ? k + 1 : k;
      expect(half.roundToInteger()).toBe(want);
      // (2k + 1)/2000 has its half at the third place.
      const third = Fraction.of(2 * k + 1, 2000);
      expect(third.round(3)).toBe(new Ref(BigInt(2 * k + 1), 2000n).round(3));
    }
    expect(Fraction.of(1, 8).round(2)).toBe(0.13);
    expect(Fraction.of(-1, 8).round(2)).toBe(-0.13);
    expect(Fraction.of(-1, 200).round(2)).toBe(-0.01);
    expect(Fraction.of(1249999, 1000000).round(6)).toBe(1.249999);
    expect(Fraction.of(2 ** 53 - 1, 2).roundToInteger()).toBe(2 ** 52);
    expect(Fraction.of(-(2 ** 53 - 1), 2).roundToInteger()).toBe(-(2 ** 52));
    // |n| · 100 beyond 2^53: rounded through bigints, the same rule.
    expect(Fraction.of(2 ** 50 + 1, 2).round(2)).toBe(new Ref(2n ** 50n + 1n, 2n).round(2));
  });

  it('refuses zero denominators and divisors, unsafe numbers and bad places, naming field and rule', () => {
    const fails = (f: () => unknown, field: string) => {
      let thrown: unknown;
      try {
        f();
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(ScoringInputError);
      expect([(thrown as ScoringInputError).field, (thrown as ScoringInputError).rule]).toEqual([
        field,
        'STD-NEUBERG',
      ]);
    };
    fails(() => Fraction.of(1, 0), 'denominator');
    fails(() => Fraction.of(1n, 0n), 'denominator');
    fails(() => Fraction.of(2n ** 60n, 0), 'denominator');
    fails(() => Fraction.of(0.5, 0), 'numerator');
    fails(() => Fraction.of(2 ** 53), 'numerator');
    fails(() => Fraction.of(NaN), 'numerator');
    fails(() => Fraction.of(1, -(2 ** 53)), 'denominator');
    fails(() => Fraction.of(3, 2).div(Fraction.ZERO), 'divisor');
    fails(() => Fraction.of(2n ** 60n, 3n).div(Fraction.of(0n, 7n)), 'divisor');
    fails(() => Fraction.of(3, 2).mulInt(0.5), 'numerator');
    fails(() => Fraction.of(2n ** 60n).mulInt(2 ** 53), 'numerator');
    fails(() => Fraction.fromDecimal(Infinity), 'value');
    fails(() => Fraction.fromDecimal(1e300), 'numerator');
    // Places that are not a whole number ≥ 0 fail as the bigint form does, small or large.
    for (const f of [Fraction.of(1, 3), Fraction.of(2n ** 60n, 3n)]) {
      expect(() => f.round(-1)).toThrow(RangeError);
      expect(() => f.round(1.5)).toThrow(RangeError);
    }
  });
});

describe('the exact rationals as the rules use them', () => {
  it('STD-NEUBERG: factored scores and percentages of the top are the bigint values', () => {
    const r = rng(11);
    for (let i = 0; i < 3000; i++) {
      const expected = 2 + Math.floor(r() * 40);
      const real = 1 + Math.floor(r() * expected);
      const mp = Math.floor(r() * 2 * real);
      const top = 2 * (expected - 1);
      const f = Fraction.of((mp + 1) * expected - real, real);
      const rf = new Ref(BigInt((mp + 1) * expected - real), BigInt(real));
      expectSame(f, rf, 'factor');
      const pct = f.mul(Fraction.of(100)).div(Fraction.of(top));
      expectSame(pct, rf.mul(new Ref(100n, 1n)).div(new Ref(BigInt(top), 1n)), 'percentage');
      expect(pct.round(2)).toBe(rf.mul(new Ref(100n, BigInt(top))).round(2));
      expectSame(Fraction.of(top).sub(f), new Ref(BigInt(top), 1n).sub(rf), 'other side');
    }
  });

  it('DSB-7.2 weighted average: sessions of whole and exact scores, weighted by boards, as in bigints', () => {
    const r = rng(72);
    for (let pair = 0; pair < 300; pair++) {
      let whole = 0;
      let boards = 0;
      let fractional = Fraction.ZERO;
      let ref = new Ref(0n, 1n);
      for (let s = 0; s < 1 + Math.floor(r() * 40); s++) {
        const b = 18 + Math.floor(r() * 12);
        if (r() < 0.8) {
          const score = Math.floor(r() * 10000); // hundredths of a percent
          whole += score * b;
          ref = ref.add(new Ref(BigInt(score * b), 1n));
        } else {
          const exact = Fraction.of(Math.floor(r() * 1e6), 1 + Math.floor(r() * 997));
          fractional = fractional.add(exact.mulInt(b));
          ref = ref.add(new Ref(exact.num * BigInt(b), exact.den));
        }
        boards += b;
      }
      const avg = fractional.add(Fraction.of(whole)).div(Fraction.of(boards));
      const want = ref.div(new Ref(BigInt(boards), 1n));
      expectSame(avg, want, 'average');
      expect(avg.roundToInteger()).toBe(want.roundToInteger());
      expect(avg.compare(Fraction.of(5000))).toBe(want.compare(new Ref(5000n, 1n)));
    }
  });

  it('DSB-11.4 shared placing points: tied pairs share the sum, season totals exact and rounded to 2 places', () => {
    const r = rng(114);
    for (let season = 0; season < 300; season++) {
      let total = Fraction.ZERO;
      let ref = new Ref(0n, 1n);
      for (let c = 0; c < 1 + Math.floor(r() * 30); c++) {
        const tied = 1 + Math.floor(r() * 7);
        const sum = Math.floor(r() * 100) * tied + Math.floor(r() * 300);
        const points = Fraction.of(sum, tied);
        expect(points.round(2)).toBe(new Ref(BigInt(sum), BigInt(tied)).round(2));
        total = total.add(points);
        ref = ref.add(new Ref(BigInt(sum), BigInt(tied)));
      }
      expectSame(total, ref, 'season total');
      expect(total.round(2)).toBe(ref.round(2));
    }
    // 100 + 74 + 70 shared by three: 244/3, shown 81.33.
    const shared = Fraction.of(100 + 74 + 70, 3);
    expect([shared.toString(), shared.round(2)]).toEqual(['244/3', 81.33]);
  });
});
