// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import type { EventDefinition } from '../../../kernel/catalogue';
import { allOf, classSchema } from '../../../kernel/class-schema';

// The facts of a scored session: the movement, the pairs, each traveller line and each
// director's adjusted score. Matchpoints, IMPs, datums, percentages and places are DERIVED
// (STD-MP, STD-NEUBERG, STD-BUTLER, STD-CROSSIMP) and are never stored: a projection or
// `bridge-ledger check` computes them from these facts.
import {
  AdjustedScoreAwardedData,
  AwardedPoints,
  BoardDatumRecordedData,
  WeightedPart,
  adjustedShape,
  datumShape,
} from './adjusted-scores';
import {
  ArtificialScore,
  BoardResultRecordedData,
  resultShape,
  scoreAgrees,
} from './board-results';
import { SessionMovementRecordedData, SessionPairRegisteredData } from './movement';
import { LateBoardRuledData, lateBoardShape } from './late-boards';
import { BoardDealRecordedData, dealShape } from './deals';

/** Each session fact's data as TypeScript sees it: its schema class. */
export interface SessionFactData {
  SessionMovementRecorded: SessionMovementRecordedData;
  SessionPairRegistered: SessionPairRegisteredData;
  BoardResultRecorded: BoardResultRecordedData;
  AdjustedScoreAwarded: AdjustedScoreAwardedData;
  BoardDatumRecorded: BoardDatumRecordedData;
  LateBoardRuled: LateBoardRuledData;
  BoardDealRecorded: BoardDealRecordedData;
}

export type {
  AdjustedScoreAwardedData,
  ArtificialScore,
  AwardedPoints,
  BoardDatumRecordedData,
  BoardDealRecordedData,
  WeightedPart,
  BoardResultRecordedData,
  LateBoardRuledData,
  SessionMovementRecordedData,
  SessionPairRegisteredData,
};

export const sessionEvents: Array<EventDefinition & { type: keyof SessionFactData }> = [
  {
    type: 'SessionMovementRecorded',
    schemaVersion: 1,
    description:
      'A session was played: club, event, date, session/section, scoring method (MP, butler, cross-IMP), one or two fields with their pairs, the boards and the results expected on each (N of STD-NEUBERG).',
    rules: ['STD-MP', 'STD-NEUBERG', 'STD-BUTLER', 'STD-CROSSIMP'],
    validate: classSchema(SessionMovementRecordedData),
  },
  {
    type: 'SessionPairRegistered',
    schemaVersion: 1,
    description:
      'A pair took part in a session: its number, field (places are per field: STD-MP) and direction, and its players (name, national number when given).',
    rules: ['STD-MP'],
    validate: classSchema(SessionPairRegisteredData),
  },
  {
    type: 'BoardResultRecorded',
    schemaVersion: 1,
    description:
      'One traveller line: board, NS and EW pairs, and the NS score alone, or the contract, declarer, lead and tricks with the NS score (which must agree) or without it (computed), STD-SCORE; or passed out; or an artificial score as NS%/EW% (STD-NEUBERG), possibly a sit-out against a phantom.',
    rules: ['STD-SCORE', 'STD-NEUBERG'],
    validate: allOf(classSchema(BoardResultRecordedData), resultShape, scoreAgrees),
  },
  {
    type: 'AdjustedScoreAwarded',
    schemaVersion: 1,
    description:
      "A director's adjusted score on a board for two pairs, with its reason: artificial (NS%/EW% of the top, Law 12C2, STD-NEUBERG), assigned (an NS score, Law 12C1, STD-SCORE), awarded (the points set by hand for each side) or weighted (NS scores with weights adding up to 1, Law 12C1(c)).",
    rules: ['STD-NEUBERG', 'STD-SCORE', 'STD-MP'],
    validate: allOf(classSchema(AdjustedScoreAwardedData), adjustedShape),
  },
  {
    type: 'BoardDatumRecorded',
    schemaVersion: 1,
    description:
      'The datum a butler session scores a board against, as the director or the scoring program gave it (NS points, a multiple of 10), instead of the one computed from the results (STD-BUTLER).',
    rules: ['STD-BUTLER'],
    validate: allOf(classSchema(BoardDatumRecordedData), datumShape),
  },
  {
    type: 'LateBoardRuled',
    schemaVersion: 1,
    description:
      "A board not started before the warning signal (DSB-19): the director's order for it at one table, replayed (its result recorded later as a line) or an artificial score for each side (A+, A or A−, valued by the club's scoring settings).",
    rules: ['DSB-19', 'STD-NEUBERG'],
    validate: allOf(classSchema(LateBoardRuledData), lateBoardShape),
  },
  {
    type: 'BoardDealRecorded',
    schemaVersion: 1,
    description:
      "A board's deal as the hand record prints it: the four hands (spades.hearts.diamonds.clubs each, 13 cards, 52 in all), the dealer and the vulnerability. Not scored: the session page shows it above the board's traveller.",
    rules: [],
    validate: allOf(classSchema(BoardDealRecordedData), dealShape),
  },
];

export {
  DIRECTIONS,
  DOUBLINGS,
  RESULT_KINDS,
  SCORING_METHODS,
  SEATS,
  STRAINS,
  type ResultKind,
  type ScoringMethod,
} from './movement';
export { ADJUSTMENT_KINDS, type AdjustmentKind } from './adjusted-scores';

/** The types of a scored session's facts: what its decider takes and its fold reads. */
export const SESSION_FACT_TYPES: ReadonlySet<string> = new Set(sessionEvents.map((e) => e.type));
