// What the corrections context's facts share: ids, streams, the facts a correction may target.
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';

/** An event id as the ledger writes it: a lowercase UUID. */
export const EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A stream id (letters, digits and _ . : @ -), as SessionScoredFromBoards names one. */
export const STREAM_ID = /^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,199}$/;

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
  // A club's teams event's match (played, or defaulted): the same match of the same round.
  TeamsMatchRecorded: ['eventId', 'matchId', 'round'],
  TeamsMatchDefaulted: ['eventId', 'matchId', 'round'],
  // A club's general meeting: a recount of a vote, the attendance recorded again (PIN-C21's
  // minutes corrected); the same vote of the same meeting, the same meeting.
  VoteTaken: ['meetingId', 'motionId', 'amendmentId'],
  AttendanceRecorded: ['meetingId'],
  BallotHeld: ['meetingId', 'post'],
  // A club's rubber evening: a card misread in a cut, a Table Up's leavers, a rubber's end (the
  // time PIN-R26 counts from), an arrival's time; the same table, the same unit. The facts
  // recorded after it are judged again with it (the rotation reads each from the one before).
  RubberTableMadeUp: ['sessionId', 'table'],
  RubberTableUpCalled: ['sessionId', 'table'],
  RubberCompleted: ['sessionId', 'table'],
  RubberUnitArrived: ['sessionId', 'unit'],
});

/**
 * The match facts of a club's own events (a teams event's played or defaulted match) that a
 * club's director may rule on from `corrections-<clubId>`, each with the field holding its day:
 * an appeal against the ruling counts its deadline from that day. A league's matches are ruled
 * on from the league's own stream.
 */
export const CLUB_MATCH_DAYS: Readonly<Record<string, string>> = Object.freeze({
  TeamsMatchRecorded: 'playedOn',
  TeamsMatchDefaulted: 'scheduledOn',
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
