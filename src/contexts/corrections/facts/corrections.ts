// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
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
import { IsInstant, IsLedgerId } from '../../../kernel/ids';
import { sessionEvents } from '../../pairs/facts/session';

/**
 * Facts of corrections, rulings, appeals and publication. A correction names the
 * fact it corrects by event id and carries the corrected content in that fact's own shape; a
 * director's ruling, an appeal against it (or against a published decision), its decision and
 * its escalation are facts too. Whether a correction or an appeal is late is never stored: it
 * is derived from its occurredAt (or receivedAt), the target's session and the rulebook in
 * force (parameter groups `corrections` and `appeals`: NZ-13, LCBA-10.2, LCBA-2.5, DSB-20.3).
 *
 * Streams: `corrections-<clubId>` (every fact below but StandingsPublished) and
 * `publications-<clubId>` (StandingsPublished). Every fact names its `clubId`. A league's
 * corrections of its matches are on `corrections-<leagueId>`, `clubId` the league's
 * id: the league is the correction's "club" (a league's key covers that stream).
 */

/** An event id as the ledger writes it: a lowercase UUID. */
const EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A stream id (letters, digits and _ . : @ -), as SessionScoredFromBoards names one. */
const STREAM_ID = /^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,199}$/;

/**
 * The fact types a correction may correct, each with its identity fields: the corrected
 * content keeps them (the same session result of the same pair, the same traveller line), so
 * a projection applies it as the original's replacement under the same key.
 */
export const CORRECTABLE_TYPES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  SessionResultRecorded: ['competitionId', 'session', 'pairId'],
  BoardResultRecorded: ['board', 'line', 'nsPair', 'ewPair'],
  AdjustedScoreAwarded: ['board', 'nsPair', 'ewPair'],
  SubstitutePlayed: ['competitionId', 'session', 'pairId'],
  AbsenceNotified: ['competitionId', 'session', 'pairId'],
  PairEntered: ['competitionId', 'pairId'],
  PartnershipPlayersNamed: ['competitionId', 'session', 'pairId'],
  // A league's match (its result, or its default), corrected on the league's own
  // corrections stream `corrections-<leagueId>` (the league is the correction's "club").
  // The match's day is identity too: LCBA-10.2's 7 days run from it, and a correction that
  // moved it would move its own deadline (and the match out of an as-of table).
  MatchResultRecorded: ['leagueId', 'fixtureId', 'playedOn'],
  MatchUnplayed: ['leagueId', 'fixtureId', 'on'],
});

/**
 * The correctable types whose own time (their envelope's occurredAt) a table reads, so that a
 * correction may correct it too (`correctedOccurredAt`): an absence's notice time decides
 * whether it came by DSB-9.1's deadline (DSB-9.2 or DSB-9.5). For every other type the time is
 * only when it was recorded, and a corrected time is refused.
 */
export const TIME_CORRECTABLE_TYPES: Readonly<Record<string, boolean>> = Object.freeze({
  AbsenceNotified: true,
});

export const CORRECTION_STREAM_PREFIX = 'corrections-';
export const PUBLICATION_STREAM_PREFIX = 'publications-';
/** A club's corrections, rulings and appeals: `corrections-<clubId>`. */
export const correctionsStreamId = (clubId: string) => `${CORRECTION_STREAM_PREFIX}${clubId}`;
/** A club's publications of its tables: `publications-<clubId>`. */
export const publicationsStreamId = (clubId: string) => `${PUBLICATION_STREAM_PREFIX}${clubId}`;

class CorrectionTarget {
  /** The event id of the fact corrected (for a correction of a correction: the same target). */
  @Matches(EVENT_ID, { message: 'eventId must be a lowercase UUID (an event id)' })
  eventId!: string;

  /** The stream the fact corrected is stored in (checked against the store). */
  @Matches(STREAM_ID, { message: 'streamId must be a stream id (letters, digits and _ . : @ -)' })
  streamId!: string;

