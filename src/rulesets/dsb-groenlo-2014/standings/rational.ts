// The DSB standings use the scoring module's exact rationals (one implementation, one
// rounding rule: halves away from zero).
export { Fraction as Rational } from '../../../scoring/fraction';
