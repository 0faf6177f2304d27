import { COMPETITION_FACT_TYPES, competitionStreamId } from './competition/facts';

/** Rulebook facts: each belongs in its club's stream, `club-<clubId>` (docs/events.md). */
export const RULEBOOK_FACT_TYPES: ReadonlySet<string> = new Set([
  'RulebookAdopted',
  'RulebookAmended',
]);

export const clubStreamId = (clubId: string) => `club-${clubId}`;

/**
 * Where a fact of this type belongs, as docs/events.md documents it: a competition fact in
 * `competition-<data.competitionId>`, a rulebook fact in `club-<data.clubId>`. Undefined for
 * the types this does not place (the roster, the session context …). The append gate refuses
 * such a fact anywhere else (LEDGER); the competitions projection does not read one found
 * elsewhere (a ledger written before the gate checked it).
 */
export function documentedStreamOf(
  type: string,
  data: unknown,
): { streamId: string; idField: 'competitionId' | 'clubId'; id: string } | undefined {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (COMPETITION_FACT_TYPES.has(type)) {
    const id = String(d.competitionId);
    return { streamId: competitionStreamId(id), idField: 'competitionId', id };
  }
  if (RULEBOOK_FACT_TYPES.has(type)) {
    const id = String(d.clubId);
    return { streamId: clubStreamId(id), idField: 'clubId', id };
  }
  return undefined;
}

/** Whether a fact was found in the stream it belongs in (true for types not placed here). */
export function onDocumentedStream(event: {
  type: string;
  streamId?: string;
  data: unknown;
}): boolean {
  // Read for every fact a projection folds: compared in place, no stream id built.
  const prefix = COMPETITION_FACT_TYPES.has(event.type)
    ? 'competition-'
    : RULEBOOK_FACT_TYPES.has(event.type)
      ? 'club-'
      : undefined;
  if (prefix === undefined) return true;
  const d = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<
    string,
    unknown
  >;
  const id = String(prefix === 'club-' ? d.clubId : d.competitionId);
  const s = event.streamId;
  return (
    s !== undefined &&
    s.length === prefix.length + id.length &&
    s.startsWith(prefix) &&
    s.endsWith(id)
  );
}
