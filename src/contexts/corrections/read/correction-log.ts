import { clubStreamId } from '../../club';
import { correctionsStreamId } from '../domain/streams';
import { leagueStreamId } from '../../league';
import { SESSION_STREAM_PREFIX } from '../../pairs';
import { correctionLog, correctionLogOf, type CorrectionLog } from '../projection';
import type { EventStore } from '../../../store/event-store';
import { directoryOf } from '../../../ledger/ledger-directory';
import {
  EVENTS_PER_TURN,
  nextTurn,
  readStreamTo as read,
  withinBounds,
} from '../../../audit/replay';
import type { AsOf } from '../../../audit/published';

/** A club the ledger has no fact of (no registration, no correction): 404. */
export class UnknownClubError extends Error {
  readonly code = 'STREAM_NOT_FOUND';
  constructor(
    readonly clubId: string,
    message = `no club ${clubId} in the ledger (no ClubRegistered, no corrections-${clubId} stream)`,
  ) {
    super(message);
  }
}

/** Which log is asked for: a club's (`/clubs/:id/corrections`), a league's, or either (CLI). */
export type LogOwner = 'club' | 'league' | 'either';

/** The log as of a moment, with the position it was read to and the streams it read. */
export type CorrectionLogView = CorrectionLog & { position: number; streams: string[] };

/**
 * A club's correction log, now or as of an instant or a position: folded from the
 * club's streams only — its own stream (registration, rulebook), its competitions' streams and
 * the session streams they link to (LedgerDirectory), its corrections stream, and the scored
 * sessions its corrections and rulings name — merged by position, so the deadlines read what
 * the deciders read when they judged.
 */
export async function correctionLogFromStore(
  store: EventStore,
  clubId: string,
  at: AsOf = {},
  owner: LogOwner = 'either',
): Promise<CorrectionLogView> {
  const keep = withinBounds({ asOf: at.asOf, toPosition: at.atPosition }); // a bad asOf throws
  const directory = directoryOf(store);
  await directory.catchUp();
  const to = Math.min(at.atPosition ?? Number.POSITIVE_INFINITY, directory.position);
  const own = correctionsStreamId(clubId);
  // A league's log reads its registration (its organiser) and the organiser's own
  // stream (zone, rulebook), not a club's competitions. Club and league ids never collide.
  const registered = (await read(store, leagueStreamId(clubId), to)).find(
    (e) => e.type === 'LeagueRegistered',
  );
  const organiser = (registered?.data as { clubId?: unknown } | undefined)?.clubId;
  const league = typeof organiser === 'string';
  if (league ? owner === 'club' : owner === 'league') {
    throw new UnknownClubError(
      clubId,
      league
        ? `${clubId} is a league, not a club: its correction log is GET /leagues/${clubId}/corrections`
        : `no league ${clubId} in the ledger (no LeagueRegistered on league-${clubId})`,
    );
  }
  const corrections = await read(store, own, to);
  const streams = new Set(league ? [clubStreamId(organiser)] : directory.streamsOfClub(clubId));
  for (const e of corrections) for (const s of sessionStreamsNamed(e.data)) streams.add(s);
  streams.delete(own);
  const events = [...corrections, ...(registered ? [registered] : [])];
  let n = 0;
  for (const s of streams) {
    for (const e of await read(store, s, to)) {
      if (++n % EVENTS_PER_TURN === 0) await nextTurn();
      events.push(e);
    }
  }
  events.sort((a, b) => a.position - b.position);
  let state = correctionLog.initial();
  let position = 0;
  for (const e of events) {
    if (!keep(e)) continue;
    state = correctionLog.apply(state, e, undefined);
    position = Math.max(position, e.position);
  }
  if (!state.clubs[clubId]) throw new UnknownClubError(clubId);
  return {
    ...correctionLogOf(state, clubId),
    position: directory.lastPosition({ asOf: at.asOf, toPosition: to }) || position,
    streams: [own, ...streams],
  };
}

/** The scored sessions a corrections fact names: a target's stream, a ruling's or an adjustment's. */
function sessionStreamsNamed(data: unknown): string[] {
  const d = (data ?? {}) as Record<string, unknown>;
  const out: string[] = [];
  const target = d.target as { streamId?: unknown } | undefined;
  const adjusted = d.adjusted as { sessionStreamId?: unknown } | undefined;
  for (const s of [target?.streamId, d.sessionStreamId, adjusted?.sessionStreamId]) {
    if (typeof s === 'string' && s.startsWith(SESSION_STREAM_PREFIX)) out.push(s);
  }
  return out;
}
