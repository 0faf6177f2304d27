import type { StreamHome } from '../../../kernel/decider';
import { RUBBER_STREAM_PREFIX } from '../facts/scope';

export { rubberStreamId, RUBBER_STREAM_PREFIX } from '../facts/scope';

/** Every rubber fact's home: `rubber-<data.sessionId>`, one stream per evening. */
export const RUBBER_HOME: StreamHome = Object.freeze({
  prefix: RUBBER_STREAM_PREFIX,
  idField: 'sessionId',
  elsewhere: 'unread',
});

export const isRubberStream = (streamId: string) =>
  streamId.startsWith(RUBBER_STREAM_PREFIX) && streamId.length > RUBBER_STREAM_PREFIX.length;

/** The session of a `rubber-<sessionId>` stream. */
export const sessionOfRubberStream = (streamId: string) =>
  streamId.slice(RUBBER_STREAM_PREFIX.length);