  /** The type of the fact corrected: one of CORRECTABLE_TYPES (checked on append, LEDGER). */
  @IsString()
  @Length(1, 100)
  type!: string;
}

class CorrectionNotifiedData {
  @IsLedgerId('clubId')
  clubId!: string;

  /**
   * On a league's corrections stream, the league (the same id as \`clubId\`): the
   * fact is the league's, and a league's key appends it. Absent on a club's.
   */
  @IsOptional()
  @IsLedgerId('leagueId')
  leagueId?: string;

  /** Unique in the club's corrections stream. */
  @IsLedgerId('correctionId')
  correctionId!: string;

  @IsDefined()
  @ValidateNested()
  @Type(() => CorrectionTarget)
  target!: CorrectionTarget;

  /**
   * The full corrected data of the target's type, in that type's own schema, with the target's
   * identity fields (CORRECTABLE_TYPES). Checked on append against the stored target.
   */
  @IsDefined()
  @IsObject()
  corrected!: Record<string, unknown>;

  /**
   * The target's corrected time (its occurredAt), for a type whose time the tables read
   * (TIME_CORRECTABLE_TYPES: an absence's notice, DSB-9.1); absent, the original's time stands.
   * Checked on append: not for another type, and not after the correction's own occurredAt.
   */
  @IsOptional()
  @IsInstant('correctedOccurredAt')
  correctedOccurredAt?: string;

  @IsString()
  @Length(1, 200)
  notifiedBy!: string;

  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}

class CorrectionAcceptedData {
  @IsLedgerId('clubId')
  clubId!: string;

  /**
   * On a league's corrections stream, the league (the same id as \`clubId\`): the
   * fact is the league's, and a league's key appends it. Absent on a club's.
   */
  @IsOptional()
  @IsLedgerId('leagueId')
  leagueId?: string;

  @IsLedgerId('correctionId')
  correctionId!: string;

  @IsString()
  @Length(1, 200)
  by!: string;

  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;

  /** Required to accept a correction notified after its deadline (NZ-13): why it is accepted. */
  @IsOptional()
  @IsString()
  @Length(1, 500)
  lateAcceptedBecause?: string;
}

class CorrectionRejectedData {
  @IsLedgerId('clubId')
  clubId!: string;

  /**
   * On a league's corrections stream, the league (the same id as \`clubId\`): the
   * fact is the league's, and a league's key appends it. Absent on a club's.
   */
  @IsOptional()
  @IsLedgerId('leagueId')
  leagueId?: string;

  @IsLedgerId('correctionId')
  correctionId!: string;

  @IsString()
  @Length(1, 200)
  by!: string;

  @IsString()
  @Length(1, 500)
  reason!: string;

  /** The rule the rejection rests on, e.g. NZ-13 for a late correction. */
  @IsOptional()
  @IsString()
  @Length(1, 40)
  rule?: string;
}

/** PIN-R26: the rubber a ruling was given in, as the Duty Member writes it up after it. */
class Rubber {
  /** The table, as the card room names it (optional: a club with one table names none). */
  @IsOptional()
  @IsString()
  @Length(1, 100)
  table?: string;

  /** When the rubber ended: an appeal must be indicated before it (PIN-R26). */
  @IsInstant('endedAt')
  endedAt!: string;
}

/**
 * The league match a ruling is on: its MatchResultRecorded by event id, its fixture
 * and the day it was played (LCBA-10.2: an appeal within 7 days of the match). Checked on
 * append against the stored fact: the league's, that fixture's, that day.
 */
class MatchRef {
  @Matches(EVENT_ID, { message: 'eventId must be a lowercase UUID (an event id)' })
  eventId!: string;

  /** The league's stream `league-<leagueId>` (checked against the store). */
  @Matches(STREAM_ID, { message: 'streamId must be a stream id (letters, digits and _ . : @ -)' })
  streamId!: string;

  @IsLedgerId('fixtureId')
  fixtureId!: string;

