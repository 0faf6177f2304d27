// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import type { EventDefinition } from '../../../kernel/catalogue';
import { allOf, classSchema } from '../../../kernel/class-schema';
import type { FieldIssue } from '../../../kernel/issues';

/**
 * Facts of a league of teams (the LCBA League Rules 2009-10, RULES.md LCBA-*): its
 * structure (divisions in one hierarchy, teams and their entries, the structure published, the
 * fixtures, the RR3 elections), its players (membership paid, nominations, approvals, warnings)
 * and its matches (line-ups, results, result forms, defaults, rearrangements), with the ballots
 * and ratifications the secretary records. Scores, tables, who is barred and which matches are
 * lost are never facts: src/rulesets/lcba-league derives them.
 *
 * One stream per league, `league-<leagueId>`: every fact names its `leagueId` (docs/events.md
 * says why one stream holds the matches too). The league's rulebook is its organising club's
 * (`LeagueRegistered.clubId`: RulebookAdopted on `club-<clubId>`, preset `lcba-league-2009`).
 */
import {
  LeaguePlayerRegisteredData,
  LineUpPlayer,
  MatchLineUpRecordedData,
  SubscriptionPaidData,
  SubscriptionWarningIssuedData,
  TeamNominatedData,
  TwoClubsApprovedData,
} from './players';
import {
  LeagueBallotDrawnData,
  MatchRearrangedData,
  MatchResultRecordedData,
  MatchUnplayedData,
  ResultFormOffenceRatifiedData,
  ResultFormReceivedData,
  resultShape,
  SameDatePlayApprovedData,
} from './results';
import {
  DivisionFormedData,
  FixtureScheduledData,
  LateEntryFinedData,
  LeagueRegisteredData,
  LeagueStructurePublishedData,
  LeagueTeamEnteredData,
  Rr3ElectionMadeData,
  TeamPlacedData,
} from './structure';

export interface LeagueFactData {
  LeagueRegistered: LeagueRegisteredData;
  DivisionFormed: DivisionFormedData;
  LeagueTeamEntered: LeagueTeamEnteredData;
  LateEntryFined: LateEntryFinedData;
  TeamPlaced: TeamPlacedData;
  LeagueStructurePublished: LeagueStructurePublishedData;
  FixtureScheduled: FixtureScheduledData;
  Rr3ElectionMade: Rr3ElectionMadeData;
  LeaguePlayerRegistered: LeaguePlayerRegisteredData;
  SubscriptionPaid: SubscriptionPaidData;
  TeamNominated: TeamNominatedData;
  TwoClubsApproved: TwoClubsApprovedData;
  SubscriptionWarningIssued: SubscriptionWarningIssuedData;
  MatchLineUpRecorded: MatchLineUpRecordedData;
  MatchResultRecorded: MatchResultRecordedData;
  ResultFormReceived: ResultFormReceivedData;
  MatchUnplayed: MatchUnplayedData;
  MatchRearranged: MatchRearrangedData;
  SameDatePlayApproved: SameDatePlayApprovedData;
  LeagueBallotDrawn: LeagueBallotDrawnData;
  ResultFormOffenceRatified: ResultFormOffenceRatifiedData;
}

export type {
  DivisionFormedData,
  FixtureScheduledData,
  LateEntryFinedData,
  LeagueBallotDrawnData,
  LeaguePlayerRegisteredData,
  LeagueRegisteredData,
  LeagueStructurePublishedData,
  LeagueTeamEnteredData,
  LineUpPlayer,
  MatchLineUpRecordedData,
  MatchRearrangedData,
  MatchResultRecordedData,
  MatchUnplayedData,
  ResultFormOffenceRatifiedData,
  ResultFormReceivedData,
  Rr3ElectionMadeData,
  SameDatePlayApprovedData,
  SubscriptionPaidData,
  SubscriptionWarningIssuedData,
  TeamNominatedData,
  TeamPlacedData,
  TwoClubsApprovedData,
};

type LeagueDefinition = EventDefinition & { type: keyof LeagueFactData };

const def = (
  type: keyof LeagueFactData,
  rules: string[],
  description: string,
  validate: (d: unknown) => FieldIssue[],
): LeagueDefinition => ({ type, schemaVersion: 1, rules, description, validate });

