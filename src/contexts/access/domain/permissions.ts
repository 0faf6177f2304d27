import type { Role } from '../facts/access';

export type { Role } from '../facts/access';

/**
 * Which role may append which fact type, the one table of it (docs/access.md). Read
 * from the rulebooks: the director (the WL of DSB, the tournament director of NZ and LCBA) runs
 * the sessions — results, absences and substitutes, dispensations (DSB-9.4), group moves
 * (DSB-8), ballots, the scored sessions' travellers — gives rulings (DSB-20.3, LCBA-10.2) and
 * decides corrections (NZ-13: "the director or secretary"); the secretary keeps the club's
 * records — the roster (NZ-8d "asked by the Secretary"), competitions and entries, the rulebook
 * the committee adopts and amends, publications, appeals and the committee's or board's
 * decisions on them (DSB-20.3 "the board decides", LCBA-10.2 the Laws & Ethics committee), the
 * visibility of the tables. An auditor appends nothing; an admin manages keys and clubs.
 *
 * A type missing here may be appended by no key (an admin neither): the test
 * (test/access/permissions.test.ts) holds every catalogue type to a row.
 */
export const APPEND_ROLES: Readonly<Record<string, readonly Role[]>> = Object.freeze({
  // The club, its roster and its rulebook.
  ClubRegistered: ['secretary', 'admin'],
  ClubTablesVisibilitySet: ['secretary', 'admin'],
  PlayerRegistered: ['secretary'],
  PlayerStatusChanged: ['secretary'],
  RulebookAdopted: ['secretary'],
  RulebookAmended: ['secretary'],
  // A competition: set up and entered by the secretary, run by the director.
  CompetitionCreated: ['secretary'],
  PairEntered: ['secretary', 'director'],
  PairGroupAssigned: ['secretary', 'director'],
  PartnershipPlayersNamed: ['director'],
  SessionHeld: ['director'],
  SessionResultRecorded: ['director'],
  SessionScoredFromBoards: ['director'],
  AbsenceNotified: ['director'],
  SubstitutePlayed: ['director'],
  DispensationGranted: ['director'],
  SitOutMatchPlayed: ['director'],
  BallotDrawn: ['director'],
  GroupsRebalanced: ['director'],
  // A scored session (travellers, imported or posted by the club's scoring system).
  SessionMovementRecorded: ['director'],
  SessionPairRegistered: ['director'],
  BoardResultRecorded: ['director'],
  AdjustedScoreAwarded: ['director'],
  LateBoardRuled: ['director'],
  BoardDatumRecorded: ['director'],
  BoardDealRecorded: ['director'],
  // Corrections and rulings (NZ-13: the director or the secretary), appeals (the committee).
  CorrectionNotified: ['director', 'secretary'],
  CorrectionAccepted: ['director', 'secretary'],
  CorrectionRejected: ['director', 'secretary'],
  RulingGiven: ['director'],
  AppealLodged: ['secretary', 'director'],
  AppealDecided: ['secretary'],
  AppealEscalated: ['secretary'],
  StandingsPublished: ['secretary'],
  // A league (LCBA): the League Secretary keeps the structure, the players and the
  // records of the matches (LCBA-2, 3, 4, 5, 6.8); a match's line-up and result come from its
  // captains' Match Result Form (6.8), recorded by the league's director or secretary.
  LeagueRegistered: ['secretary', 'admin'],
  DivisionFormed: ['secretary'],
  LeagueTeamEntered: ['secretary'],
  LateEntryFined: ['secretary'],
  TeamPlaced: ['secretary'],
  LeagueStructurePublished: ['secretary'],
  FixtureScheduled: ['secretary'],
  Rr3ElectionMade: ['secretary'],
  LeaguePlayerRegistered: ['secretary'],
  SubscriptionPaid: ['secretary'],
  TeamNominated: ['secretary'],
  TwoClubsApproved: ['secretary'],
  SameDatePlayApproved: ['secretary'],
  SubscriptionWarningIssued: ['secretary'],
  MatchLineUpRecorded: ['director', 'secretary'],
  MatchResultRecorded: ['director', 'secretary'],
  ResultFormReceived: ['secretary'],
  MatchUnplayed: ['secretary'],
  MatchRearranged: ['secretary'],
  LeagueBallotDrawn: ['secretary'],
  ResultFormOffenceRatified: ['secretary'],
  // A club's teams event: set up and entered by the secretary (or the director); run by the
  // director, who adjusts handicaps (NZ-16), pairs Swiss rounds (DSB-15) and draws ballots.
  TeamsEventCreated: ['secretary', 'director'],
  TeamEntered: ['secretary', 'director'],
  TeamHandicapAdjusted: ['director'],
  SwissRoundPaired: ['director'],
  TeamsMatchRecorded: ['director'],
  TeamsMatchDefaulted: ['director'],
  TeamsBallotDrawn: ['director'],
  // A club's membership (PIN-R7..R13, PIN-C3..C18): the secretary records the
  // applications and the committee's decisions; the director the sessions played at the club.
  ExistingMemberRecorded: ['secretary'],
  MembershipApplied: ['secretary'],
  ApplicationProposed: ['secretary'],
  ApplicationSigned: ['secretary'],
  ApplicationDisplayed: ['secretary'],
  SupportWithdrawn: ['secretary'],
  SupportReplaced: ['secretary'],
  ObjectionLodged: ['secretary'],
  ApplicationConsidered: ['secretary'],
  MemberElected: ['secretary'],
  ApplicationRejected: ['secretary'],
  StudentMembershipOffered: ['secretary'],
  HonoraryMembershipInvited: ['secretary'],
  TemporaryMembershipAccepted: ['secretary'],
  NonPlayingMembershipAccepted: ['secretary'],
  MemberEventsRestricted: ['secretary'],
  MembershipTerminated: ['secretary'],
  MemberResigned: ['secretary'],
  MemberExpelled: ['secretary'],
  BirthDateCorrected: ['secretary'],
  SessionPlayedAtClub: ['director'],
  VisitorPartnerAsked: ['secretary'],
  GuestNzcbaNumberChecked: ['secretary'],
  NzcbaRankRecorded: ['secretary'],
  // A club's general meetings (PIN-C20..C37): the secretary keeps the minutes and the notices.
  OfficerRecorded: ['secretary'],
  ConstitutionRecorded: ['secretary'],
  MeetingCalled: ['secretary'],
  NoticeDisplayed: ['secretary'],
  MotionLodged: ['secretary'],
  AmendmentProposed: ['secretary'],
  NominationReceived: ['secretary'],
  EgmRequested: ['secretary'],
  AttendanceRecorded: ['secretary'],
  VoteTaken: ['secretary'],
  BallotHeld: ['secretary'],
  ReportPresented: ['secretary'],
  AuditorAppointed: ['secretary'],
  // A club's rubber-bridge evenings (PIN-R21..R25): the duty member runs the rotation, as the
  // director runs a duplicate session.
  RubberSessionOpened: ['director', 'secretary'],
  RubberUnitArrived: ['director'],
  RubberTableMadeUp: ['director'],
  RubberHandCompleted: ['director'],
  RubberCompleted: ['director'],
  RubberTableUpCalled: ['director'],
  GameCalled: ['director'],
  FurtherRubberAgreed: ['director'],
  RubberTableWaiting: ['director'],
  RubberTablesExchanged: ['director'],
  RubberUnitRetired: ['director'],
  RubberUnitLeft: ['director'],
  // Keys: the admin's alone.
  ApiKeyIssued: ['admin'],
  ApiKeyRevoked: ['admin'],
});

/** Whether a key of this role may append a fact of this type. */
export const mayAppend = (role: Role, type: string): boolean =>
  Object.hasOwn(APPEND_ROLES, type) && APPEND_ROLES[type]!.includes(role);

/** The roles that may append a type, for a refusal's message. */
export const rolesAppending = (type: string): readonly Role[] =>
  Object.hasOwn(APPEND_ROLES, type) ? APPEND_ROLES[type]! : [];

/** Whether a role's keys need a scope (a club or a league): all but an admin's. */
export const needsScope = (role: Role): boolean => role !== 'admin';

/** Whether a role reads everything of every club ($all, every stream, every key). */
export const readsEverything = (role: Role): boolean => role === 'admin';

/** Whether a role manages keys (issues and revokes them, lists them). */
export const managesKeys = (role: Role): boolean => role === 'admin';
