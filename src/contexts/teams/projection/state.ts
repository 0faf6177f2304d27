import { RULEBOOK_HISTORY_TYPES } from '../../../rulebooks/rulebook-facts';
import { dict } from '../../../kernel/dict';
import type { RecordedEvent } from '../../../kernel/envelope';
import { isHomeStream } from '../../../kernel/decider';
import type { Projection } from '../../../kernel/projection';
import {
  rulebookClubOf,
  rulebookFactOf,
  type RulebookFactRecord,
} from '../../../rulebooks/rulebook-facts';
import { CORRECTION_FACT_TYPES, CORRECTION_STREAM_PREFIX } from '../../corrections';
import { TEAMS_FACT_TYPES } from '../domain/decider';
import { eventOfStream, isTeamsStream, TEAMS_HOME } from '../domain/streams';

/** A fact of an event as the read model keeps it: an accepted correction's content in its place. */
export interface TeamsFactRecord {
  id: string;
  type: string;
  data: unknown;
  /** The correction whose content this is (the fact as first recorded is `id`). */
  correctedBy?: string;
  /** The upheld appeal whose corrected match this is, and the ruling it was against. */
  appealedBy?: { appealId: string; rulingId: string };
}

/** A correction of one of the event's matches, on its club's `corrections-<clubId>`. */
export interface TeamsCorrection {
  target: string;
  corrected: unknown;
  status: 'pending' | 'accepted' | 'rejected';
}

/** One event's stream: its facts as recorded (type and data), in ledger order. */
export interface TeamsEventRecord {
  eventId: string;
  clubId?: string;
  /** The ledger position of the event's latest fact (or correction) read. */
  position: number;
  facts: TeamsFactRecord[];
  corrections?: Record<string, TeamsCorrection>;
  /** The director's rulings on its matches (ruling id → the match fact's event id). */
  rulings?: Record<string, string>;
  /** The appeals against those rulings (appeal id → ruling id). */
  appeals?: Record<string, string>;
}

export interface TeamsReadState {
  events: Record<string, TeamsEventRecord>;
  /** Every club's rulebook facts (a few a club): the parameters an event is read under. */
  rulebooks: Record<string, RulebookFactRecord[]>;
  /**
   * Per club, the event each correction of a teams match is of (its decision names only the
   * id); rulings and appeals keyed `ruling/<id>` and `appeal/<id>` (no ledger id has a slash).
   */
  corrections?: Record<string, Record<string, string>>;
}

const EVENT_KEY = 'event:';
const RULEBOOK_KEY = 'rulebook:';
const CORRECTIONS_KEY = 'corrections:';

/** A teams fact read where the decider placed it (one elsewhere is not read, TEAMS_HOME). */
function eventOf(event: RecordedEvent): string | undefined {
  if (!TEAMS_FACT_TYPES.has(event.type) || !isHomeStream(TEAMS_HOME, event.streamId, event.data))
    return undefined;
  return (event.data as { eventId: string }).eventId;
}

/** The index key of a correction, a ruling or an appeal of a club's corrections stream. */
const indexKey = (event: RecordedEvent): string | undefined => {
  const d = event.data as { correctionId?: unknown; rulingId?: unknown; appealId?: unknown };
  if (event.type === 'RulingGiven')
    return typeof d.rulingId === 'string' ? `ruling/${d.rulingId}` : undefined;
  if (event.type === 'AppealLodged' || event.type === 'AppealDecided')
    return typeof d.appealId === 'string' ? `appeal/${d.appealId}` : undefined;
  return typeof d.correctionId === 'string' ? d.correctionId : undefined;
};

/** The teams event a fact of a club's corrections stream names itself (by its stream). */
function namedEvent(event: RecordedEvent, state?: TeamsReadState, clubId?: string) {
  const d = event.data as {
    target?: { streamId?: unknown };
    match?: { streamId?: unknown };
    against?: { rulingId?: unknown };
  };
  const stream =
    event.type === 'CorrectionNotified'
      ? d.target?.streamId
      : event.type === 'RulingGiven'
        ? d.match?.streamId
        : undefined;
  if (typeof stream === 'string') return isTeamsStream(stream) ? eventOfStream(stream) : undefined;
  // An appeal is of the event its ruling's match is of.
  const rulingId = event.type === 'AppealLodged' ? d.against?.rulingId : undefined;
  return typeof rulingId === 'string' && clubId !== undefined
    ? state?.corrections?.[clubId]?.[`ruling/${rulingId}`]
    : undefined;
}

