import type { SessionFactData } from '../../events/contexts/session';
import type { Decider } from '../../kernel/decider';

/** A scored session's stream begins so: `session-<clubId>-<eventId>-<session>[-<section>]`. */
export const SESSION_STREAM_PREFIX = 'session-';
const PREFIX = SESSION_STREAM_PREFIX;

/** The facts of a scored session (imported from USEBIO or PBN, or posted by a club system). */
export const SESSION_FACT_TYPES: ReadonlySet<string> = new Set([
  'SessionMovementRecorded',
  'SessionPairRegistered',
  'BoardResultRecorded',
  'AdjustedScoreAwarded',
  'BoardDatumRecorded',
] satisfies Array<keyof SessionFactData>);

/**
 * The session context: a scored session's stream, `session-<clubId>-<eventId>-<session>[-<section>]`
 * (src/import/facts.ts names it from the file). Its facts name no stream in their data, so they
 * belong on any session stream and on no other (LEDGER). Each fact's own rules (STD-SCORE: the
 * score agrees with contract and tricks; a result carries exactly the fields of its kind) are
 * the catalogue's, checked before the deciders; the scoring reads the stream as a whole, so
 * nothing here depends on the facts before.
 */
export const sessionDecider: Decider<undefined> = {
  name: 'session',
  owns: (streamId) => streamId.startsWith(PREFIX) && streamId.length > PREFIX.length,
  streams: 'session-<clubId>-<eventId>-<session>[-<section>]',
  factTypes: SESSION_FACT_TYPES,
  initialState: () => undefined,
  evolve: () => undefined,
  decide: (fact) => [fact],
};
