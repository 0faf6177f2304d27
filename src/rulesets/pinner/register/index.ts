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
export {
  ageKnownOn,
  barredFrom,
  classHistory,
  classOn,
  considerFromOn,
  fullFrom,
  isMemberOn,
  missingSupportOn,
  studentAgeOn,
  studentUntil,
  supporterOn,
  type ClassChange,
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
export { visitorFactsOf } from './visitor-input';
