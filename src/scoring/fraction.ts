import { ScoringInputError } from './errors';

// Exact rational arithmetic for STD-NEUBERG and session percentages, and for the DSB standings
// (weighted averages, shared placing points: src/rulesets/dsb-groenlo-2014/standings): no float sums; a value is
// rounded only for display. Always normalised (gcd 1, denominator > 0).
//
// Almost every value has a numerator and denominator that are safe integers, so those are kept
// and computed in doubles (no bigint allocated); an operation falls back to bigints only when
// an intermediate would leave the exact range, and a bigint result that fits comes back.
// Why the doubles are exact: a product or sum of exact integers is exact when the true result
// is below 2^53 in magnitude, and rounding is monotonic (2^53 is a double), so a computed
// |result| <= MAX proves the true one is below 2^53 and thus was computed exactly. Every
// fast path checks its results against MAX; divisions used are exact divisions.

const MAX = Number.MAX_SAFE_INTEGER; // 2^53 − 1
const MAX_BIG = BigInt(MAX);

/** gcd of two non-negative safe integers, in doubles (`%` is exact on integers). */
function gcdNumber(a: number, b: number): number {
  while (b !== 0) {
    const r = a % b;
    a = b;
    b = r;
  }
  return a;
}

function gcdBig(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function requireSafe(v: number, field: 'numerator' | 'denominator'): void {
  if (!Number.isSafeInteger(v)) {
    throw new ScoringInputError(field, 'STD-NEUBERG', `must be a safe integer, got ${v}`);
  }
}

const big = (v: number | bigint): bigint => (typeof v === 'bigint' ? v : BigInt(v));

/** 10^k for the scales `round` can take in doubles (decimal literals are exact up to 1e22). */
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** An exact rational number. */
export class Fraction {
  // Both numbers (|n| and d safe integers) or else both bigints: one representation per value,
  // so equal values have equal fields.
  private readonly n: number | bigint;
  private readonly d: number | bigint;

  private constructor(n: number | bigint, d: number | bigint) {
    this.n = n;
    this.d = d;
  }

  /** Reduced safe integers, d > 0. `+ 0` turns −0 (from 0 · −k) into 0. */
  private static small(n: number, d: number): Fraction {
    return new Fraction(n + 0, d);
  }

  /** Safe integers, d ≠ 0: normalised in doubles. */
  private static reduce(n: number, d: number): Fraction {
    if (d === 1) return Fraction.small(n, 1);
    if (d < 0) {
      n = -n;
      d = -d;
    }
    const g = gcdNumber(Math.abs(n), d);
    return Fraction.small(n / g, d / g);
  }

  /** Any bigints: normalised, and kept in doubles when the result fits. */
  private static big(n: bigint, d: bigint): Fraction {
    if (d === 0n) throw new ScoringInputError('denominator', 'STD-NEUBERG', 'must not be 0');
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    const g = gcdBig(n, d) || 1n;
    if (g !== 1n) {
      n /= g;
      d /= g;
    }
    if (n <= MAX_BIG && n >= -MAX_BIG && d <= MAX_BIG) return Fraction.small(Number(n), Number(d));
    return new Fraction(n, d);
  }

  /**
   * a/b + c/d in doubles (normalised operands), or null when an intermediate leaves the exact
   * range. Unequal denominators as Knuth (TAOCP 4.5.1): with g = gcd(b, d) and
   * t = a·(d/g) + c·(b/g), the sum is (t/g2) / ((b/g)·(d/g2)) with g2 = gcd(t, g), normalised.
   */
  private static sum(a: number, b: number, c: number, d: number): Fraction | null {
    if (b === d) {
      const s = a + c;
      if (Math.abs(s) > MAX) return null;
      if (b === 1) return Fraction.small(s, 1);
      const g = gcdNumber(Math.abs(s), b);
      return Fraction.small(s / g, b / g);
    }
    const g = gcdNumber(b, d);
    const bg = b / g;
    const p = a * (d / g);
    const q = c * bg;
    const t = p + q;
    if (Math.abs(p) > MAX || Math.abs(q) > MAX || Math.abs(t) > MAX) return null;
    const g2 = g === 1 ? 1 : gcdNumber(Math.abs(t), g);
    const m = bg * (d / g2);
    if (m > MAX) return null;
    return Fraction.small(t / g2, m);
  }

  static readonly ZERO = Fraction.small(0, 1);

  /** The numerator, normalised (sign here). */
  get num(): bigint {
    return big(this.n);
  }
  /** The denominator, normalised (> 0). */
  get den(): bigint {
    return big(this.d);
  }

  /** n/d from integers (numbers must be safe integers). */
  static of(num: number | bigint, den: number | bigint = 1): Fraction {
    if (typeof num === 'number') requireSafe(num, 'numerator');
    if (typeof den === 'number') requireSafe(den, 'denominator');
    if (typeof num === 'number' && typeof den === 'number' && den !== 0) {
      return Fraction.reduce(num, den);
    }
    return Fraction.big(big(num), big(den));
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
    return this.plus(o, 1);
  }

  sub(o: Fraction): Fraction {
    return this.plus(o, -1);
  }

  /** this + sign × o: in doubles while exact, else in bigints. */
  private plus(o: Fraction, sign: 1 | -1): Fraction {
    const a = this.n;
    const b = this.d;
    const c = o.n;
    const d = o.d;
    if (typeof a === 'number' && typeof b === 'number' && typeof c === 'number') {
      if (typeof d === 'number') {
        const r = Fraction.sum(a, b, sign * c, d);
        if (r !== null) return r;
      }
    }
    const cb = big(c) * big(b);
    return Fraction.big(big(a) * big(d) + (sign === 1 ? cb : -cb), big(b) * big(d));
  }

  mul(o: Fraction): Fraction {
    const a = this.n;
    const b = this.d;
    const c = o.n;
    const d = o.d;
    if (typeof a === 'number' && typeof b === 'number' && typeof c === 'number') {
      if (typeof d === 'number') {
        // Cross-reduced first, so the result is normalised and the products smaller.
        const g1 = gcdNumber(Math.abs(a), d);
        const g2 = gcdNumber(Math.abs(c), b);
        const n = (a / g1) * (c / g2);
        const m = (b / g2) * (d / g1);
        if (Math.abs(n) <= MAX && m <= MAX) return Fraction.small(n, m);
      }
    }
    return Fraction.big(big(a) * big(c), big(b) * big(d));
  }

  div(o: Fraction): Fraction {
    const a = this.n;
    const b = this.d;
    const c = o.n;
    const d = o.d;
    if (c === 0 || c === 0n) {
      throw new ScoringInputError('divisor', 'STD-NEUBERG', 'must not be 0');
    }
    if (typeof a === 'number' && typeof b === 'number' && typeof c === 'number') {
      if (typeof d === 'number') {
        const g1 = gcdNumber(Math.abs(a), Math.abs(c));
        const g2 = gcdNumber(b, d);
        let n = (a / g1) * (d / g2);
        let m = (b / g2) * (c / g1);
        if (Math.abs(n) <= MAX && Math.abs(m) <= MAX) {
          if (m < 0) {
            n = -n;
            m = -m;
          }
          return Fraction.small(n, m);
        }
      }
    }
    return Fraction.big(big(a) * big(d), big(b) * big(c));
  }

  mulInt(k: number): Fraction {
    requireSafe(k, 'numerator');
    const a = this.n;
    const b = this.d;
    if (typeof a === 'number' && typeof b === 'number') {
      const g = gcdNumber(Math.abs(k), b);
      const n = a * (k / g);
      if (Math.abs(n) <= MAX) return Fraction.small(n, b / g);
    }
    return Fraction.big(big(a) * BigInt(k), big(b));
  }

  compare(o: Fraction): -1 | 0 | 1 {
    const a = this.n;
    const b = this.d;
    const c = o.n;
    const d = o.d;
    if (typeof a === 'number' && typeof b === 'number' && typeof c === 'number') {
      if (typeof d === 'number') {
        if (b === d) return a < c ? -1 : a > c ? 1 : 0;
        const p = a * d;
        const q = c * b;
        if (Math.abs(p) <= MAX && Math.abs(q) <= MAX) return p < q ? -1 : p > q ? 1 : 0;
      }
    }
    const x = big(a) * big(d) - big(c) * big(b);
    return x < 0n ? -1 : x > 0n ? 1 : 0;
  }

  equals(o: Fraction): boolean {
    // One representation per value (bigints compare by value with ===).
    return this.n === o.n && this.d === o.d;
  }
  static max(a: Fraction, b: Fraction): Fraction {
    return a.compare(b) >= 0 ? a : b;
  }
  static min(a: Fraction, b: Fraction): Fraction {
    return a.compare(b) <= 0 ? a : b;
  }
  /** Nearest float (for display and for callers that want numbers). */
  toNumber(): number {
    return Number(this.n) / Number(this.d);
  }

  /** The nearest integer, halves away from zero (exact). */
  roundToInteger(): number {
    const a = this.n;
    const b = this.d;
    if (typeof a === 'number' && typeof b === 'number') return roundHalfAway(a, b, 1);
    const n = big(a);
    const d = big(b);
    const abs = n < 0n ? -n : n;
    const q = (2n * abs + d) / (2n * d);
    return Number(n < 0n ? -q : q);
  }

  /** Rounded to `decimals` places, halves away from zero, computed exactly. */
  round(decimals = 2): number {
    const a = this.n;
    const b = this.d;
    if (typeof a === 'number' && typeof b === 'number' && Number.isInteger(decimals)) {
      const scale = POW10[decimals];
      if (scale !== undefined && Math.abs(a) * scale <= MAX) {
        // As the bigint form below: Number(q) / Number(10^k), both exact here.
        return roundHalfAway(a, b, scale) / scale;
      }
    }
    const scale = 10n ** BigInt(decimals);
    const n = big(a);
    const d = big(b);
    const abs = n < 0n ? -n : n;
    const q = (2n * abs * scale + d) / (2n * d);
    const signed = n < 0n ? -q : q;
    return Number(signed) / Number(scale);
  }

  toString(): string {
    const a = this.n;
    const b = this.d;
    // Safe integers print as their digits, as bigints do.
    return b === 1 || b === 1n ? `${a}` : `${a}/${b}`;
  }
}

/**
 * round(n · scale / d), halves away from zero, for safe n, d > 0 and |n| · scale <= MAX:
 * m = q·d + r exactly (`%` is exact, m − r is a multiple of d), and the half is 2r >= d.
 */
function roundHalfAway(n: number, d: number, scale: number): number {
  const m = Math.abs(n) * scale;
  const r = m % d;
  let q = (m - r) / d;
  if (2 * r >= d) q++; // then d >= 2, so q + 1 <= m / 2 + 1 stays exact
  return n < 0 && q !== 0 ? -q : q;
}