export const leagueEvents: LeagueDefinition[] = [
  def(
    'LeagueRegistered',
    ['LCBA-2.2'],
    "A league and its season, run by a club whose rulebook in force on seasonStart scores the format 'lcba-league' (RulebookAdopted of lcba-league-2009 on club-<clubId>).",
    classSchema(LeagueRegisteredData),
  ),
  def(
    'DivisionFormed',
    ['LCBA-2.2', 'LCBA-2.4'],
    'A division of the single hierarchy (1 the strongest; division n after n − 1), before the structure is published.',
    classSchema(DivisionFormedData),
  ),
  def(
    'LeagueTeamEntered',
    ['LCBA-2.1'],
    'A team entered: its club, letter, name, captain, venue, and the day its entry reached the secretary (late after season.entryDeadline).',
    classSchema(LeagueTeamEnteredData),
  ),
  def(
    'LateEntryFined',
    ['LCBA-2.1'],
    'The secretary fines a late entry, up to season.lateEntryMaxFine VP.',
    classSchema(LateEntryFinedData),
  ),
  def(
    'TeamPlaced',
    ['LCBA-2.2', 'LCBA-2.4'],
    'A team placed in one division, before the structure is published.',
    classSchema(TeamPlacedData),
  ),
  def(
    'LeagueStructurePublished',
    ['LCBA-2.3', 'LCBA-2.4', 'LCBA-2.5'],
    'The league structure published, once: no division or placement after it (2.4); its publishedAt opens the appeal window (2.5).',
    classSchema(LeagueStructurePublishedData),
  ),
  def(
    'FixtureScheduled',
    ['LCBA-2.2', 'LCBA-A1', 'LCBA-A4', 'LCBA-5.5'],
    'A fixture between two teams of one division: home, away, round robin 1, 2 or 3 (a real RR3 match between electing teams), and the date originally scheduled.',
    classSchema(FixtureScheduledData),
  ),
  def(
    'Rr3ElectionMade',
    ['LCBA-A1', 'LCBA-A2'],
    'A team of a division with RR3 tells the secretary whether it plays RR3, by rr3.electionDeadline.',
    classSchema(Rr3ElectionMadeData),
  ),
  def(
    'LeaguePlayerRegistered',
    ['LCBA-4.1'],
    "A player the league's line-ups may name.",
    classSchema(LeaguePlayerRegisteredData),
  ),
  def(
    'SubscriptionPaid',
    ['LCBA-4.1', 'LCBA-4.2'],
    "A player's LCBA membership subscription paid, dated: a member from that day.",
    classSchema(SubscriptionPaidData),
  ),
  def(
    'TeamNominated',
    ['LCBA-4.4', 'LCBA-4.5'],
    "A club's nominations for one of its teams but its lowest: players.nominated players, received on a day; a change needs the LMSC's consent.",
    classSchema(TeamNominatedData),
  ),
  def(
    'TwoClubsApproved',
    ['LCBA-4.3'],
    'The LMSC approves a player playing for two (or more) clubs this season, from a day.',
    classSchema(TwoClubsApprovedData),
  ),
  def(
    'SubscriptionWarningIssued',
    ['LCBA-4.2'],
    "The secretary warns about a player's unpaid subscription: a warning, then a final warning.",
    classSchema(SubscriptionWarningIssuedData),
  ),
  def(
    'MatchLineUpRecorded',
    ['LCBA-6.2', 'LCBA-6.8', 'LCBA-4.3', 'LCBA-4.7'],
    'The players of each team in a match and the day it was played; boards per player when more than resultForm.boardsRecordedAbove played for a team.',
    classSchema(MatchLineUpRecordedData),
  ),
  def(
    'MatchResultRecorded',
    ['LCBA-6.3', 'LCBA-6.7', 'LCBA-7.2', 'LCBA-7.3', 'LCBA-7.4', 'LCBA-FOUL'],
    "A match's result in MatchInput's shape: every table's score on every board (stanzas, fouled boards, incomplete tables, boards unplayed), or the result form's net IMPs per board. Once per fixture: a correction goes through the corrections context.",
    allOf(classSchema(MatchResultRecordedData), resultShape),
  ),
  def(
    'ResultFormReceived',
    ['LCBA-6.8'],
    "The day the secretary received a match's result form.",
    classSchema(ResultFormReceivedData),
  ),
  def(
    'MatchUnplayed',
    ['LCBA-5.2', 'LCBA-5.3', 'LCBA-7.5', 'LCBA-8.1', 'LCBA-8.2', 'LCBA-8.3'],
    'A match unplayed or defaulted, with the offending side or both, and the rule.',
    classSchema(MatchUnplayedData),
  ),
  def(
    'MatchRearranged',
    ['LCBA-5.2', 'LCBA-5.4', 'LCBA-5.5'],
    'A fixture rearranged, the side that sought it, the new date and the players the secretary approved to play both matches of one original date.',
    classSchema(MatchRearrangedData),
  ),
  def(
    'SameDatePlayApproved',
    ['LCBA-5.5'],
    "The LS's specific prior approval, dated, for a player to play both matches originally scheduled for one date: given on or before the second match was played, it lifts LCBA-5.5's penalty.",
    classSchema(SameDatePlayApprovedData),
  ),
  def(
    'LeagueBallotDrawn',
    ['LCBA-3.1.1'],
    'A random ballot among teams of a division still tied (3.1.1 e), in the order drawn: recorded, so replays agree.',
    classSchema(LeagueBallotDrawnData),
  ),
  def(
    'ResultFormOffenceRatified',
    ['LCBA-6.8'],
    "The League Committee ratifies a team's third (or later) late result form: its penalty applies from ratifiedOn.",
    classSchema(ResultFormOffenceRatifiedData),
  ),
];

export {
  LEAGUE_STREAM_PREFIX,
  OFFENDERS,
  SIDES,
  UNPLAYED_RULES,
  WARNING_LEVELS,
  leagueStreamId,
} from './scope';