  /** The match's day (YYYY-MM-DD), as its MatchResultRecorded's playedOn. */
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'playedOn must be a date YYYY-MM-DD' })
  playedOn!: string;
}

class RulingGivenData {
  @IsLedgerId('clubId')
  clubId!: string;

  /** On a league's corrections stream, the league (as CorrectionNotified's). */
  @IsOptional()
  @IsLedgerId('leagueId')
  leagueId?: string;

  /** A league's ruling is on a match result (required there, refused on a club's). */
  @IsOptional()
  @IsObject({ message: 'match must be an object: { eventId, streamId, fixtureId, playedOn }' })
  @ValidateNested()
  @Type(() => MatchRef)
  match?: MatchRef;

  @IsLedgerId('rulingId')
  rulingId!: string;

  @IsString()
  @Length(1, 200)
  director!: string;

  /** The scored session the ruling is on (its board results' stream). */
  @IsOptional()
  @Matches(STREAM_ID, {
    message: 'sessionStreamId must be a stream id (letters, digits and _ . : @ -)',
  })
  sessionStreamId?: string;

  @IsOptional()
  @IsLedgerId('competitionId')
  competitionId?: string;

  /** The competition's session the ruling is on (its date starts the appeal's clock). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(60)
  session?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  board?: number;

  /** The score awarded, in AdjustedScoreAwarded's shape (checked by that type's schema). */
  @IsOptional()
  @IsObject()
  awarded?: Record<string, unknown>;

  @IsString()
  @Length(1, 1000)
  decision!: string;

  /**
   * A ruling at rubber bridge: its rubber and when it ended (PIN-R26: an appeal is indicated
   * before the end of the rubber). Checked on append: not before the ruling's session.
   */
  @IsOptional()
  @IsObject({ message: 'rubber must be an object: { table?, endedAt }' })
  @ValidateNested()
  @Type(() => Rubber)
  rubber?: Rubber;
}

class Deposit {
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(100000)
  amount!: number;

  /** ISO 4217, e.g. GBP, NZD, EUR. */
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code such as GBP' })
  currency!: string;
}

/** LCBA-2.5: the league's LeagueStructurePublished, by its event id. */
class StructureRef {
  @Matches(EVENT_ID, { message: 'eventId must be a lowercase UUID (an event id)' })
  eventId!: string;

  /** The league's stream `league-<leagueId>` (checked against the store). */
  @Matches(STREAM_ID, { message: 'streamId must be a stream id (letters, digits and _ . : @ -)' })
  streamId!: string;
}

/** What an appeal is against: a director's ruling, or a published decision (LCBA-2.5). */
class AppealAgainst {
  @IsOptional()
  @IsLedgerId('rulingId')
  rulingId?: string;

  /** A published decision, e.g. "league structure 2009-2010" (LCBA-2.5). */
  @IsOptional()
  @IsString()
  @Length(1, 500)
  decision?: string;

  /** When the decision was published: its appeal's clock starts then. */
  @IsOptional()
  @IsInstant('publishedAt')
  publishedAt?: string;

  /**
   * LCBA-2.5: the league structure appealed against, its publication named by event
   * id. Checked on append: a LeagueStructurePublished of the league whose corrections stream
   * takes the appeal, and `publishedAt` the instant it records (the window is the ledger's).
   */
  @IsOptional()
  @ValidateNested()
  @Type(() => StructureRef)
  structure?: StructureRef;
}

class AppealLodgedData {
  @IsLedgerId('clubId')
  clubId!: string;

  /** On a league's corrections stream, the league (as CorrectionNotified's). */
  @IsOptional()
  @IsLedgerId('leagueId')
  leagueId?: string;

  @IsLedgerId('appealId')
  appealId!: string;

  @IsDefined()
  @ValidateNested()
  @Type(() => AppealAgainst)
  against!: AppealAgainst;

