import { visitorFactsOf as visitorFactsOfClub } from '../../../contexts/membership/visitors';
import type { MembershipFactIn } from '../../../contexts/membership/register-fold';
import { barredFrom } from './rules';
export { registerOf } from './register';
export {
  evolveMembership,
  foldMembership,
  initialMembershipState,
  lastSpan,
  spanOn,
  type ApplicationRecord,
  type MemberSpan,
  type MembershipFactIn,
  type MembershipState,
  type PersonRecord,
  type RecordedClass,
} from '../../../contexts/membership/register-fold';
export type { ClassChange } from '../../../contexts/membership/model';
export {
  ageKnownOn,
  barredFrom,
  classHistory,
  classOn,
  considerFromOn,
  fullFrom,
  isMemberOn,
  missingSupportOn,
  restrictionOn,
  studentAgeOn,
  studentUntil,
  supporterOn,
  type ClassOn,
  type MembershipParams,
} from './rules';
export {
  addDays,
  addYears,
  ageOn,
  birthdayOf,
  type LeapDay,
} from '../../../contexts/membership/dates';

/** What the visitors' verdicts read of Pinner's membership stream: PIN-R9's bar from the register. */
export const visitorFactsOf = (facts: Iterable<MembershipFactIn>) =>
  visitorFactsOfClub(facts, barredFrom);
