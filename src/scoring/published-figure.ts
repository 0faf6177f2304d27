import type { Fraction } from './fraction';
import type { Arithmetic } from './settings';

/**
 * STD-MP: a pair's percentage or total as published to `decimals`. 'exact' rounds the exact
 * value, halves away from zero; 'float64' rounds as a program computing in binary floating
 * point prints: the nearest double to the value, rounded as that double lies (the exact value
 * 68.425 is 68.42499999999999716… as a double, so it prints 68.42, where exact gives 68.43).
 */
export function publishedFigure(
  value: Fraction,
  decimals: number,
  arithmetic: Arithmetic = 'exact',
): number {
  if (arithmetic === 'exact') return value.round(decimals);
  // toFixed rounds the double's exact binary value (ECMA-262 Number.prototype.toFixed).
  return Number(value.toNumber().toFixed(decimals));
}