  @IsString()
  @Length(1, 200)
  by!: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => Deposit)
  deposit?: Deposit;

  /** When the appeal was received: the deadline (LCBA-10.2, LCBA-2.5, DSB-20.3) reads it. */
  @IsInstant('receivedAt')
  receivedAt!: string;
}

export const APPEAL_OUTCOMES = ['upheld', 'dismissed'] as const;
export const DEPOSIT_OUTCOMES = ['returned', 'forfeited'] as const;

class AppealDecidedData {
  @IsLedgerId('clubId')
  clubId!: string;

  /** On a league's corrections stream, the league (as CorrectionNotified's). */
  @IsOptional()
  @IsLedgerId('leagueId')
  leagueId?: string;

  @IsLedgerId('appealId')
  appealId!: string;

  @IsIn(APPEAL_OUTCOMES)
  outcome!: (typeof APPEAL_OUTCOMES)[number];

  /**
   * The adjusted score when an upheld appeal changes one: AdjustedScoreAwarded's data and the
   * `sessionStreamId` it applies to (checked by that type's schema).
   */
  @IsOptional()
  @IsObject()
  adjusted?: Record<string, unknown>;

  /** What becomes of the deposit; required when the appeal carried one. */
  /**
   * An upheld appeal against a league's ruling on a match: the match's result as the
   * appeal decides it, the whole MatchResultRecorded in its own schema (same leagueId and
   * fixtureId); it replaces the match's result in the tables (LCBA-10.2). Checked on append.
   */
  @IsOptional()
  @IsObject()
  corrected?: Record<string, unknown>;

  @IsOptional()
  @IsIn(DEPOSIT_OUTCOMES)
  deposit?: (typeof DEPOSIT_OUTCOMES)[number];

  @IsOptional()
  @IsBoolean()
  frivolous?: boolean;

  @IsString()
  @Length(1, 200)
  by!: string;

  @IsInstant('decidedAt')
  decidedAt!: string;

  /**
   * Required to decide an appeal received after its deadline (LCBA-10.2, LCBA-2.5, DSB-20.3):
   * why the board hears it anyway. Without it the board does not hear an appeal out of time.
   */
  @IsOptional()
  @IsString()
  @Length(1, 500)
  heardLateBecause?: string;
}

class AppealEscalatedData {
  @IsLedgerId('clubId')
  clubId!: string;

  /** On a league's corrections stream, the league (as CorrectionNotified's). */
  @IsOptional()
  @IsLedgerId('leagueId')
  leagueId?: string;

  @IsLedgerId('appealId')
  appealId!: string;

  @IsString()
  @Length(1, 200)
  by!: string;

  /** When the escalation was received (LCBA-10.2.2: within 14 days of the decision). */
  @IsInstant('receivedAt')
  receivedAt!: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => Deposit)
  deposit?: Deposit;
}

export const PUBLISHED_TABLES = ['standings', 'championship', 'c-points', 'session'] as const;

class StandingsPublishedData {
  @IsLedgerId('clubId')
  clubId!: string;

  @IsIn(PUBLISHED_TABLES)
  table!: (typeof PUBLISHED_TABLES)[number];

  @IsOptional()
  @IsLedgerId('competitionId')
  competitionId?: string;

  @IsOptional()
  @IsString()
  @Length(1, 20)
  season?: string;

  @IsOptional()
  @Matches(STREAM_ID, {
    message: 'sessionStreamId must be a stream id (letters, digits and _ . : @ -)',
  })
  sessionStreamId?: string;

  /** The ledger position the published table was computed at. */
  @IsInt()
  @Min(0)
  atPosition!: number;

  @IsString()
  @Length(1, 200)
  publishedBy!: string;
}

const ADJUSTED = sessionEvents.find((d) => d.type === 'AdjustedScoreAwarded')!;

/** An AdjustedScoreAwarded's data at `field` (with `extra` fields allowed beside it). */
function adjustedAt(field: string, extra: readonly string[] = []) {
  return (data: unknown): FieldIssue[] => {
    if (typeof data !== 'object' || data === null) return [];
    const value = (data as Record<string, unknown>)[field];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    const own = { ...(value as Record<string, unknown>) };
    for (const f of extra) delete own[f];
    return ADJUSTED.validate(own).map((i) => ({
      field: i.field ? `${field}.${i.field}` : field,
      message: i.message,
    }));
  };
}

