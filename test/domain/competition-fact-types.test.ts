/**
 * Every fact's fields are declared once, in its schema class in the event catalogue;
 * the domain's types are those classes. The type-level checks below are checked by
 * `npx tsc -p tsconfig.json --noEmit` (jest strips types): a `const _: Equals<A, B> = true`
 * does not compile unless A and B are the same type.
 */
import { catalogue } from '../../src/contexts/catalogue';
import { accessEvents, type AccessFactData } from '../../src/contexts/access/facts/access';
import { clubEvents, type ClubFactData } from '../../src/contexts/club/facts/club';
import {
  competitionEvents,
  type COMPETITION_KINDS,
  type CompetitionCreatedData,
  type CompetitionFactData,
  type DISPENSATION_RULES,
  type PairEnteredData,
  type SessionScoredFromBoardsData,
} from '../../src/contexts/pairs/facts/competition';
import { leagueEvents, type LeagueFactData } from '../../src/contexts/league/facts/league';
import {
  membershipEvents,
  type MembershipFactData,
} from '../../src/contexts/membership/facts/membership';
import { teamsEvents, type TeamsFactData } from '../../src/contexts/teams/facts/teams';
import { meetingsEvents, type MeetingsFactData } from '../../src/contexts/meetings/facts/catalogue';
import { rubberEvents, type RubberFactData } from '../../src/contexts/rubber/facts/catalogue';
import { rulebookEvents, type RulebookFactData } from '../../src/contexts/club/facts/rulebook';
import {
  correctionEvents,
  publicationEvents,
  type CorrectionFactData,
  type PublicationFactData,
} from '../../src/contexts/corrections/facts/corrections';
import {
  sessionEvents,
  type AdjustedScoreAwardedData,
  type BoardResultRecordedData,
  type SessionFactData,
  type SessionMovementRecordedData,
} from '../../src/contexts/pairs/facts/session';
import {
  COMPETITION_FACT_TYPE_LIST,
  COMPETITION_FACT_TYPES,
  type CompetitionCreated,
  type CompetitionFact,
  type DispensationGranted,
  type PairEntered,
  type PairGroupAssigned,
  type SessionResultRecorded,
  type SessionScoredFromBoards,
} from '../../src/contexts/pairs/domain/facts';
import type {
  BoardAdjustment,
  BoardLine,
  BoardMovement,
} from '../../src/contexts/pairs/projection/scored-sessions';

/** True when A and B are the same type (neither merely assignable to the other). */
type Equals<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// The union's types are exactly the catalogue's competition schemas, and the list the runtime
// reads (COMPETITION_FACT_TYPES) names exactly the union's types.
const _unionIsTheCatalogue: Equals<CompetitionFact['type'], keyof CompetitionFactData> = true;
const _listIsTheUnion: Equals<
  (typeof COMPETITION_FACT_TYPE_LIST)[number],
  CompetitionFact['type']
> = true;

// Each member of the union carries its own schema's data, and the envelope's occurredAt.
type MemberIsItsSchema = {
  [K in CompetitionFact['type']]: Equals<
    Extract<CompetitionFact, { type: K }>['data'],
    CompetitionFactData[K]
  >;
};
const _membersAreTheirSchemas: Equals<MemberIsItsSchema[CompetitionFact['type']], true> = true;
const _occurredAt: Equals<CompetitionFact['occurredAt'], string> = true;

// The domain's names are the schema classes, not copies of their fields.
const _created: Equals<CompetitionCreated, CompetitionCreatedData> = true;
const _entered: Equals<PairEntered, PairEnteredData> = true;
const _scored: Equals<SessionScoredFromBoards, SessionScoredFromBoardsData> = true;

// Where @IsIn checks a list, the derived type is exactly that list.
const _kind: Equals<CompetitionCreated['kind'], (typeof COMPETITION_KINDS)[number]> = true;
const _source: Equals<SessionResultRecorded['source'], 'imported' | 'scored'> = true;
const _rule: Equals<DispensationGranted['rule'], (typeof DISPENSATION_RULES)[number]> = true;
const _basis: Equals<PairGroupAssigned['basis'], 'DSB-6' | 'DSB-8' | 'WL'> = true;

// What the scored-sessions projection keeps of the session facts is their schemas' fields.
const _movement: Equals<
  BoardMovement['scoringMethod'],
  SessionMovementRecordedData['scoringMethod']
> = true;
const _line: Equals<BoardLine['kind'], BoardResultRecordedData['kind']> = true;
const _adjustment: Equals<BoardAdjustment['artificial'], AdjustedScoreAwardedData['artificial']> =
  true;

