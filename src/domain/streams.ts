import type { RulebookFactData } from '../events/contexts/rulebook';
import { COMPETITION_FACT_TYPES, competitionStreamId } from './competition/facts';

const COMPETITION_PREFIX = competitionStreamId('');
const CLUB_PREFIX = 'club-';

/** Rulebook facts: each belongs in its club's stream, `club-<clubId>` (docs/events.md). */
export const RULEBOOK_FACT_TYPES: ReadonlySet<string> = new Set([
  'RulebookAdopted',
  'RulebookAmended',
] satisfies (keyof RulebookFactData)[]);

export const clubStreamId = (clubId: string) => `${CLUB_PREFIX}${clubId}`;

/** Roster facts: each belongs in its club's roster stream, `club-<clubId>-players`. */
export const ROSTER_FACT_TYPES: ReadonlySet<string> = new Set([
  'PlayerRegistered',
  'PlayerStatusChanged',
]);

const ROSTER_SUFFIX = '-players';

export const rosterStreamId = (clubId: string) => `${CLUB_PREFIX}${clubId}${ROSTER_SUFFIX}`;

/** Whether a stream is a club's roster stream (`club-<id>-players`), whoever's. */
export const isRosterStream = (streamId: string) =>
  streamId.startsWith(CLUB_PREFIX) && streamId.endsWith(ROSTER_SUFFIX);

interface Home {
  prefix: string;
  idField: 'competitionId' | 'clubId';
}
// One object each: `onDocumentedStream` asks for every fact a projection folds.
const COMPETITION_HOME: Home = Object.freeze({
  prefix: COMPETITION_PREFIX,
  idField: 'competitionId',
});
const CLUB_HOME: Home = Object.freeze({ prefix: CLUB_PREFIX, idField: 'clubId' });

/** The stream prefix and id field of the facts placed here, by type. */
function homeOf(type: string): Home | undefined {
  if (COMPETITION_FACT_TYPES.has(type)) return COMPETITION_HOME;
  if (RULEBOOK_FACT_TYPES.has(type)) return CLUB_HOME;
  return undefined;
}

const idOf = (data: unknown, field: string): string =>
  String(
    typeof data === 'object' && data !== null
      ? (data as Record<string, unknown>)[field]
      : undefined,
  );

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
  const home = homeOf(type);
  if (!home) return undefined;
  const id = idOf(data, home.idField);
  return { streamId: home.prefix + id, idField: home.idField, id };
}

/**
 * Where a fact proposed for `streamId` must be appended: where `documentedStreamOf` places it;
 * and a roster fact proposed for a club's roster stream, in its own club's
 * (`club-<data.clubId>-players`), so that the stream and the club its data names never
 * disagree. The append gate refuses one anywhere else (LEDGER). A roster fact on another kind
 * of stream is not placed, and roster facts already in a ledger are read wherever they are, by
 * the club their data names (upcast from metadata.clubId for older versions).
 */
export function appendStreamOf(
  type: string,
  data: unknown,
  streamId: string,
): { streamId: string; idField: 'competitionId' | 'clubId'; id: string } | undefined {
  if (!ROSTER_FACT_TYPES.has(type)) return documentedStreamOf(type, data);
  if (!isRosterStream(streamId)) return undefined;
  const id = idOf(data, 'clubId');
  return { streamId: rosterStreamId(id), idField: 'clubId', id };
}

/** Whether a fact was found in the stream it belongs in (true for types not placed here). */
export function onDocumentedStream(event: {
  type: string;
  streamId?: string;
  data: unknown;
}): boolean {
  const home = homeOf(event.type);
  if (!home) return true;
  return isStream(event.streamId, home.prefix, idOf(event.data, home.idField));
}

/**
 * `onDocumentedStream` for a fact its caller knows to be a competition fact
 * (COMPETITION_FACT_TYPES): the type is not looked up again.
 */
export const onCompetitionStream = (event: { streamId?: string; data: unknown }): boolean =>
  isStream(event.streamId, COMPETITION_PREFIX, idOf(event.data, 'competitionId'));

/**
 * Whether `s` is `prefix` followed by `id`. Read for every fact a projection folds: compared
 * code by code in place, no stream id built (the generic startsWith/endsWith cost more).
 */
function isStream(s: string | undefined, prefix: string, id: string): boolean {
  if (s === undefined || s.length !== prefix.length + id.length) return false;
  for (let i = 0; i < prefix.length; i++)
    if (s.charCodeAt(i) !== prefix.charCodeAt(i)) return false;
  for (let i = 0; i < id.length; i++) {
    if (s.charCodeAt(prefix.length + i) !== id.charCodeAt(i)) return false;
  }
  return true;
}
