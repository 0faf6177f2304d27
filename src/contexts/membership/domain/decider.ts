import type { MembershipFactData } from '../facts/membership';
import type { Decider } from '../../../kernel/decider';
import { evolveMembership, initialMembershipState, type MembershipState } from '../register-fold';
import type { ClubContext } from '../../club-context';
import { decideMembershipFact } from './decide';
import { isMembersStream, MEMBERS_HOME } from './streams';

export const MEMBERSHIP_FACT_TYPES: ReadonlySet<string> = new Set([
  'ExistingMemberRecorded',
  'MembershipApplied',
  'ApplicationProposed',
  'ApplicationSigned',
  'ApplicationDisplayed',
  'SupportWithdrawn',
  'SupportReplaced',
  'ObjectionLodged',
  'ApplicationConsidered',
  'MemberElected',
  'ApplicationRejected',
  'StudentMembershipOffered',
  'HonoraryMembershipInvited',
  'TemporaryMembershipAccepted',
  'NonPlayingMembershipAccepted',
  'MemberEventsRestricted',
  'MembershipTerminated',
  'MemberResigned',
  'MemberExpelled',
  'BirthDateCorrected',
  'SessionPlayedAtClub',
  'VisitorPartnerAsked',
  'GuestNzcbaNumberChecked',
  'NzcbaRankRecorded',
] satisfies Array<keyof MembershipFactData>);

/**
 * The membership context: a club's stream `members-<clubId>` holds its applications,
 * elections, classes, endings and the sessions people played at the club; each fact names the
 * stream's club (LEDGER, `data.clubId`). The fold is the context's (register-fold.ts); each
 * fact is decided on its own day by the membership rules the club's rulebook in force then is
 * read by (rules.ts: Pinner's, src/rulesets/pinner, for a `membership` group or none).
 */
export const membershipDecider: Decider<MembershipState, ClubContext> = {
  name: 'membership',
  owns: isMembersStream,
  streams: 'members-<clubId>',
  factTypes: MEMBERSHIP_FACT_TYPES,
  homeOf: () => MEMBERS_HOME,
  readsClub: () => true,
  initialState: initialMembershipState,
  evolve: (state, fact) => evolveMembership(state, fact),
  decide: (fact, state, club, streamId) => decideMembershipFact(fact, state, club, streamId),
};