// A key list per context that the compiler holds to its type map (a Record needs every key),
// so the run-time checks below compare the maps with the catalogue's definitions.
const CLUB_TYPES: Record<keyof ClubFactData, true> = {
  ClubRegistered: true,
  PlayerRegistered: true,
  PlayerStatusChanged: true,
};
// Keys (access-keys) and a club's tables' visibility.
const ACCESS_TYPES: Record<keyof AccessFactData, true> = {
  ApiKeyIssued: true,
  ApiKeyRevoked: true,
  ClubTablesVisibilitySet: true,
};
const RULEBOOK_TYPES: Record<keyof RulebookFactData, true> = {
  RulebookAdopted: true,
  RulebookAmended: true,
};
const SESSION_TYPES: Record<keyof SessionFactData, true> = {
  SessionMovementRecorded: true,
  SessionPairRegistered: true,
  BoardResultRecorded: true,
  AdjustedScoreAwarded: true,
  BoardDatumRecorded: true,
  LateBoardRuled: true,
  BoardDealRecorded: true,
};
// Corrections, rulings, appeals (corrections-<clubId>) and publications.
const CORRECTION_TYPES: Record<keyof CorrectionFactData, true> = {
  CorrectionNotified: true,
  CorrectionAccepted: true,
  CorrectionRejected: true,
  RulingGiven: true,
  AppealLodged: true,
  AppealDecided: true,
  AppealEscalated: true,
};
const PUBLICATION_TYPES: Record<keyof PublicationFactData, true> = { StandingsPublished: true };
// The league context's facts.
const LEAGUE_TYPES: Record<keyof LeagueFactData, true> = {
  LeagueRegistered: true,
  DivisionFormed: true,
  LeagueTeamEntered: true,
  LateEntryFined: true,
  TeamPlaced: true,
  LeagueStructurePublished: true,
  FixtureScheduled: true,
  Rr3ElectionMade: true,
  LeaguePlayerRegistered: true,
  SubscriptionPaid: true,
  TeamNominated: true,
  TwoClubsApproved: true,
  SubscriptionWarningIssued: true,
  MatchLineUpRecorded: true,
  MatchResultRecorded: true,
  ResultFormReceived: true,
  MatchUnplayed: true,
  MatchRearranged: true,
  SameDatePlayApproved: true,
  LeagueBallotDrawn: true,
  ResultFormOffenceRatified: true,
};
// A club's teams event (teams-<eventId>).
const TEAMS_TYPES: Record<keyof TeamsFactData, true> = {
  TeamsEventCreated: true,
  TeamEntered: true,
  TeamHandicapAdjusted: true,
  SwissRoundPaired: true,
  TeamsMatchRecorded: true,
  TeamsMatchDefaulted: true,
  TeamsBallotDrawn: true,
};
// A club's membership (members-<clubId>).
const MEMBERSHIP_TYPES: Record<keyof MembershipFactData, true> = {
  ExistingMemberRecorded: true,
  MembershipApplied: true,
  ApplicationProposed: true,
  ApplicationSigned: true,
  ApplicationDisplayed: true,
  SupportWithdrawn: true,
  SupportReplaced: true,
  ObjectionLodged: true,
  ApplicationConsidered: true,
  MemberElected: true,
  ApplicationRejected: true,
  StudentMembershipOffered: true,
  HonoraryMembershipInvited: true,
  TemporaryMembershipAccepted: true,
  NonPlayingMembershipAccepted: true,
  MemberEventsRestricted: true,
  MembershipTerminated: true,
  MemberResigned: true,
  MemberExpelled: true,
  BirthDateCorrected: true,
  SessionPlayedAtClub: true,
  VisitorPartnerAsked: true,
  GuestNzcbaNumberChecked: true,
  NzcbaRankRecorded: true,
};
// A club's general meetings and officers (meetings-<clubId>).
const MEETINGS_TYPES: Record<keyof MeetingsFactData, true> = {
  OfficerRecorded: true,
  ConstitutionRecorded: true,
  MeetingCalled: true,
  NoticeDisplayed: true,
  MotionLodged: true,
  AmendmentProposed: true,
  NominationReceived: true,
  EgmRequested: true,
  AttendanceRecorded: true,
  VoteTaken: true,
  BallotHeld: true,
  ReportPresented: true,
  AuditorAppointed: true,
};

// A club's rubber-bridge evenings (rubber-<sessionId>).
const RUBBER_TYPES: Record<keyof RubberFactData, true> = {
  RubberSessionOpened: true,
  RubberUnitArrived: true,
  RubberTableMadeUp: true,
  RubberHandCompleted: true,
  RubberCompleted: true,
  RubberTableUpCalled: true,
  GameCalled: true,
  FurtherRubberAgreed: true,
  RubberTableWaiting: true,
  RubberTablesExchanged: true,
  RubberUnitRetired: true,
  RubberUnitLeft: true,
};

