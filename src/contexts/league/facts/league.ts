// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import type { EventDefinition } from '../../../kernel/catalogue';
import { allOf, classSchema } from '../../../kernel/class-schema';
import type { FieldIssue } from '../../../kernel/issues';
import { ID_PATTERN, IsDay, IsInstant, IsLedgerId } from '../../../kernel/ids';

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

export const LEAGUE_STREAM_PREFIX = 'league-';
/** A league's stream: `league-<leagueId>`. */
export const leagueStreamId = (leagueId: string) => `${LEAGUE_STREAM_PREFIX}${leagueId}`;

export const SIDES = ['home', 'away'] as const;
export const OFFENDERS = ['home', 'away', 'both'] as const;
/** The rules a match is left unplayed or defaulted under (LCBA-5.2, 5.3, 7.5; 8 scores it). */
export const UNPLAYED_RULES = ['LCBA-5.2', 'LCBA-5.3', 'LCBA-7.5', 'LCBA-8'] as const;
export const WARNING_LEVELS = ['warning', 'final'] as const;

const EachId = (what: string) =>
  Matches(ID_PATTERN, {
    each: true,
    message: `each ${what} must be letters, digits and _ . : @ -`,
  });

class LeagueScope {
  @IsLedgerId('leagueId')
  leagueId!: string;
}

class LeagueRegisteredData extends LeagueScope {
  /** The organising club (the LCBA): its rulebook in force is the league's. */
  @IsLedgerId('clubId')
  clubId!: string;

  @IsString()
  @Length(1, 200)
  name!: string;

  /** e.g. `2009-10`. */
  @IsString()
  @Length(1, 20)
  season!: string;

  @IsDay('seasonStart')
  seasonStart!: string;

  @IsDay('seasonEnd')
  seasonEnd!: string;
}

class DivisionFormedData extends LeagueScope {
  /** LCBA-2.2: one hierarchy, 1 the strongest. */
  @IsInt()
  @Min(1)
  @Max(30)
  division!: number;

  @IsOptional()
  @IsString()
  @Length(1, 100)
  name?: string;
}

class LeagueTeamEnteredData extends LeagueScope {
  @IsLedgerId('teamId')
  teamId!: string;

  @IsLedgerId('club')
  club!: string;

  /** The team's letter within its club: A ranks above B in one division (LCBA-4.4). */
  @Matches(/^[A-Z]$/, { message: 'letter must be one capital letter A–Z' })
  letter!: string;

  @IsString()
  @Length(1, 200)
  name!: string;

  @IsString()
  @Length(1, 200)
  captain!: string;

  @IsString()
  @Length(1, 200)
  venue!: string;

  /** When the application reached the secretary (LCBA-2.1: late after the entry deadline). */
  @IsDay('enteredOn')
  enteredOn!: string;
}

class LateEntryFinedData extends LeagueScope {
  @IsLedgerId('teamId')
  teamId!: string;

  /** LCBA-2.1: up to `season.lateEntryMaxFine` VP (checked on append). */
  @IsNumber({ maxDecimalPlaces: 1, allowNaN: false, allowInfinity: false })
  @Min(0.5)
  @Max(100)
  vp!: number;

  @IsDay('finedOn')
  finedOn!: string;

  @IsString()
  @Length(1, 200)
  by!: string;
}

class TeamPlacedData extends LeagueScope {
  @IsLedgerId('teamId')
  teamId!: string;

  @IsInt()
  @Min(1)
  @Max(30)
  division!: number;
}

class LeagueStructurePublishedData extends LeagueScope {
  /** LCBA-2.5: the appeal window (the corrections context's AppealLodged) runs from it. */
  @IsInstant('publishedAt')
  publishedAt!: string;

  @IsString()
  @Length(1, 200)
  by!: string;
}

class FixtureScheduledData extends LeagueScope {
  @IsLedgerId('fixtureId')
  fixtureId!: string;

  /** Round robin 1 or 2 (home and away, LCBA-2.2), or 3 (LCBA-A, a real match). */
  @IsIn([1, 2, 3])
  round!: 1 | 2 | 3;

  @IsLedgerId('home')
  home!: string;

  @IsLedgerId('away')
  away!: string;

  /** The date originally scheduled (LCBA-5.5 reads it; a rearrangement does not change it). */
  @IsDay('scheduled')
  scheduled!: string;
}

class Rr3ElectionMadeData extends LeagueScope {
  @IsLedgerId('teamId')
  teamId!: string;

  /** Whether the team plays RR3 (LCBA-A2). */
  @IsBoolean()
  elects!: boolean;

  /** When the secretary was informed (LCBA-A2: by `rr3.electionDeadline`). */
  @IsDay('informedOn')
  informedOn!: string;
}

class LeaguePlayerRegisteredData extends LeagueScope {
  @IsLedgerId('playerId')
  playerId!: string;

  @IsString()
  @Length(1, 200)
  name!: string;
}

