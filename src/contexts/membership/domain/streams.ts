import type { StreamHome } from '../../../kernel/decider';
import { MEMBERS_STREAM_PREFIX } from '../facts/membership';

export { membersStreamId, MEMBERS_STREAM_PREFIX } from '../facts/membership';

/**
 * Every membership fact's home: `members-<data.clubId>`, one stream per club (docs/events.md
 * says why). One found elsewhere never passed the membership decider: not read.
 */
export const MEMBERS_HOME: StreamHome = Object.freeze({
  prefix: MEMBERS_STREAM_PREFIX,
  idField: 'clubId',
  elsewhere: 'unread',
});

export const isMembersStream = (streamId: string) =>
  streamId.startsWith(MEMBERS_STREAM_PREFIX) && streamId.length > MEMBERS_STREAM_PREFIX.length;

/** The club of a `members-<clubId>` stream. */
export const clubOfMembersStream = (streamId: string) =>
  streamId.slice(MEMBERS_STREAM_PREFIX.length);
