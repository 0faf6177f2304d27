import { isNumber, type IsNumberOptions } from 'class-validator';

/**
 * class-validator's `@IsNumber(options)` test, made once for its options: the same answer for
 * every value. Its `maxDecimalPlaces` counts the decimals of the number's string (toString,
 * split at the point) for every number that is not whole: most of the cost of checking a
 * ledger's percentages and VPs. A number whose decimals are within `places` is found by
 * arithmetic instead: `round(v × 10^places) / 10^places === v` holds exactly when v is the
 * double nearest a decimal of at most `places` decimals, whose shortest form (toString) then
 * has no more. Any other number, and any outside the range where that arithmetic is exact, is
 * answered by class-validator's own function (test/kernel/is-number-compiled.test.ts compares
 * the two).
 */
export function isNumberCompiled(options: IsNumberOptions = {}): (value: unknown) => boolean {
  const places = options.maxDecimalPlaces;
  if (places === undefined || !Number.isInteger(places) || places < 0 || places > 15)
    return (value) => isNumber(value, options);
  const scale = 10 ** places;
  // Below 2^50 the product and its rounding are exact to well under a unit: no false match.
  const exactBelow = 2 ** 50 / scale;
  return (value) => {
    if (
      typeof value === 'number' &&
      value % 1 !== 0 &&
      Math.abs(value) < exactBelow &&
      Math.round(value * scale) / scale === value
    )
      return true;
    return isNumber(value, options);
  };
}
