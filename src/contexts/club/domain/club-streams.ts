/**
 * The names of a club's streams, defined once: its own, `club-<clubId>` (registration and
 * rulebook facts: the club decider's), and its roster's, `club-<clubId>-players` (the roster
 * decider's).
 */
const PREFIX = 'club-';
const ROSTER_SUFFIX = '-players';

/** A club's stream: `club-<clubId>`. */
export const clubStreamId = (clubId: string) => `${PREFIX}${clubId}`;

/** A club's roster stream: `club-<clubId>-players`. */
export const rosterStreamId = (clubId: string) => `${PREFIX}${clubId}${ROSTER_SUFFIX}`;

/** Whether a stream is a club's roster stream (a club id between the two). */
export const isRosterStream = (streamId: string) =>
  streamId.startsWith(PREFIX) &&
  streamId.endsWith(ROSTER_SUFFIX) &&
  streamId.length > PREFIX.length + ROSTER_SUFFIX.length;

/** Whether a stream is a club's own stream (not its roster's). */
export const isClubStream = (streamId: string) =>
  streamId.startsWith(PREFIX) && !streamId.endsWith(ROSTER_SUFFIX);

/** The club of a club stream. */
export const clubOfClubStream = (streamId: string) => streamId.slice(PREFIX.length);

/** The club of a roster stream. */
export const clubOfRosterStream = (streamId: string) =>
  streamId.slice(PREFIX.length, -ROSTER_SUFFIX.length);

/** Where a club's and a roster's facts belong (`StreamHome`): the prefix, and the roster's suffix. */
export const CLUB_HOME = { prefix: PREFIX, idField: 'clubId' } as const;
export const ROSTER_HOME_SUFFIX = ROSTER_SUFFIX;