class SubscriptionPaidData extends LeagueScope {
  @IsLedgerId('playerId')
  playerId!: string;

  /** LCBA-4.1/4.2: a paid-up member from this day; before it, a non-member. */
  @IsDay('paidOn')
  paidOn!: string;
}

class TeamNominatedData extends LeagueScope {
  @IsLedgerId('teamId')
  teamId!: string;

  /** LCBA-4.4: `players.nominated` (eight) players (checked on append). */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @ArrayUnique({ message: 'players must name each player once' })
  @EachId('player')
  players!: string[];

  @IsDay('receivedOn')
  receivedOn!: string;

  /** LCBA-4.5: nominations change only with the LMSC's consent: who gave it. */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  changeConsentedBy?: string;
}

class TwoClubsApprovedData extends LeagueScope {
  @IsLedgerId('playerId')
  playerId!: string;

  /** LCBA-4.3: the clubs the player may play for this season. */
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(5)
  @ArrayUnique({ message: 'clubs must name each club once' })
  @EachId('club')
  clubs!: string[];

  @IsDay('approvedOn')
  approvedOn!: string;
}

class SubscriptionWarningIssuedData extends LeagueScope {
  @IsLedgerId('playerId')
  playerId!: string;

  /** LCBA-4.2: a warning, then a final warning (its 14 days run from `issuedOn`). */
  @IsIn(WARNING_LEVELS)
  level!: (typeof WARNING_LEVELS)[number];

  @IsDay('issuedOn')
  issuedOn!: string;
}

class LineUpPlayer {
  @IsLedgerId('playerId')
  playerId!: string;

  /** Boards played: required for each when more than eight played for the team (LCBA-6.8). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(24)
  boards?: number;
}

class MatchLineUpRecordedData extends LeagueScope {
  @IsLedgerId('fixtureId')
  fixtureId!: string;

  @IsDay('playedOn')
  playedOn!: string;

  @IsArray()
  @ArrayMaxSize(16)
  @ValidateNested({ each: true })
  @Type(() => LineUpPlayer)
  home!: LineUpPlayer[];

  @IsArray()
  @ArrayMaxSize(16)
  @ValidateNested({ each: true })
  @Type(() => LineUpPlayer)
  away!: LineUpPlayer[];
}

class MatchResultRecordedData extends LeagueScope {
  @IsLedgerId('fixtureId')
  fixtureId!: string;

  @IsDay('playedOn')
  playedOn!: string;

  /** `MatchInput` (src/contexts/league/model.ts): the boards, or the result form. */
  @IsDefined()
  @IsObject()
  result!: Record<string, unknown>;
}

// The two shapes of `result`, as MatchInput has them.
class TableResultData {
  @IsInt()
  @Min(1)
  @Max(24)
  board!: number;

  @IsIn([1, 2, 3, 4])
  table!: 1 | 2 | 3 | 4;

  @IsIn(['NS', 'EW'])
  homeSits!: 'NS' | 'EW';

  /** The North-South score (Law 77): a multiple of 10. */
  @IsInt()
  @Min(-7600)
  @Max(7600)
  nsScore!: number;
}

class FouledBoardData {
  @IsInt()
  @Min(1)
  @Max(24)
  board!: number;

  @IsIn([1, 2, 3, 4])
  table!: 1 | 2 | 3 | 4;

  @IsOptional()
  @IsIn(OFFENDERS)
  causedBy?: (typeof OFFENDERS)[number];
}

class IncompleteTableData {
  @IsIn([1, 2, 3, 4])
  table!: 1 | 2 | 3 | 4;

  @IsIn(SIDES)
  offender!: (typeof SIDES)[number];

  @IsInt()
  @Min(0)
  @Max(600)
  minutes!: number;
}

class UnplayedBoardData {
  @IsInt()
  @Min(1)
  @Max(24)
  board!: number;

  @IsIn([1, 2, 3, 4])
  table!: 1 | 2 | 3 | 4;

  @IsIn(SIDES)
  offender!: (typeof SIDES)[number];
}

class MatchBoardsData {
  @IsIn(['boards'])
  kind!: 'boards';

  /** LCBA-6.3: the league's boards, or the agreed number (checked on append). */
  @IsInt()
  @Min(1)
  @Max(24)
  boards!: number;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(12)
  @IsArray({ each: true })
  stanzas!: number[][];

  @IsArray()
  @ArrayMaxSize(96)
  @ValidateNested({ each: true })
  @Type(() => TableResultData)
  results!: TableResultData[];

  @IsArray()
  @ArrayMaxSize(96)
  @ValidateNested({ each: true })
  @Type(() => FouledBoardData)
  fouled!: FouledBoardData[];

  @IsArray()
  @ArrayMaxSize(4)
  @ValidateNested({ each: true })
  @Type(() => IncompleteTableData)
  incomplete!: IncompleteTableData[];

