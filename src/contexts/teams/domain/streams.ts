import type { StreamHome } from '../../../kernel/decider';
import { TEAMS_STREAM_PREFIX } from '../facts/scope';

export { teamsStreamId, TEAMS_STREAM_PREFIX } from '../facts/scope';

/** Every teams fact's home: `teams-<data.eventId>` (docs/events.md); one elsewhere is not read. */
export const TEAMS_HOME: StreamHome = Object.freeze({
  prefix: TEAMS_STREAM_PREFIX,
  idField: 'eventId',
  elsewhere: 'unread',
});

export const isTeamsStream = (streamId: string) =>
  streamId.startsWith(TEAMS_STREAM_PREFIX) && streamId.length > TEAMS_STREAM_PREFIX.length;

/** The event of a `teams-<eventId>` stream. */
export const eventOfStream = (streamId: string) => streamId.slice(TEAMS_STREAM_PREFIX.length);
