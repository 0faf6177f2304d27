import { MEMBERS_STREAM_PREFIX } from '../../membership';
import { MEETINGS_STREAM_PREFIX } from '../../meetings';
import {
  clubOfClubStream,
  clubOfRosterStream,
  clubStreamId,
  isClubStream,
  isRosterStream,
} from '../../club';
import { competitionStreamId } from '../../pairs';
import { CORRECTION_STREAM_PREFIX, PUBLICATION_STREAM_PREFIX } from '../../corrections';
import { isLeagueStream, leagueOfStream } from '../../league';
import { ACCESS_STREAM } from '../facts/access';
import type { EventStore } from '../../../store/event-store';
import { StreamNotFoundError } from '../../../store/errors';

/**
 * Whom a stream or a fact belongs to: a club, or a league (a league owns its streams;
 * a fact naming `leagueId` is the league's already). Keys are scoped the same way.
 */
export interface Owner {
  kind: 'club' | 'league';
  id: string;
}

/** How many facts of a stream are read to find the one naming its club (its first, as a rule). */
const LOOK_AHEAD = 20;

/**
 * The owner a fact's data names: its `leagueId` (a league's facts name the clubs of its teams
 * and its organising club too: they are still the league's), else its `clubId`.
 */
export function ownerOfData(data: unknown): Owner | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  if (typeof d.leagueId === 'string') return { kind: 'league', id: d.leagueId };
  if (typeof d.clubId === 'string') return { kind: 'club', id: d.clubId };
  return undefined;
}

/** The owner a stream's name gives (a club's own, roster, corrections, publications, members, meetings; a league's). */
export function ownerOfStreamName(streamId: string): Owner | undefined {
  const club = (id: string): Owner | undefined => (id ? { kind: 'club', id } : undefined);
  if (isLeagueStream(streamId)) return { kind: 'league', id: leagueOfStream(streamId) };
  if (isRosterStream(streamId)) return club(clubOfRosterStream(streamId));
  if (isClubStream(streamId)) return club(clubOfClubStream(streamId));
  for (const prefix of [
    CORRECTION_STREAM_PREFIX,
    PUBLICATION_STREAM_PREFIX,
    MEMBERS_STREAM_PREFIX,
    MEETINGS_STREAM_PREFIX,
  ]) {
    if (streamId.startsWith(prefix)) return club(streamId.slice(prefix.length));
  }
  return undefined;
}

export const sameOwner = (a: Owner, b: Owner) => a.kind === b.kind && a.id === b.id;

/**
 * Which club (or league) a stream belongs to, as the domain documents its streams
 * (src/contexts/streams.ts): by its name for a club's own streams, else by the club its first
 * facts name — a competition's is its CompetitionCreated's `clubId`, a scored session's its
 * SessionMovementRecorded's. Found once per stream (a stream's first facts never change); and
 * whether a club's tables are private (its latest ClubTablesVisibilitySet on `club-<clubId>`),
 * caught up from that stream's last revision on each ask.
 */
export class StreamOwners {
  private readonly found = new Map<string, Owner>();
  private readonly visibility = new Map<string, { revision: number; private: boolean }>();

  constructor(private readonly store: EventStore) {}

  /** The stream's owner; undefined for a stream of no club (or none yet). */
  async ofStream(streamId: string): Promise<Owner | undefined> {
    if (streamId === ACCESS_STREAM) return undefined;
    const named = ownerOfStreamName(streamId);
    // corrections-<id> is a club's or a league's: its facts' leagueId says which.
    if (named && !streamId.startsWith(CORRECTION_STREAM_PREFIX)) return named;
    const known = this.found.get(streamId);
    if (known) return known;
    try {
      for await (const e of this.store.readStream(streamId, { maxCount: LOOK_AHEAD })) {
        const owner = ownerOfData(e.data);
        if (owner) {
          this.found.set(streamId, owner);
          return owner;
        }
      }
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
    return undefined;
  }

  /** A competition's club (its CompetitionCreated's), undefined when there is none yet. */
  ofCompetition(competitionId: string): Promise<Owner | undefined> {
    return this.ofStream(competitionStreamId(competitionId));
  }

  /** Whether the club marked its published tables private (ClubTablesVisibilitySet). */
  async tablesPrivate(clubId: string): Promise<boolean> {
    const seen = this.visibility.get(clubId) ?? { revision: -1, private: false };
    try {
      for await (const e of this.store.readStream(clubStreamId(clubId), {
        fromRevision: seen.revision + 1,
      })) {
        seen.revision = e.revision;
        const d = e.data as { clubId?: unknown; tables?: unknown };
        if (e.type === 'ClubTablesVisibilitySet' && d.clubId === clubId) {
          seen.private = d.tables === 'private';
        }
      }
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
    this.visibility.set(clubId, seen);
    return seen.private;
  }
}
