/**
 * Bad input to a DSB computation: a RangeError naming the offending `field` (a path into the
 * input, e.g. `groups[B].pairs[P7].entries[session 3].percentage`) and the `rule` (a DSB-… ID
 * from RULES.md) it was checked for.
 */
export class DsbInputError extends RangeError {
  override readonly name = 'DsbInputError';
  readonly code = 'FACTS_NOT_SCORABLE';

  constructor(
    readonly field: string,
    readonly rule: string,
    message: string,
  ) {
    super(`${rule}: ${field} ${message}`);
  }

  answer() {
    return { message: this.message, rule: this.rule, field: this.field };
  }
}

/** Refuses a keyword parameter outside the words its rule reads, naming the field and the rule. */
export function requireOneOf<T extends string>(
  value: unknown,
  allowed: readonly T[],
  field: string,
  rule: string,
): asserts value is T {
  if (!(allowed as readonly unknown[]).includes(value)) {
    throw new DsbInputError(
      field,
      rule,
      `must be ${allowed.map((a) => `'${a}'`).join(' or ')}, got ${String(value)}`,
    );
  }
}
