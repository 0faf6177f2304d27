import type { Role } from '../../events/contexts/access';

export type { Role } from '../../events/contexts/access';

/**
 * Issue 17: which role may append which fact type, the one table of it (docs/access.md). Read
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
  BoardDatumRecorded: ['director'],
  // Corrections and rulings (NZ-13: the director or the secretary), appeals (the committee).
  CorrectionNotified: ['director', 'secretary'],
  CorrectionAccepted: ['director', 'secretary'],
  CorrectionRejected: ['director', 'secretary'],
  RulingGiven: ['director'],
  AppealLodged: ['secretary', 'director'],
  AppealDecided: ['secretary'],
  AppealEscalated: ['secretary'],
  StandingsPublished: ['secretary'],
  // Issue 18, a league (LCBA): its secretary keeps the structure, the players' records, the
  // ballots and the committee's ratifications; the match records are the secretary's or the
  // tournament director's, as a competition's results are.
  LeagueRegistered: ['secretary'],
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
  SubscriptionWarningIssued: ['secretary'],
  MatchRearranged: ['secretary'],
  LeagueBallotDrawn: ['secretary'],
  ResultFormOffenceRatified: ['secretary'],
  ResultFormReceived: ['secretary'],
  MatchLineUpRecorded: ['secretary', 'director'],
  MatchResultRecorded: ['secretary', 'director'],
  MatchUnplayed: ['secretary', 'director'],
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
