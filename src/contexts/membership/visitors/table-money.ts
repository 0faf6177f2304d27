import type { MemberClass, TableMoney, VisitorParams, VisitorPerson } from '../model';
import { isMemberOn, youngOn } from './people';

/**
 * What a session on `date` costs the person (PIN-R12, PIN-R8), when the club's rules set table
 * money (`params.tableMoney`); undefined when they do not. `memberClass` is the person's class
 * that day when a member (the register's: Student pays the reduced rate).
 */
export function tableMoneyOn(
  person: VisitorPerson,
  date: string,
  memberClass: MemberClass | undefined,
  params: VisitorParams,
): TableMoney | undefined {
  const rates = params.tableMoney;
  if (!rates) return undefined;
  const { currency } = rates;
  // PIN-R12: "Such young players will not be required to pay table money".
  const young = params.underAge > 0 ? youngOn(person, date, params) : undefined;
  if (young?.under) {
    return {
      pays: 'none',
      amount: 0,
      currency,
      because: [young.because, { rule: 'PIN-R12', text: 'under 16: no table money' }],
    };
  }
  const rate = (pays: 'member' | 'student' | 'visitor', rule: string, text: string) => ({
    pays,
    amount: rates[pays],
    currency,
    because: [
      {
        rule,
        text: `${text}: the ${pays} rate${rates[pays] === null ? ' (its amount not set in the rulebook)' : ''}`,
      },
    ],
  });
  if (isMemberOn(person, date)) {
    // PIN-R8: Student members pay "reduced fees ... for subscriptions and table money".
    if (memberClass === 'student')
      return rate('student', 'PIN-R8', `a Student member on ${date}, reduced table money`);
    return rate('member', 'PIN-R8', `a ${memberClass ?? 'member'} member on ${date}`);
  }
  return rate('visitor', 'PIN-R10', `a visitor on ${date}`);
}

/** An amount of table money as a page shows it: "£2.50", "none", "the visitor rate (not set)". */
export function tableMoneyText(t: TableMoney): string {
  if (t.pays === 'none') return 'no table money';
  if (t.amount === null) return `the ${t.pays} rate (amount not set)`;
  const major = (t.amount / 100).toFixed(2);
  return t.currency === 'GBP' ? `£${major}` : `${major} ${t.currency}`;
}
