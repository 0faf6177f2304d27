import { requireInteger, ScoringInputError } from '../../../scoring';
import type { VisitorParams } from '../model';
import { checkYearStart, limitRule } from './years';

const oneOf = (value: unknown, field: string, rule: string, allowed: readonly string[]) => {
  if (!allowed.includes(value as string)) {
    throw new ScoringInputError(
      field,
      rule,
      `must be ${allowed.map((a) => `'${a}'`).join(' or ')}, got ${String(value)}`,
    );
  }
};

/**
 * The visitor settings a rulebook gives the count, checked as the count reads them (PIN-R10,
 * PIN-R12, NZ-10): a setting the count could not use (a year of no kind it knows, a club year
 * starting on no day, a count that is not a whole number) is refused naming it.
 */
export function checkVisitorParams(params: VisitorParams): void {
  const year = params.year as { kind?: unknown; yearStart?: unknown };
  oneOf(year?.kind, 'year.kind', params.limitRule ?? 'PIN-R10', ['calendar', 'club-year']);
  const rule = params.limitRule ?? limitRule(params.year);
  if (params.year.kind === 'club-year') checkYearStart(params.year.yearStart, rule);
  requireInteger(params.sessions, 'sessions', rule, 1);
  oneOf(params.refuse, 'refuse', rule, ['after-sessions', 'at-sessions']);
  requireInteger(params.underAge, 'underAge', 'PIN-R12', 0);
  requireInteger(params.adultAge, 'adultAge', 'PIN-R12', 0);
  requireInteger(params.nzMaxVisits, 'nzMaxVisits', 'NZ-10', 1);
  oneOf(params.prizes, 'prizes', rule, ['pin-r13', 'nz-10']);
  if (params.leapDay !== undefined)
    oneOf(params.leapDay, 'leapDay', 'PIN-R12', ['feb-28', 'mar-1']);
  if (params.tableMoney !== undefined) checkTableMoney(params.tableMoney);
}

/** PIN-R12, PIN-R8: a currency code, and each rate a whole number of its minor unit or null. */
function checkTableMoney(t: VisitorParams['tableMoney']): void {
  const money = t as unknown as Record<string, unknown> | null;
  if (typeof money !== 'object' || money === null || Array.isArray(money))
    throw new ScoringInputError('tableMoney', 'PIN-R12', 'must be an object of rates');
  if (typeof money.currency !== 'string' || !/^[A-Z]{3}$/.test(money.currency))
    throw new ScoringInputError(
      'tableMoney.currency',
      'PIN-R12',
      `must be a currency code such as GBP, got ${String(money.currency)}`,
    );
  for (const rate of ['member', 'student', 'visitor'] as const) {
    if (money[rate] === null) continue;
    requireInteger(
      money[rate],
      `tableMoney.${rate}`,
      rate === 'student' ? 'PIN-R8' : 'PIN-R12',
      0,
      100_000,
    );
  }
}