/** The stream the adjusted score of an upheld appeal applies to. */
function adjustedStream(data: unknown): FieldIssue[] {
  const d = data as Record<string, unknown> | null;
  const a = d?.adjusted as Record<string, unknown> | undefined;
  if (typeof a !== 'object' || a === null) return [];
  const issues: FieldIssue[] = [];
  if (typeof a.sessionStreamId !== 'string' || !STREAM_ID.test(a.sessionStreamId)) {
    issues.push({
      field: 'adjusted.sessionStreamId',
      message: 'is required: the scored session (its stream id) the adjusted score applies to',
    });
  }
  if (d?.outcome === 'dismissed') {
    issues.push({ field: 'adjusted', message: 'is not part of a dismissed appeal' });
  }
  return issues;
}

/** A league match's corrected result is an upheld appeal's, and not beside an adjusted score. */
function correctedShape(data: unknown): FieldIssue[] {
  const d = data as Record<string, unknown> | null;
  if (d?.corrected === undefined) return [];
  if (d.outcome !== 'upheld')
    return [{ field: 'corrected', message: 'is not part of a dismissed appeal' }];
  if (d.adjusted !== undefined)
    return [
      {
        field: 'adjusted',
        message: 'is a session’s adjusted score: a league match’s appeal gives corrected only',
      },
    ];
  return [];
}

/** An appeal is against a ruling, or against a published decision with its publication. */
function againstShape(data: unknown): FieldIssue[] {
  const a = (data as Record<string, unknown> | null)?.against as
    Record<string, unknown> | undefined;
  if (typeof a !== 'object' || a === null) return [];
  if (a.rulingId !== undefined) {
    return a.decision !== undefined || a.publishedAt !== undefined || a.structure !== undefined
      ? [
          {
            field: 'against',
            message: 'is a rulingId, or a decision and its publishedAt, not both',
          },
        ]
      : [];
  }
  const issues: FieldIssue[] = [];
  if (a.decision === undefined)
    issues.push({
      field: 'against.rulingId',
      message:
        'is required: the appeal is against nothing (give a rulingId, or a decision and its publishedAt)',
    });
  if (a.decision !== undefined && a.publishedAt === undefined)
    issues.push({
      field: 'against.publishedAt',
      message: 'is required with a decision: when it was published',
    });
  return issues;
}

/** Each fact's data as TypeScript sees it: its schema class. */
export interface CorrectionFactData {
  CorrectionNotified: CorrectionNotifiedData;
  CorrectionAccepted: CorrectionAcceptedData;
  CorrectionRejected: CorrectionRejectedData;
  RulingGiven: RulingGivenData;
  AppealLodged: AppealLodgedData;
  AppealDecided: AppealDecidedData;
  AppealEscalated: AppealEscalatedData;
}

export interface PublicationFactData {
  StandingsPublished: StandingsPublishedData;
}

export type {
  AppealAgainst,
  AppealDecidedData,
  AppealEscalatedData,
  AppealLodgedData,
  CorrectionAcceptedData,
  CorrectionNotifiedData,
  CorrectionRejectedData,
  CorrectionTarget,
  Deposit,
  MatchRef,
  Rubber,
  RulingGivenData,
  StandingsPublishedData,
  StructureRef,
};

