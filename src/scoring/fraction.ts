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

/** gcd of two non-negative safe integers, in doubles: exact, and no bigint allocated. */
function gcdNumber(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** Below this, integer arithmetic in doubles (products and sums of two) stays exact. */
const SMALL = 2 ** 50;

function requireSafe(v: number, field: 'numerator' | 'denominator'): void {
  if (!Number.isSafeInteger(v)) {
    throw new ScoringInputError(field, 'STD-NEUBERG', `must be a safe integer, got ${v}`);
  }
}

/** An exact rational number. */
export class Fraction {
  readonly num: bigint;
  readonly den: bigint;

  private constructor(num: bigint, den: bigint, reduced = false) {
    if (reduced) {
      this.num = num;
      this.den = den;
      return;
    }
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
    if (typeof num === 'number') requireSafe(num, 'numerator');
    if (typeof den === 'number') requireSafe(den, 'denominator');
    if (typeof num === 'number' && typeof den === 'number' && den !== 0) {
      // Reduced in doubles (safe integers divide exactly): the common case of the standings.
      if (den < 0) {
        num = -num;
        den = -den;
      }
      const g = gcdNumber(Math.abs(num), den) || 1;
      return new Fraction(BigInt(num / g), BigInt(den / g), true);
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
    const N = Number(this.num);
    const D = Number(this.den);
    if (Math.abs(N) < SMALL && D < SMALL) {
      // floor((2|N| + D) / 2D) in doubles, corrected by its remainder: exact below 2^50.
      const top = 2 * Math.abs(N) + D;
      let q = Math.floor(top / (2 * D));
      const r = top - q * 2 * D;
      if (r < 0) q--;
      else if (r >= 2 * D) q++;
      return N < 0 && q !== 0 ? -q : q;
    }
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
