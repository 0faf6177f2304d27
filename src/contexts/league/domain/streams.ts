import type { StreamHome } from '../../../kernel/decider';
import { LEAGUE_STREAM_PREFIX } from '../facts/league';

export { leagueStreamId, LEAGUE_STREAM_PREFIX } from '../facts/league';

/**
 * Every league fact's home: `league-<data.leagueId>`, the structure and the matches alike
 * (docs/events.md). One found elsewhere never passed the league decider: not read.
 */
export const LEAGUE_HOME: StreamHome = Object.freeze({
  prefix: LEAGUE_STREAM_PREFIX,
  idField: 'leagueId',
  elsewhere: 'unread',
});

export const isLeagueStream = (streamId: string) =>
  streamId.startsWith(LEAGUE_STREAM_PREFIX) && streamId.length > LEAGUE_STREAM_PREFIX.length;

/** The league of a `league-<leagueId>` stream. */
export const leagueOfStream = (streamId: string) => streamId.slice(LEAGUE_STREAM_PREFIX.length);
