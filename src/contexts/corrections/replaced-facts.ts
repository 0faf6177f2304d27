import type { RecordedEvent } from '../../kernel/envelope';
import { dict } from '../../kernel/dict';
import { CORRECTION_FACT_TYPES } from './domain/decider';
import { CORRECTION_STREAM_PREFIX } from './domain/streams';

/** A fact of a stream as a read model keeps it: an accepted correction's content in its place. */
export interface CorrectableFact {
  id: string;
  type: string;
  data: unknown;
  /** The correction whose content this is (the fact as first recorded is `id`). */
  correctedBy?: string;
}

/** Corrections of a stream's facts notified on the club's corrections stream, by id. */
export type NotifiedCorrections = Record<
  string,
  { target: string; corrected: unknown; status: string }
>;

/** A club's correction fact (`corrections-<clubId>`): its club; undefined for any other fact. */
export function correctionClubOf(event: RecordedEvent): string | undefined {
  if (
    !CORRECTION_FACT_TYPES.has(event.type) ||
    !event.streamId.startsWith(CORRECTION_STREAM_PREFIX)
  )
    return undefined;
  const clubId = event.streamId.slice(CORRECTION_STREAM_PREFIX.length);
  return (event.data as { clubId?: unknown } | null)?.clubId === clubId ? clubId : undefined;
}

/** The stream a CorrectionNotified targets; undefined for any other fact. */
export const correctedStreamOf = (event: RecordedEvent): string | undefined =>
  event.type === 'CorrectionNotified'
    ? (event.data as { target?: { streamId?: string } } | null)?.target?.streamId
    : undefined;

/**
 * Folds a club's correction fact into a read model's record of one stream's facts: a correction
 * of one of them, notified, is kept; accepted, its content replaces the fact where it stands
 * (ledger order kept), so a replay to before the acceptance reads the fact as first recorded.
 * Returns the record's corrections (created when the first is notified).
 */
export function foldCorrectionInto(
  corrections: NotifiedCorrections | undefined,
  facts: CorrectableFact[],
  streamId: string,
  event: RecordedEvent,
): NotifiedCorrections | undefined {
  const d = event.data as {
    correctionId: string;
    target?: { eventId: string; streamId: string };
    corrected?: unknown;
  };
  if (event.type === 'CorrectionNotified') {
    if (d.target?.streamId !== streamId) return corrections;
    const out = corrections ?? dict<NotifiedCorrections[string]>();
    out[d.correctionId] ??= { target: d.target.eventId, corrected: d.corrected, status: 'pending' };
    return out;
  }
  const c = corrections?.[d.correctionId];
  if (!c || c.status !== 'pending') return corrections;
  if (event.type === 'CorrectionRejected') c.status = 'rejected';
  if (event.type !== 'CorrectionAccepted') return corrections;
  c.status = 'accepted';
  const i = facts.findIndex((f) => f.id === c.target);
  if (i >= 0) {
    const { id, type } = facts[i]!;
    facts[i] = { id, type, data: c.corrected, correctedBy: d.correctionId };
  }
  return corrections;
}
