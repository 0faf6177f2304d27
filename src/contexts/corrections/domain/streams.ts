import type { StreamHome } from '../../../kernel/decider';
import { CORRECTION_STREAM_PREFIX, PUBLICATION_STREAM_PREFIX } from '../facts/corrections';

export {
  correctionsStreamId,
  publicationsStreamId,
  CORRECTION_STREAM_PREFIX,
  PUBLICATION_STREAM_PREFIX,
} from '../facts/corrections';

/** A club's corrections, rulings and appeals: `corrections-<data.clubId>` (LEDGER elsewhere). */
export const CORRECTIONS_HOME: StreamHome = Object.freeze({
  prefix: CORRECTION_STREAM_PREFIX,
  idField: 'clubId',
  // Every one passes the corrections decider: one found elsewhere never did.
  elsewhere: 'unread',
});

/** A club's publications: `publications-<data.clubId>`. */
export const PUBLICATIONS_HOME: StreamHome = Object.freeze({
  prefix: PUBLICATION_STREAM_PREFIX,
  idField: 'clubId',
  elsewhere: 'unread',
});

const ownsWith = (prefix: string) => (streamId: string) =>
  streamId.startsWith(prefix) && streamId.length > prefix.length;

export const isCorrectionsStream = ownsWith(CORRECTION_STREAM_PREFIX);
export const isPublicationsStream = ownsWith(PUBLICATION_STREAM_PREFIX);

/** The club of a `corrections-<clubId>` or `publications-<clubId>` stream. */
export const clubOfCorrectionsStream = (streamId: string) =>
  streamId.slice(CORRECTION_STREAM_PREFIX.length);
export const clubOfPublicationsStream = (streamId: string) =>
  streamId.slice(PUBLICATION_STREAM_PREFIX.length);
