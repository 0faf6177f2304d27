import { RULEBOOK_HISTORY_TYPES } from '../../../rulebooks/rulebook-facts';
import { CORRECTION_FACT_TYPES } from '../../corrections';
import { dict } from '../../../kernel/dict';
import type { RecordedEvent } from '../../../kernel/envelope';
import { recordPartitions, type Projection } from '../../../kernel/projection';
import {
  rulebookClubOf,
  rulebookFactOf,
  type RulebookFactRecord,
} from '../../../rulebooks/rulebook-facts';
import { RUBBER_FACT_TYPES } from '../facts/catalogue';
import { isRubberStream, rubberStreamId, sessionOfRubberStream } from '../domain/streams';
import {
  correctedStreamOf,
  correctionClubOf,
  foldCorrectionInto,
  type CorrectableFact,
  type NotifiedCorrections,
} from '../../corrections';

/** One evening's stream, in ledger order (a corrected fact read as corrected), and its club. */
export interface RubberSessionRecord {
  sessionId: string;
  clubId?: string;
  position: number;
  facts: CorrectableFact[];
  /** Corrections of its facts notified on `corrections-<clubId>`, by id. */
  corrections?: NotifiedCorrections;
}

export interface RubberReadState {
  sessions: Record<string, RubberSessionRecord>;
  rulebooks: Record<string, RulebookFactRecord[]>;
}

const SESSION_KEY = 'session:';
const RULEBOOK_KEY = 'rulebook:';

/** A rubber fact read where the decider placed it: on `rubber-<sessionId>` of its session. */
function rubberSessionOf(event: RecordedEvent): string | undefined {
  if (!RUBBER_FACT_TYPES.has(event.type) || !isRubberStream(event.streamId)) return undefined;
  const sessionId = sessionOfRubberStream(event.streamId);
  return (event.data as { sessionId?: unknown } | null)?.sessionId === sessionId
    ? sessionId
    : undefined;
}

/** The evening a club's correction fact is about: the one it targets, or holds it pending. */
function correctedSessionOf(event: RecordedEvent, state?: RubberReadState): string | undefined {
  if (correctionClubOf(event) === undefined) return undefined;
  const target = correctedStreamOf(event);
  if (target !== undefined)
    return isRubberStream(target) ? sessionOfRubberStream(target) : undefined;
  const id = (event.data as { correctionId?: unknown } | null)?.correctionId;
  if (typeof id !== 'string' || !state) return undefined;
  return Object.values(state.sessions).find((r) => r.corrections?.[id] !== undefined)?.sessionId;
}

/**
 * The rubber read model: per evening, the facts of its stream as recorded (an accepted
 * correction's content in the corrected fact's place); per club, its rulebook facts. Nothing derived is kept: who sits where and who leaves next are the fold of an
 * evening's few hundred facts with the rules of its day (queries.ts), asked for on each read.
 */
export const rubberProjection: Projection<RubberReadState> = {
  name: 'rubber',
  // What apply reads (the rest leaves the state as it is): the rubber sessions, rulebooks and corrections.
  reads: new Set([...RUBBER_FACT_TYPES, ...RULEBOOK_HISTORY_TYPES, ...CORRECTION_FACT_TYPES]),
  version: 2,
  // Folds its own context's facts only; every other fact passes by a look at its type.
  rebuildWeight: 0.4,
  initial: () => ({ sessions: dict(), rulebooks: dict() }),
  partitions: recordPartitions<RubberReadState>(
    [
      [RULEBOOK_KEY, (s) => s.rulebooks],
      [SESSION_KEY, (s) => s.sessions],
    ],
    (event, state) => {
      const session = rubberSessionOf(event) ?? correctedSessionOf(event, state);
      if (session !== undefined) return [SESSION_KEY + session];
      const rb = rulebookClubOf(event);
      return rb !== undefined ? [RULEBOOK_KEY + rb] : [];
    },
  ),
  apply(state, event) {
    const corrected = correctedSessionOf(event, state);
    const evening = corrected !== undefined ? state.sessions[corrected] : undefined;
    if (evening) {
      evening.position = event.position;
      evening.corrections = foldCorrectionInto(
        evening.corrections,
        evening.facts,
        rubberStreamId(evening.sessionId),
        event,
      );
      return state;
    }
    const sessionId = rubberSessionOf(event);
    if (sessionId !== undefined) {
      const r = (state.sessions[sessionId] ??= { sessionId, position: 0, facts: [] });
      r.position = event.position;
      if (event.type === 'RubberSessionOpened' && r.clubId === undefined) {
        r.clubId = (event.data as { clubId: string }).clubId;
      }
      r.facts.push({ id: event.id, type: event.type, data: event.data });
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