export const correctionEvents: Array<EventDefinition & { type: keyof CorrectionFactData }> = [
  {
    type: 'CorrectionNotified',
    schemaVersion: 1,
    description:
      "A correction of a recorded fact (by event id: a session or board result, an adjusted score, a substitute, an absence, a pair's composition; on a league's corrections-<leagueId>, a match's result or default, LCBA-10.2 from the match's day), with the corrected content in that fact's own shape and its identity fields; a correction of a correction names the same target and supersedes it. correctedOccurredAt corrects the target's own time where a table reads it (an absence's notice, DSB-9.1), never after the correction. occurredAt is when it was notified: late after the rulebook's deadline (NZ-13), derived, never stored.",
    rules: ['NZ-13'],
    validate: classSchema(CorrectionNotifiedData),
  },
  {
    type: 'CorrectionAccepted',
    schemaVersion: 1,
    description:
      'The director or secretary accepts a notified correction (a late one only with lateAcceptedBecause, NZ-13); the tables apply it from its position.',
    rules: ['NZ-13'],
    validate: classSchema(CorrectionAcceptedData),
  },
  {
    type: 'CorrectionRejected',
    schemaVersion: 1,
    description:
      'The director or secretary rejects a notified correction, with a reason and the rule.',
    rules: ['NZ-13'],
    validate: classSchema(CorrectionRejectedData),
  },
  {
    type: 'RulingGiven',
    schemaVersion: 1,
    description:
      "A director's ruling: the session (scored session or competition session), the board, the score awarded (AdjustedScoreAwarded's shape) and the decision; at rubber bridge, the rubber (its table and when it ended, PIN-R26: an appeal is indicated before its end). On a league's corrections-<leagueId> (issue 18), a ruling on a match result: match names its MatchResultRecorded (event id, stream, fixtureId, playedOn as recorded); an appeal against it is received within 7 days of the match (LCBA-10.2).",
    rules: ['LCBA-10.2', 'DSB-20.3', 'PIN-R26', 'PIN-R28'],
    validate: allOf(classSchema(RulingGivenData), adjustedAt('awarded')),
  },
  {
    type: 'AppealLodged',
    schemaVersion: 1,
    description:
      'An appeal against a ruling or a published decision (a league structure: its LeagueStructurePublished by event id, the window from its publishedAt, LCBA-2.5), by whom, its deposit, when received; one out of time (LCBA-10.2, LCBA-2.5, DSB-20.3, PIN-R26, PIN-R28) is recorded, never lost, and refused by the rule: its lateness is derived from receivedAt, never stored, and the board does not hear it (AppealDecided needs heardLateBecause).',
    rules: ['LCBA-10.2', 'LCBA-2.5', 'DSB-20.3', 'PIN-R26', 'PIN-R28'],
    validate: allOf(classSchema(AppealLodgedData), againstShape),
  },
  {
    type: 'AppealDecided',
    schemaVersion: 1,
    description:
      "An appeal decided: upheld (with the adjusted score and its session stream when it changes one; for a league's ruling on a match, corrected: the match's whole MatchResultRecorded as decided, which replaces the match's result in the tables, LCBA-10.2) or dismissed; the deposit returned or forfeited; frivolous. An appeal out of time is decided only with heardLateBecause, the recorded reason to hear it anyway (LCBA-10.2, LCBA-2.5, DSB-20.3).",
    rules: ['LCBA-10.2', 'LCBA-2.5', 'DSB-20.3'],
    validate: allOf(
      classSchema(AppealDecidedData),
      adjustedAt('adjusted', ['sessionStreamId']),
      adjustedStream,
      correctedShape,
    ),
  },
  {
    type: 'AppealEscalated',
    schemaVersion: 1,
    description:
      "An appeal against the decision on an appeal (LCBA-10.2.2: received within 14 days of the decision, the rulebook's deposit).",
    rules: ['LCBA-10.2'],
    validate: classSchema(AppealEscalatedData),
  },
];

export const publicationEvents: Array<EventDefinition & { type: keyof PublicationFactData }> = [
  {
    type: 'StandingsPublished',
    schemaVersion: 1,
    description:
      'A table was published (standings, championship, C points or a session), as computed at a ledger position, by whom: "what was published on 12 March" is a fact (DSB-7.3).',
    rules: ['DSB-7.3'],
    validate: classSchema(StandingsPublishedData),
  },
];
