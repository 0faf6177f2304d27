// The corrections context's own refusals (LEDGER) and how a refusal shows a value.
import { RuleViolation } from '../../../kernel/rule-violation';

export const ledger = (reason: string, field: string) => new RuleViolation('LEDGER', reason, field);
export const show = (v: unknown) => JSON.stringify(v);
