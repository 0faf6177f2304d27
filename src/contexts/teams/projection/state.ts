import { dict } from '../../../kernel/dict';
import type { RecordedEvent } from '../../../kernel/envelope';
import { isHomeStream } from '../../../kernel/decider';
import type { Projection } from '../../../kernel/projection';
import { rulebookFactOf, type RulebookFactRecord } from '../../../rulebooks/rulebook-facts';
import { TEAMS_FACT_TYPES } from '../domain/decider';
import { TEAMS_HOME } from '../domain/streams';

/** One event's stream: its facts as recorded (type and data), in ledger order. */
export interface TeamsEventRecord {
  eventId: string;
  clubId?: string;
  /** The ledger position of the event's latest fact. */
  position: number;
  facts: Array<{ type: string; data: unknown }>;
}

export interface TeamsReadState {
  events: Record<string, TeamsEventRecord>;
  /** Every club's rulebook facts (a few a club): the parameters an event is read under. */
  rulebooks: Record<string, RulebookFactRecord[]>;
}

const EVENT_KEY = 'event:';
const RULEBOOK_KEY = 'rulebook:';

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

/**
 * The teams events read model: per event, the facts of its stream as recorded; per club, its
 * rulebook facts. No standing is kept: an answer folds the event's facts (a few hundred for a
 * season's event) and scores them under the rulebook in force, so a late correction costs one
 * fold, not a replay of the ledger (`npm run bench:teams`).
 */
export const teamsEventsProjection: Projection<TeamsReadState> = {
  name: 'teams-events',
  version: 1,
  initial: () => ({ events: dict(), rulebooks: dict() }),
  partitions: {
    keysOf: (event) => {
      const id = eventOf(event);
      if (id !== undefined) return [EVENT_KEY + id];
      const rb = rulebookClubOf(event);
      return rb !== undefined ? [RULEBOOK_KEY + rb] : [];
    },
    keys: (state) => [
      ...Object.keys(state.rulebooks).map((k) => RULEBOOK_KEY + k),
      ...Object.keys(state.events).map((k) => EVENT_KEY + k),
    ],
    get: (state, key) =>
      key.startsWith(EVENT_KEY)
        ? state.events[key.slice(EVENT_KEY.length)]
        : key.startsWith(RULEBOOK_KEY)
          ? state.rulebooks[key.slice(RULEBOOK_KEY.length)]
          : undefined,
    put: (state, key, value) => {
      if (key.startsWith(EVENT_KEY))
        state.events[key.slice(EVENT_KEY.length)] = value as TeamsEventRecord;
      else if (key.startsWith(RULEBOOK_KEY))
        state.rulebooks[key.slice(RULEBOOK_KEY.length)] = value as RulebookFactRecord[];
    },
  },
  apply(state, event) {
    const eventId = eventOf(event);
    if (eventId !== undefined) {
      const e = (state.events[eventId] ??= { eventId, position: 0, facts: [] });
      if (event.type === 'TeamsEventCreated') e.clubId = (event.data as { clubId: string }).clubId;
      e.position = event.position;
      e.facts.push({ type: event.type, data: event.data });
      return state;
    }
    const rb = rulebookClubOf(event);
    if (rb !== undefined) {
      const fact = rulebookFactOf(event.type, event.data, event.position);
      if (fact) (state.rulebooks[rb] ??= []).push(fact);
    }
    return state;
  },
};
