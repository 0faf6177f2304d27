// Exact rational arithmetic for DSB standings (DSB-7 weighted averages, DSB-9.2 own averages,
// DSB-11 shared placing points): bigint numerator and denominator, always normalised. A value is
// rounded only for display (`round`), halves away from zero.

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export class Rational {
  readonly num: bigint;
  readonly den: bigint;

  private constructor(num: bigint, den: bigint) {
    if (den === 0n) throw new RangeError('Rational: denominator must not be 0');
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    const g = gcd(num, den) || 1n;
    this.num = num / g;
    this.den = den / g;
  }

  static readonly ZERO = new Rational(0n, 1n);

  /** n/d from safe integers. */
  static of(num: number | bigint, den: number | bigint = 1): Rational {
    return new Rational(BigInt(num), BigInt(den));
  }

  add(o: Rational): Rational {
    return new Rational(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  sub(o: Rational): Rational {
    return new Rational(this.num * o.den - o.num * this.den, this.den * o.den);
  }
  mul(o: Rational): Rational {
    return new Rational(this.num * o.num, this.den * o.den);
  }
  div(o: Rational): Rational {
    if (o.num === 0n) throw new RangeError('Rational: division by 0');
    return new Rational(this.num * o.den, this.den * o.num);
  }
  compare(o: Rational): -1 | 0 | 1 {
    const d = this.num * o.den - o.num * this.den;
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }
  static min(a: Rational, b: Rational): Rational {
    return a.compare(b) <= 0 ? a : b;
  }
  static max(a: Rational, b: Rational): Rational {
    return a.compare(b) >= 0 ? a : b;
  }
  /** The nearest integer, halves away from zero (exact). */
  roundToInteger(): number {
    const n = this.num < 0n ? -this.num : this.num;
    const q = (2n * n + this.den) / (2n * this.den);
    return Number(this.num < 0n ? -q : q);
  }
  /** Rounded to `decimals` places, halves away from zero, computed exactly. */
  round(decimals = 2): number {
    const scale = 10n ** BigInt(decimals);
    return Rational.of(this.num * scale, this.den).roundToInteger() / Number(scale);
  }
  toString(): string {
    return this.den === 1n ? `${this.num}` : `${this.num}/${this.den}`;
  }
}
