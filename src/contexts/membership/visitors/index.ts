// A club's visitors, pure: counts and verdicts per year, read with the settings the club's rules
// give (a calendar year's sessions as PIN-R10, a club year's visits as NZ-10, the limit's rule
// the rulebook's own; PIN-R12's age and PIN-R9's bar), and prize eligibility (PIN-R13, NZ-10).
export { visitorVerdicts } from './verdicts';
export { prizeEligibility } from './prizes';
export { isMemberOn, ageOn } from './people';
export { yearSpan, limitRule } from './years';
export { checkVisitorParams } from './params';
export { checkYearStart } from './years';
export { visitorFactsOf } from './visitor-input';
export { tableMoneyOn, tableMoneyText } from './table-money';
