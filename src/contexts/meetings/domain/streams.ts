import type { StreamHome } from '../../../kernel/decider';
import { MEETINGS_STREAM_PREFIX } from '../facts/scope';

export { meetingsStreamId, MEETINGS_STREAM_PREFIX } from '../facts/scope';

/**
 * Every meetings fact's home: `meetings-<data.clubId>`, one stream per club (a vote reads its
 * meeting's attendance, a call the officers elected before). One elsewhere is not read.
 */
export const MEETINGS_HOME: StreamHome = Object.freeze({
  prefix: MEETINGS_STREAM_PREFIX,
  idField: 'clubId',
  elsewhere: 'unread',
});

export const isMeetingsStream = (streamId: string) =>
  streamId.startsWith(MEETINGS_STREAM_PREFIX) && streamId.length > MEETINGS_STREAM_PREFIX.length;

/** The club of a `meetings-<clubId>` stream. */
export const clubOfMeetingsStream = (streamId: string) =>
  streamId.slice(MEETINGS_STREAM_PREFIX.length);