  @IsArray()
  @ArrayMaxSize(96)
  @ValidateNested({ each: true })
  @Type(() => UnplayedBoardData)
  unplayed!: UnplayedBoardData[];
}

class ResultFormData {
  @IsIn(['result-form'])
  kind!: 'result-form';

  @IsInt()
  @Min(1)
  @Max(24)
  boards!: number;

  /** The home team's net IMPs on each board, by board number. */
  @IsObject()
  homeImps!: Record<string, number>;
}

const BOARDS_SHAPE = classSchema(MatchBoardsData);
const FORM_SHAPE = classSchema(ResultFormData);

/** `result` in one of MatchInput's shapes, by its kind; a score a multiple of 10. */
function resultShape(data: unknown): FieldIssue[] {
  const r = (data as Record<string, unknown> | null)?.result;
  if (typeof r !== 'object' || r === null || Array.isArray(r)) return [];
  const result = r as Record<string, unknown>;
  const at = (issues: FieldIssue[]) =>
    issues.map((i) => ({ field: i.field ? `result.${i.field}` : 'result', message: i.message }));
  if (result.kind === 'boards') {
    const issues = at(BOARDS_SHAPE(result));
    const stanzas = Array.isArray(result.stanzas) ? result.stanzas : [];
    stanzas.forEach((s, i) => {
      if (Array.isArray(s) && s.some((b) => !Number.isInteger(b) || b < 1 || b > 24)) {
        issues.push({ field: `result.stanzas.${i}`, message: 'must list board numbers 1–24' });
      }
    });
    const results = Array.isArray(result.results) ? result.results : [];
    results.forEach((t: unknown, i) => {
      const score = (t as { nsScore?: unknown } | null)?.nsScore;
      if (Number.isInteger(score) && (score as number) % 10 !== 0) {
        issues.push({
          field: `result.results.${i}.nsScore`,
          message: 'must be a multiple of 10 (a duplicate score, Law 77)',
        });
      }
    });
    return issues;
  }
  if (result.kind === 'result-form') {
    const issues = at(FORM_SHAPE(result));
    const imps = result.homeImps;
    if (typeof imps === 'object' && imps !== null && !Array.isArray(imps)) {
      for (const [board, v] of Object.entries(imps)) {
        if (!/^[1-9]\d?$/.test(board)) {
          issues.push({ field: `result.homeImps.${board}`, message: 'must be a board number' });
        } else if (!Number.isInteger(v) || Math.abs(v as number) > 40) {
          issues.push({
            field: `result.homeImps.${board}`,
            message: 'must be a whole number of IMPs (−40 to 40)',
          });
        }
      }
    }
    return issues;
  }
  return [
    { field: 'result.kind', message: 'must be one of the following values: boards, result-form' },
  ];
}

class ResultFormReceivedData extends LeagueScope {
  @IsLedgerId('fixtureId')
  fixtureId!: string;

  /** LCBA-6.8: late when after `resultForm.days` days from the match. */
  @IsDay('receivedOn')
  receivedOn!: string;
}

class MatchUnplayedData extends LeagueScope {
  @IsLedgerId('fixtureId')
  fixtureId!: string;

  /** The side or sides at fault (LCBA-8.1–8.3). */
  @IsIn(OFFENDERS)
  offender!: (typeof OFFENDERS)[number];

  /** Why: defaulted by the secretary (LCBA-5.2, 5.3), withdrawn from (7.5), or unplayed (8). */
  @IsIn(UNPLAYED_RULES)
  rule!: (typeof UNPLAYED_RULES)[number];

  @IsDay('on')
  on!: string;

  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}

class MatchRearrangedData extends LeagueScope {
  @IsLedgerId('fixtureId')
  fixtureId!: string;

  /** The side that sought it (LCBA-5.4, 5.5: its club's players). */
  @IsIn(SIDES)
  soughtBy!: (typeof SIDES)[number];

  @IsOptional()
  @IsDay('newDate')
  newDate?: string;

  /** LCBA-5.5: players the secretary approved in advance to play both matches of one date. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @EachId('player')
  approvedPlayers?: string[];
}

class LeagueBallotDrawnData extends LeagueScope {
  @IsInt()
  @Min(1)
  @Max(30)
  division!: number;

  /** The teams still tied (LCBA-3.1.1 e). */
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(20)
  @ArrayUnique({ message: 'teams must name each team once' })
  @EachId('team')
  teams!: string[];

  /** The same teams in the order drawn, first placed highest. */
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(20)
  @EachId('team')
  order!: string[];
}

class ResultFormOffenceRatifiedData extends LeagueScope {
  @IsLedgerId('teamId')
  teamId!: string;

  /** The match whose form was late: the team's third (or later) offence (LCBA-6.8). */
  @IsLedgerId('fixtureId')
  fixtureId!: string;

  @IsDay('ratifiedOn')
  ratifiedOn!: string;
}

/** Each fact's data as TypeScript sees it: its schema class. */
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
