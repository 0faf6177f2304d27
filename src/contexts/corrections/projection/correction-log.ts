import { dict } from '../../../kernel/dict';
import { isLaterInstant } from '../../../kernel/instant';
import { onDocumentedStream } from '../../streams';
import { evolveCorrections, initialCorrectionsState, type CorrectionsState } from '../domain/state';
import { CORRECTION_FACT_TYPES } from '../domain/decider';
import type { CompetitionCalendarSource } from '../domain/calendar';
import type { RecordedEvent } from '../../../kernel/envelope';
import {
  RULEBOOK_HISTORY_TYPES,
  rulebookFactOf,
  type RulebookFactRecord,
} from '../../../rulebooks/rulebook-facts';
import type { Projection } from '../../../kernel/projection';
import { COMPETITION_HOME, competitionStreamId, SESSION_STREAM_PREFIX } from '../../pairs';

/** The facts behind one correction or appeal: each one's type, event id and position. */
export interface FactRef {
  type: string;
  eventId: string;
  position: number;
  occurredAt: string;
}

/** One club's part of the log: what its deadlines read, and its corrections and appeals. */
export interface ClubLogPart {
  /** The club's zone, from its ClubRegistered. */
  timeZone?: string;
  /** Its rulebook facts in ledger order (the rulebook in force on a session's day). */
  rulebook: RulebookFactRecord[];
  /** Its corrections stream folded as the corrections decider folds it. */
  stream: CorrectionsState;
  /** correctionId / appealId / rulingId → the facts behind it, in ledger order. */
  facts: Record<string, FactRef[]>;
  /**
   * Set for a league's part (its LeagueRegistered): the organising club, whose zone
   * and rulebook its deadlines read (LCBA-10.2 from the match's day).
   */
  organiser?: string;
}

/**
 * The correction log's read model: per club, its corrections stream folded as the
 * decider folds it, and what a deadline reads — the club's zone and rulebook facts, its
 * competitions' session days and links, its scored sessions' days. Whether a correction is late
 * is derived when the log is read (`correctionLogOf`), never stored.
 */
export interface CorrectionLogState {
  clubs: Record<string, ClubLogPart>;
  competitions: Record<string, CompetitionCalendarSource>;
  /** A scored session's stream → its club and day (its movement's). */
  sessions: Record<string, { clubId: string; date: string }>;
}

const CLUB = 'club:';
const COMPETITION = 'competition:';
const SESSION = 'session:';

const newClub = (): ClubLogPart => ({
  rulebook: [],
  stream: initialCorrectionsState(),
  facts: dict(),
});

const idOf = (type: string, d: Record<string, unknown>): string | undefined => {
  const id = type.startsWith('Correction')
    ? d.correctionId
    : type === 'RulingGiven'
      ? d.rulingId
      : d.appealId;
  return typeof id === 'string' ? id : undefined;
};

const COMPETITION_TYPES = new Set([
  'CompetitionCreated',
  'SessionHeld',
  'SessionScoredFromBoards',
  'SessionResultRecorded',
]);

/** The partition an event changes, if any. */
function keyOf(event: RecordedEvent): string | undefined {
  const d = (event.data ?? {}) as Record<string, unknown>;
  if (
    event.type === 'ClubRegistered' ||
    event.type === 'LeagueRegistered' ||
    event.type === 'RulebookAdopted' ||
    event.type === 'RulebookAmended' ||
    CORRECTION_FACT_TYPES.has(event.type)
  ) {
    const id = event.type === 'LeagueRegistered' ? d.leagueId : d.clubId;
    return typeof id === 'string' ? CLUB + id : undefined;
  }
  if (COMPETITION_TYPES.has(event.type)) {
    return typeof d.competitionId === 'string' ? COMPETITION + d.competitionId : undefined;
  }
  if (event.type === 'SessionMovementRecorded') return SESSION + event.streamId;
  return undefined;
}

