/** A fact the rules forbid: which rule, and why. Nothing of the batch is written. */
export class RuleViolation extends Error {
  readonly code = 'RULE_VIOLATION';
  constructor(
    readonly rule: string,
    readonly reason: string,
    /** The field of the proposed fact that breaks the rule, e.g. `data.substituteId`. */
    readonly field?: string,
  ) {
    super(`${rule}: ${reason}`);
  }

  answer() {
    return {
      message: `${this.message}; nothing was written`,
      rule: this.rule,
      reason: this.reason,
      ...(this.field ? { field: this.field } : {}),
    };
  }
}
