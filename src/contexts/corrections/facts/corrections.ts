// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import type { EventDefinition } from '../../../kernel/catalogue';
import { allOf, classSchema } from '../../../kernel/class-schema';

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
import {
  AppealAgainst,
  AppealDecidedData,
  AppealEscalatedData,
  AppealLodgedData,
  Deposit,
  MatchRef,
  Rubber,
  RulingGivenData,
  StructureRef,
} from './appeal-data';
import {
  CorrectionAcceptedData,
  CorrectionNotifiedData,
  CorrectionRejectedData,
  CorrectionTarget,
} from './correction-data';
import { StandingsPublishedData } from './publication-data';
import { adjustedAt, adjustedStream, againstShape, correctedShape } from './shapes';

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
      "A director's ruling: the session (scored session or competition session), the board, the score awarded (AdjustedScoreAwarded's shape) and the decision; at rubber bridge, the rubber (its table and when it ended, PIN-R26: an appeal is indicated before its end). On a league's corrections-<leagueId>, a ruling on a match result: match names its MatchResultRecorded (event id, stream, fixtureId, playedOn as recorded); an appeal against it is received within 7 days of the match (LCBA-10.2).",
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
      "An appeal decided: upheld (with the adjusted score and its session stream when it changes one; for a ruling on a match, corrected: the match as decided, the whole fact in its own schema — a league's MatchResultRecorded, LCBA-10.2, or a teams event's TeamsMatchRecorded or TeamsMatchDefaulted — which replaces the match in the tables) or dismissed; the deposit returned or forfeited; frivolous. An appeal out of time is decided only with heardLateBecause, the recorded reason to hear it anyway (LCBA-10.2, LCBA-2.5, DSB-20.3).",
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

export {
  CLUB_MATCH_DAYS,
  CORRECTABLE_TYPES,
  CORRECTION_STREAM_PREFIX,
  PUBLICATION_STREAM_PREFIX,
  TIME_CORRECTABLE_TYPES,
  correctionsStreamId,
  publicationsStreamId,
} from './scope';
export { APPEAL_OUTCOMES, DEPOSIT_OUTCOMES } from './appeal-data';
export { PUBLISHED_TABLES } from './publication-data';
