/**
 * Bad input to a scoring function. A RangeError (the value is outside what the rule allows)
 * that names the offending `field` and the `rule` (STD-… ID from RULES.md) it was checked for.
 */
export class ScoringInputError extends RangeError {
  override readonly name = 'ScoringInputError';
  readonly code = 'FACTS_NOT_SCORABLE';

  /** What is wrong, without the rule (`field message`): a RuleViolation built from it adds its own. */
  readonly reason: string;

  constructor(
    readonly field: string,
    readonly rule: string,
    message: string,
  ) {
    super(`${rule}: ${field} ${message}`);
    this.reason = `${field} ${message}`;
  }

  answer() {
    return { message: this.message, rule: this.rule, field: this.field };
  }
}

/** Throws unless `value` is a whole number in [min, max] (a rulebook's count). */
export function requireCount(
  value: unknown,
  field: string,
  rule: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): void {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `${min}–${max}`;
    throw new ScoringInputError(
      field,
      rule,
      `must be a whole number ${range}, got ${String(value)}`,
    );
  }
}

/** Throws unless `value` is an integer in [min, max]. */
export function requireInteger(
  value: unknown,
  field: string,
  rule: string,
  min = Number.MIN_SAFE_INTEGER,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new ScoringInputError(field, rule, `must be an integer, got ${String(value)}`);
  }
  if (value < min || value > max) {
    throw new ScoringInputError(field, rule, `must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

/** Throws unless `value` is a finite number in [min, max]. */
export function requireFinite(
  value: unknown,
  field: string,
  rule: string,
  min = -Number.MAX_VALUE,
  max = Number.MAX_VALUE,
): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ScoringInputError(field, rule, `must be a finite number, got ${String(value)}`);
  }
  if (value < min || value > max) {
    throw new ScoringInputError(field, rule, `must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}