const NAMING = new Set(['CorrectionNotified', 'RulingGiven', 'AppealLodged']);

/**
 * A club's correction, ruling or appeal fact: its club and the event it concerns (by its target
 * or match, or the index of the facts before it).
 */
function correctionOf(
  event: RecordedEvent,
  state?: TeamsReadState,
): { clubId: string; eventId?: string } | undefined {
  if (
    !CORRECTION_FACT_TYPES.has(event.type) ||
    event.type === 'AppealEscalated' ||
    !event.streamId.startsWith(CORRECTION_STREAM_PREFIX)
  )
    return undefined;
  const clubId = event.streamId.slice(CORRECTION_STREAM_PREFIX.length);
  const key = indexKey(event);
  if ((event.data as { clubId?: unknown }).clubId !== clubId || key === undefined) return undefined;
  if (NAMING.has(event.type)) {
    const eventId = namedEvent(event, state, clubId);
    // Without the state (a partition's keys), an appeal is routed by the club's index only.
    if (eventId === undefined && (event.type !== 'AppealLodged' || state)) return undefined;
    return { clubId, ...(eventId !== undefined ? { eventId } : {}) };
  }
  return { clubId, ...(state ? { eventId: state.corrections?.[clubId]?.[key] } : {}) };
}

/** Folds a club's correction of one of its events' matches into the event's record. */
function foldCorrection(
  state: TeamsReadState,
  event: RecordedEvent,
  clubId: string,
  eventId: string,
) {
  const record = state.events[eventId];
  if (!record || record.clubId !== clubId) return;
  const d = event.data as {
    correctionId: string;
    target?: { eventId: string };
    corrected?: unknown;
  };
  record.position = event.position;
  const index = ((state.corrections ??= dict())[clubId] ??= dict());
  switch (event.type) {
    case 'RulingGiven':
    case 'AppealLodged':
    case 'AppealDecided':
      return foldAppeal(record, event, index, eventId);
  }
  const corrections = (record.corrections ??= dict());
  if (event.type === 'CorrectionNotified') {
    if (corrections[d.correctionId]) return;
    corrections[d.correctionId] = {
      target: d.target!.eventId,
      corrected: d.corrected,
      status: 'pending',
    };
    index[d.correctionId] = eventId;
    return;
  }
  const c = corrections[d.correctionId];
  if (!c || c.status !== 'pending') return;
  c.status = event.type === 'CorrectionAccepted' ? 'accepted' : 'rejected';
  if (c.status !== 'accepted') return;
  // Accepted: its content replaces the match where it stands (ledger order kept).
  replaceMatch(record, c.target, c.corrected, { correctedBy: d.correctionId });
}

/** A match's fact replaced where it stands: by an accepted correction, or an upheld appeal. */
function replaceMatch(
  record: TeamsEventRecord,
  target: string,
  data: unknown,
  by: Pick<TeamsFactRecord, 'correctedBy' | 'appealedBy'>,
) {
  const i = record.facts.findIndex((f) => f.id === target);
  if (i < 0) return;
  const { id, type } = record.facts[i]!;
  record.facts[i] = { id, type, data, ...by };
}

/**
 * A director's ruling on one of the event's matches, the appeal against it, its decision: an
 * upheld appeal's corrected match replaces the match as an accepted correction does (NZ-13,
 * DSB-20.3); dismissed, or upheld with no corrected match, nothing changes.
 */
