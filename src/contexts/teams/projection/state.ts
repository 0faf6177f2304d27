import { dict } from '../../../kernel/dict';
import type { RecordedEvent } from '../../../kernel/envelope';
import { isHomeStream } from '../../../kernel/decider';
import type { Projection } from '../../../kernel/projection';
import { rulebookFactOf, type RulebookFactRecord } from '../../../rulebooks/rulebook-facts';
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
}

export interface TeamsReadState {
  events: Record<string, TeamsEventRecord>;
  /** Every club's rulebook facts (a few a club): the parameters an event is read under. */
  rulebooks: Record<string, RulebookFactRecord[]>;
  /** Per club, the event each correction of a teams match is of (its decision names only the id). */
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

function rulebookClubOf(event: RecordedEvent): string | undefined {
  if (event.type !== 'RulebookAdopted' && event.type !== 'RulebookAmended') return undefined;
  const clubId = (event.data as { clubId?: unknown } | null)?.clubId;
  return typeof clubId === 'string' ? clubId : undefined;
}

/** A club's correction fact: its club and the event it concerns (by its target, or the index). */
function correctionOf(
  event: RecordedEvent,
  state?: TeamsReadState,
): { clubId: string; eventId?: string } | undefined {
  if (
    !CORRECTION_FACT_TYPES.has(event.type) ||
    !event.streamId.startsWith(CORRECTION_STREAM_PREFIX)
  )
    return undefined;
  const clubId = event.streamId.slice(CORRECTION_STREAM_PREFIX.length);
  const d = event.data as {
    clubId?: unknown;
    correctionId?: unknown;
    target?: { streamId?: unknown };
  };
  if (d.clubId !== clubId || typeof d.correctionId !== 'string') return undefined;
  if (event.type === 'CorrectionNotified') {
    const stream = d.target?.streamId;
    return typeof stream === 'string' && isTeamsStream(stream)
      ? { clubId, eventId: eventOfStream(stream) }
      : undefined;
  }
  if (event.type !== 'CorrectionAccepted' && event.type !== 'CorrectionRejected') return undefined;
  return { clubId, ...(state ? { eventId: state.corrections?.[clubId]?.[d.correctionId] } : {}) };
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
  const corrections = (record.corrections ??= dict());
  record.position = event.position;
  if (event.type === 'CorrectionNotified') {
    if (corrections[d.correctionId]) return;
    corrections[d.correctionId] = {
      target: d.target!.eventId,
      corrected: d.corrected,
      status: 'pending',
    };
    ((state.corrections ??= dict())[clubId] ??= dict())[d.correctionId] = eventId;
    return;
  }
  const c = corrections[d.correctionId];
  if (!c || c.status !== 'pending') return;
  c.status = event.type === 'CorrectionAccepted' ? 'accepted' : 'rejected';
  if (c.status !== 'accepted') return;
  // Accepted: its content replaces the match where it stands (ledger order kept).
  const i = record.facts.findIndex((f) => f.id === c.target);
  if (i >= 0)
    record.facts[i] = { ...record.facts[i]!, data: c.corrected, correctedBy: d.correctionId };
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
  version: 1,
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