export const correctionLog: Projection<CorrectionLogState> = {
  name: 'correction-log',
  // What apply reads (the rest leaves the state as it is): the clubs and leagues, rulebooks,
  // the competitions' calendars, links and scoring dates, and the corrections.
  reads: new Set([
    'ClubRegistered',
    'LeagueRegistered',
    ...RULEBOOK_HISTORY_TYPES,
    'CompetitionCreated',
    'SessionHeld',
    'SessionScoredFromBoards',
    'SessionResultRecorded',
    'SessionMovementRecorded',
    ...CORRECTION_FACT_TYPES,
  ]),
  // 2: a competition's sessions keep when their score was recorded (PIN-R28).
  // 3: a league's part names its organiser (its deadlines are the organiser's).
  version: 3,
  // A competition's facts fold into its calendar alone, a scored session's into its day: a
  // rebuild on several cores shares those streams out (the clubs' parts are everyone's).
  ownStreams: (streamId) =>
    streamId.startsWith(COMPETITION_HOME.prefix) || streamId.startsWith(SESSION_STREAM_PREFIX),
  initial: () => ({ clubs: dict(), competitions: dict(), sessions: dict() }),
  partitions: {
    streamOf(key) {
      if (key.startsWith(COMPETITION)) return competitionStreamId(key.slice(COMPETITION.length));
      return key.startsWith(SESSION) ? key.slice(SESSION.length) : undefined;
    },
    keysOf: (event) => {
      const key = keyOf(event);
      return key ? [key] : [];
    },
    *keys(state) {
      for (const id in state.clubs) yield CLUB + id;
      for (const id in state.competitions) yield COMPETITION + id;
      for (const id in state.sessions) yield SESSION + id;
    },
    get(state, key) {
      if (key.startsWith(CLUB)) return state.clubs[key.slice(CLUB.length)];
      if (key.startsWith(COMPETITION)) return state.competitions[key.slice(COMPETITION.length)];
      if (key.startsWith(SESSION)) return state.sessions[key.slice(SESSION.length)];
      return undefined;
    },
    // A competition's calendar and a session's date are read only by the facts that name them
    // (keyOf), so a rebuild may let them go once saved; a club's part it keeps.
    drop(state, key) {
      if (key.startsWith(COMPETITION)) delete state.competitions[key.slice(COMPETITION.length)];
      else if (key.startsWith(SESSION)) delete state.sessions[key.slice(SESSION.length)];
      else return false;
      return true;
    },
    // The same parts a service leaves in their save at its start, put back when a fact names
    // them (the correction log's answers are read from the store, not from the live state).
    cold: (key) => key.startsWith(COMPETITION) || key.startsWith(SESSION),
    put(state, key, value) {
      if (key.startsWith(CLUB)) state.clubs[key.slice(CLUB.length)] = value as ClubLogPart;
      else if (key.startsWith(COMPETITION))
        state.competitions[key.slice(COMPETITION.length)] = value as CompetitionCalendarSource;
      else if (key.startsWith(SESSION))
        state.sessions[key.slice(SESSION.length)] = value as { clubId: string; date: string };
    },
  },
  apply(state, event) {
    const d = (event.data ?? {}) as Record<string, unknown>;
    switch (event.type) {
      case 'ClubRegistered': {
        if (typeof d.clubId !== 'string') break;
        (state.clubs[d.clubId] ??= newClub()).timeZone = String(d.timeZone);
        break;
      }
      case 'LeagueRegistered': {
        if (typeof d.leagueId !== 'string' || typeof d.clubId !== 'string') break;
        if (!onDocumentedStream(event)) break;
        (state.clubs[d.leagueId] ??= newClub()).organiser ??= d.clubId;
        break;
      }
      case 'RulebookAdopted':
      case 'RulebookAmended': {
        if (typeof d.clubId !== 'string' || !onDocumentedStream(event)) break;
        const fact = rulebookFactOf(event.type, d, event.position);
        if (fact) (state.clubs[d.clubId] ??= newClub()).rulebook.push(fact);
        break;
      }
      case 'CompetitionCreated':
      case 'SessionHeld':
      case 'SessionScoredFromBoards':
      case 'SessionResultRecorded':
        if (onDocumentedStream(event)) foldCompetition(state, event.type, d, event.occurredAt);
        break;
      case 'SessionMovementRecorded':
        if (typeof d.clubId === 'string' && typeof d.date === 'string')
          state.sessions[event.streamId] = { clubId: d.clubId, date: d.date };
        break;
      default: {
        if (!CORRECTION_FACT_TYPES.has(event.type) || typeof d.clubId !== 'string') break;
        if (!onDocumentedStream(event)) break;
        const club = (state.clubs[d.clubId] ??= newClub());
        evolveCorrections(club.stream, {
          type: event.type,
          occurredAt: event.occurredAt,
          data: event.data,
        });
        const id = idOf(event.type, d);
        if (id === undefined) break;
        // Rulings and appeals share no id space with corrections: the kind prefixes the key.
        const key = `${event.type.startsWith('Correction') ? 'correction' : event.type === 'RulingGiven' ? 'ruling' : 'appeal'}:${id}`;
        (club.facts[key] ??= []).push({
          type: event.type,
          eventId: event.id,
          position: event.position,
          occurredAt: event.occurredAt,
        });
      }
    }
    return state;
  },
};

function foldCompetition(
  state: CorrectionLogState,
  type: string,
  d: Record<string, unknown>,
  occurredAt: string,
) {
  const id = d.competitionId as string;
  if (type === 'CompetitionCreated') {
    const before = state.competitions[id];
    state.competitions[id] = {
      competition: {
        competitionId: id,
        clubId: String(d.clubId),
        sessions: (d.sessions as CompetitionCalendarSource['competition']['sessions']) ?? [],
      },
      heldOn: before?.heldOn ?? {},
      links: before?.links ?? {},
      scoredAt: before?.scoredAt ?? {},
    };
    return;
  }
  const c = state.competitions[id];
  if (!c) return;
  if (type === 'SessionResultRecorded' || type === 'SessionScoredFromBoards') {
    // The latest result fact of a session: when its official score was made available.
    const session = Number(d.session);
    const scoredAt = (c.scoredAt ??= {});
    if (isLaterInstant(occurredAt, scoredAt[session])) scoredAt[session] = occurredAt;
  }
  if (type === 'SessionHeld' && typeof d.date === 'string') c.heldOn[Number(d.session)] = d.date;
  if (type === 'SessionScoredFromBoards' && typeof d.sessionStreamId === 'string')
    c.links[d.sessionStreamId] = Number(d.session);
}