const sorted = (xs: Iterable<string>) => [...xs].sort();

describe('each fact has one schema, and its TypeScript type is derived from it', () => {
  it('every competition fact type the domain reads has a catalogue definition', () => {
    for (const type of COMPETITION_FACT_TYPES) {
      expect({ type, defined: catalogue.has(type) }).toEqual({ type, defined: true });
    }
  });

  it('every competition definition of the catalogue is a fact type the domain reads', () => {
    expect(sorted(competitionEvents.map((d) => d.type))).toEqual(sorted(COMPETITION_FACT_TYPES));
  });

  it('the list of competition fact types names each once', () => {
    expect(COMPETITION_FACT_TYPES.size).toBe(COMPETITION_FACT_TYPE_LIST.length);
    expect(COMPETITION_FACT_TYPES.size).toBe(13);
  });

  it.each([
    ['club', clubEvents, CLUB_TYPES],
    ['rulebook', rulebookEvents, RULEBOOK_TYPES],
    ['session', sessionEvents, SESSION_TYPES],
    ['corrections', correctionEvents, CORRECTION_TYPES],
    ['publications', publicationEvents, PUBLICATION_TYPES],
    ['access', accessEvents, ACCESS_TYPES],
    ['league', leagueEvents, LEAGUE_TYPES],
    ['membership', membershipEvents, MEMBERSHIP_TYPES],
    ['teams', teamsEvents, TEAMS_TYPES],
    ['meetings', meetingsEvents, MEETINGS_TYPES],
    ['rubber', rubberEvents, RUBBER_TYPES],
  ] as const)('the %s facts’ type map names exactly its definitions', (_, events, types) => {
    expect(sorted(events.map((d) => d.type))).toEqual(sorted(Object.keys(types)));
    for (const type of Object.keys(types)) expect(catalogue.has(type)).toBe(true);
  });

  it('the catalogue holds no type outside the contexts’ maps', () => {
    const mapped = [
      ...COMPETITION_FACT_TYPES,
      ...Object.keys(CLUB_TYPES),
      ...Object.keys(RULEBOOK_TYPES),
      ...Object.keys(SESSION_TYPES),
      ...Object.keys(CORRECTION_TYPES),
      ...Object.keys(PUBLICATION_TYPES),
      ...Object.keys(ACCESS_TYPES),
      ...Object.keys(LEAGUE_TYPES),
      ...Object.keys(MEMBERSHIP_TYPES),
      ...Object.keys(TEAMS_TYPES),
      ...Object.keys(MEETINGS_TYPES),
      ...Object.keys(RUBBER_TYPES),
    ];
    expect(sorted(catalogue.types().map((d) => d.type))).toEqual(sorted(mapped));
  });

  // The narrowed field types are what the schema accepts at run time, no more and no less.
  const result = (source: string) => ({
    competitionId: 'c1',
    session: 1,
    pairId: 'p1',
    players: ['a', 'b'],
    percentage: 55,
    boardsPlayed: 24,
    source,
  });

  it.each(['imported', 'scored'] satisfies SessionResultRecorded['source'][])(
    'SessionResultRecorded accepts source %s (NZ-1, DSB-7)',
    (source) => {
      expect(
        catalogue.validate({ type: 'SessionResultRecorded', data: result(source) }, 'e'),
      ).toEqual([]);
    },
  );

  it('SessionResultRecorded refuses a source outside the union, naming the field', () => {
    expect(
      catalogue.validate({ type: 'SessionResultRecorded', data: result('guessed') }, 'e'),
    ).toEqual([
      {
        field: 'e.data.source',
        message: 'source must be one of the following values: imported, scored',
      },
    ]);
  });

  const assigned = (basis: string) => ({ competitionId: 'c1', pairId: 'p1', group: 'A', basis });

  it.each(['DSB-6', 'DSB-8', 'WL'] satisfies PairGroupAssigned['basis'][])(
    'PairGroupAssigned accepts basis %s (DSB-6, DSB-8)',
    (basis) => {
      expect(catalogue.validate({ type: 'PairGroupAssigned', data: assigned(basis) }, 'e')).toEqual(
        [],
      );
    },
  );

  it('PairGroupAssigned refuses a basis outside the union, naming the field', () => {
    expect(catalogue.validate({ type: 'PairGroupAssigned', data: assigned('DSB-7') }, 'e')).toEqual(
      [
        {
          field: 'e.data.basis',
          message: 'basis must be one of the following values: DSB-6, DSB-8, WL',
        },
      ],
    );
  });
});
