import { ScoringInputError } from './errors';

// Exact rational arithmetic for STD-NEUBERG and session percentages, and for the DSB standings
// (weighted averages, shared placing points: src/standings/dsb): no float sums; a value is
// rounded only for display. Numerator and denominator are bigints, always normalised
// (gcd 1, denominator > 0).

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** An exact rational number. */
export class Fraction {
  readonly num: bigint;
  readonly den: bigint;

  private constructor(num: bigint, den: bigint) {
    if (den === 0n) throw new ScoringInputError('denominator', 'STD-NEUBERG', 'must not be 0');
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    const g = gcd(num, den) || 1n;
    this.num = num / g;
    this.den = den / g;
  }

  static readonly ZERO = new Fraction(0n, 1n);

  /** n/d from integers (numbers must be safe integers). */
  static of(num: number | bigint, den: number | bigint = 1): Fraction {
    for (const [v, f] of [
      [num, 'numerator'],
      [den, 'denominator'],
    ] as const) {
      if (typeof v === 'number' && !Number.isSafeInteger(v)) {
        throw new ScoringInputError(f, 'STD-NEUBERG', `must be a safe integer, got ${v}`);
      }
    }
    return new Fraction(BigInt(num), BigInt(den));
  }

  /** A decimal number with at most `decimals` places, read exactly (60 → 60/1, 47.5 → 95/2). */
  static fromDecimal(value: number, decimals = 6): Fraction {
    if (!Number.isFinite(value)) {
      throw new ScoringInputError('value', 'STD-NEUBERG', `must be finite, got ${value}`);
    }
    const scale = 10 ** decimals;
    return Fraction.of(Math.round(value * scale), scale);
  }

  add(o: Fraction): Fraction {
    return new Fraction(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  sub(o: Fraction): Fraction {
    return new Fraction(this.num * o.den - o.num * this.den, this.den * o.den);
  }
  mul(o: Fraction): Fraction {
    return new Fraction(this.num * o.num, this.den * o.den);
  }
  div(o: Fraction): Fraction {
    if (o.num === 0n) throw new ScoringInputError('divisor', 'STD-NEUBERG', 'must not be 0');
    return new Fraction(this.num * o.den, this.den * o.num);
  }
  mulInt(n: number): Fraction {
    return this.mul(Fraction.of(n));
  }
  compare(o: Fraction): -1 | 0 | 1 {
    const d = this.num * o.den - o.num * this.den;
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }
  equals(o: Fraction): boolean {
    return this.compare(o) === 0;
  }
  static max(a: Fraction, b: Fraction): Fraction {
    return a.compare(b) >= 0 ? a : b;
  }
  static min(a: Fraction, b: Fraction): Fraction {
    return a.compare(b) <= 0 ? a : b;
  }
  /** Nearest float (for display and for callers that want numbers). */
  toNumber(): number {
    return Number(this.num) / Number(this.den);
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
    const n = this.num < 0n ? -this.num : this.num;
    const q = (2n * n * scale + this.den) / (2n * this.den);
    const signed = this.num < 0n ? -q : q;
    return Number(signed) / Number(scale);
  }
  toString(): string {
    return this.den === 1n ? `${this.num}` : `${this.num}/${this.den}`;
  }
}
