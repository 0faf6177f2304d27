// Pinner's (and the NZ club's) visitors, pure: counts and verdicts per year
// (PIN-R10, PIN-R12, PIN-R9, NZ-10) and prize eligibility (PIN-R13, NZ-10).
export { visitorVerdicts } from './verdicts';
export { prizeEligibility } from './prizes';
export { isMemberOn, ageOn } from './people';
export { yearSpan, limitRule } from './years';
export { visitorFactsOf } from './visitor-input';