function foldAppeal(
  record: TeamsEventRecord,
  event: RecordedEvent,
  index: Record<string, string>,
  eventId: string,
) {
  const d = event.data as {
    rulingId?: string;
    appealId?: string;
    match?: { eventId: string };
    against?: { rulingId?: string };
    outcome?: string;
    corrected?: unknown;
  };
  if (event.type === 'RulingGiven') {
    (record.rulings ??= dict())[d.rulingId!] = d.match!.eventId;
    index[`ruling/${d.rulingId}`] = eventId;
    return;
  }
  if (event.type === 'AppealLodged') {
    (record.appeals ??= dict())[d.appealId!] = d.against!.rulingId!;
    index[`appeal/${d.appealId}`] = eventId;
    return;
  }
  const rulingId = record.appeals?.[d.appealId!];
  const target = rulingId !== undefined ? record.rulings?.[rulingId] : undefined;
  if (d.outcome !== 'upheld' || d.corrected === undefined || target === undefined) return;
  replaceMatch(record, target, d.corrected, {
    appealedBy: { appealId: d.appealId!, rulingId: rulingId! },
  });
}

/**
 * The teams events read model: per event, the facts of its stream as recorded (an accepted
 * correction's content in the corrected match's place); per club, its rulebook facts. No
 * standing is kept: an answer folds the event's facts (a few hundred for a season's event) and
 * scores them under the rulebook in force, so a late correction costs one fold of its event,
 * not a replay of the ledger (`npm run bench:teams`).
 */
export const teamsEventsProjection: Projection<TeamsReadState> = {
  name: 'teams-events',
  // What apply reads (the rest leaves the state as it is): its events, rulebooks and corrections.
  reads: new Set([...TEAMS_FACT_TYPES, ...RULEBOOK_HISTORY_TYPES, ...CORRECTION_FACT_TYPES]),
  // 2: rulings on matches and the appeals against them are kept per event.
  version: 2,
  // Folds its own context's facts only; every other fact passes by a look at its type.
  rebuildWeight: 0.4,
  initial: () => ({ events: dict(), rulebooks: dict(), corrections: dict() }),
  partitions: {
    keysOf: (event, state) => {
      const id = eventOf(event);
      if (id !== undefined) return [EVENT_KEY + id];
      const rb = rulebookClubOf(event);
      if (rb !== undefined) return [RULEBOOK_KEY + rb];
      const c = correctionOf(event, state);
      if (!c) return [];
      return [
        CORRECTIONS_KEY + c.clubId,
        ...(c.eventId !== undefined ? [EVENT_KEY + c.eventId] : []),
      ];
    },
    keys: (state) => [
      ...Object.keys(state.rulebooks).map((k) => RULEBOOK_KEY + k),
      ...Object.keys(state.corrections ?? {}).map((k) => CORRECTIONS_KEY + k),
      ...Object.keys(state.events).map((k) => EVENT_KEY + k),
    ],
    get: (state, key) =>
      key.startsWith(EVENT_KEY)
        ? state.events[key.slice(EVENT_KEY.length)]
        : key.startsWith(RULEBOOK_KEY)
          ? state.rulebooks[key.slice(RULEBOOK_KEY.length)]
          : key.startsWith(CORRECTIONS_KEY)
            ? state.corrections?.[key.slice(CORRECTIONS_KEY.length)]
            : undefined,
    put: (state, key, value) => {
      if (key.startsWith(EVENT_KEY))
        state.events[key.slice(EVENT_KEY.length)] = value as TeamsEventRecord;
      else if (key.startsWith(RULEBOOK_KEY))
        state.rulebooks[key.slice(RULEBOOK_KEY.length)] = value as RulebookFactRecord[];
      else if (key.startsWith(CORRECTIONS_KEY))
        (state.corrections ??= dict())[key.slice(CORRECTIONS_KEY.length)] = value as Record<
          string,
          string
        >;
    },
  },
  apply(state, event) {
    const eventId = eventOf(event);
    if (eventId !== undefined) {
      const e = (state.events[eventId] ??= { eventId, position: 0, facts: [] });
      if (event.type === 'TeamsEventCreated') e.clubId = (event.data as { clubId: string }).clubId;
      e.position = event.position;
      e.facts.push({ id: event.id, type: event.type, data: event.data });
      return state;
    }
    const rb = rulebookClubOf(event);
    if (rb !== undefined) {
      const fact = rulebookFactOf(event.type, event.data, event.position);
      if (fact) (state.rulebooks[rb] ??= []).push(fact);
      return state;
    }
    const c = correctionOf(event, state);
    if (c?.eventId !== undefined) foldCorrection(state, event, c.clubId, c.eventId);
    return state;
  },
};
