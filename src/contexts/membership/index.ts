/**
 * The membership context's door: what another context may use of it.
 */
export { MEMBERS_STREAM_PREFIX } from './facts/membership';
export { membersStreamId } from './facts/membership';
export { membersOn } from './projection/members-on';
export { membersClubOf } from './projection/state';
export { MEMBERSHIP_FACT_TYPES } from './domain/decider';
export { foldMembership, type MembershipFactIn } from './register-fold';
export { prizeEligibility } from './visitors';
export type { VisitorParams } from './model';
