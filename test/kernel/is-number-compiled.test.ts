import fc from 'fast-check';
import { isNumber, type IsNumberOptions } from 'class-validator';
import { isNumberCompiled } from '../../src/kernel/is-number-compiled';

/**
 * A fact's `@IsNumber({ maxDecimalPlaces })` (a percentage to 2 decimals, NZ-5's and DSB's; a
 * VP to 2; a handicap to 1) is checked by arithmetic where that is exact, else by
 * class-validator: the answer must be class-validator's for every value, a thrown error
 * included (its own count of a number written with an exponent throws).
 */
const outcome = (test: () => boolean): boolean | 'throws' => {
  try {
    return test();
  } catch {
    return 'throws';
  }
};

const agrees = (value: unknown, options: IsNumberOptions) =>
  expect(outcome(() => isNumberCompiled(options)(value))).toBe(
    outcome(() => isNumber(value, options)),
  );

/** The doubles either side of `v`. */
function neighbours(v: number): number[] {
  const f = new Float64Array([v]);
  const bits = new BigInt64Array(f.buffer);
  const out: number[] = [];
  for (const step of [-1n, 1n]) {
    const g = new BigInt64Array([bits[0]! + step]);
    out.push(new Float64Array(g.buffer)[0]!);
  }
  return out;
}

const places = fc.integer({ min: 0, max: 6 });
const options = fc.record(
  {
    maxDecimalPlaces: places,
    allowNaN: fc.boolean(),
    allowInfinity: fc.boolean(),
  },
  { requiredKeys: ['maxDecimalPlaces'] },
);

describe('IsNumber with maxDecimalPlaces, checked by arithmetic: class-validator’s answer for every value', () => {
  it('the percentages a club prints: 51.51 and 45.07 pass with 2 places, 51.515 does not, 50 does', () => {
    const check = isNumberCompiled({ maxDecimalPlaces: 2 });
    expect([51.51, 45.07, 0.01, -0.01, 100, 50, 0].map(check)).toEqual(Array(7).fill(true));
    expect([51.515, 0.001, 33.333333333333336].map(check)).toEqual([false, false, false]);
  });

  it('edges: a place more than allowed, the largest exact magnitude, not a number, infinities, strings', () => {
    for (const [value, o] of [
      [0.1 + 0.2, { maxDecimalPlaces: 1 }],
      [0.1 + 0.2, { maxDecimalPlaces: 17 }],
      [1.25, { maxDecimalPlaces: 1 }],
      [1.25, { maxDecimalPlaces: 2 }],
      [2 ** 50 / 100 - 0.5, { maxDecimalPlaces: 2 }],
      [2 ** 52 + 0.5, { maxDecimalPlaces: 0 }],
      [2 ** 51 + 0.5, { maxDecimalPlaces: 0 }],
      [NaN, { maxDecimalPlaces: 2 }],
      [NaN, { maxDecimalPlaces: 2, allowNaN: true }],
      [Infinity, { maxDecimalPlaces: 2 }],
      [-Infinity, { maxDecimalPlaces: 2, allowInfinity: true }],
      ['51.51', { maxDecimalPlaces: 2 }],
      [1.5e-7, { maxDecimalPlaces: 2 }],
      [1e-7, { maxDecimalPlaces: 2 }],
      [-0, { maxDecimalPlaces: 0 }],
    ] as Array<[unknown, IsNumberOptions]>)
      agrees(value, o);
  });

  it('any double, with any places from 0 to 6', () => {
    fc.assert(
      fc.property(fc.double(), options, (v, o) => agrees(v, o)),
      { numRuns: 20_000 },
    );
  });

  it('decimals of at most and one more than the places, and the doubles either side of them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 9), max: 10 ** 9 }),
        places,
        fc.integer({ min: 0, max: 2 }),
        (n, p, extra) => {
          const v = n / 10 ** (p + extra);
          for (const x of [v, ...neighbours(v)]) agrees(x, { maxDecimalPlaces: p });
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('without maxDecimalPlaces (a VP, a handicap as any number) it is class-validator’s test as it is', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.string(), fc.constant(null)), (v) =>
        agrees(v, { allowNaN: false, allowInfinity: false }),
      ),
    );
  });
});
