import { readStreamTo } from '../../../audit/replay';
import { sessionState } from '../../../audit/published';
import type { EventStore } from '../../../store/event-store';
import { clubStreamId } from '../../club';
import { usebioOf } from '../../../import/usebio/write';
import { pbnOf } from '../../../import/pbn/write';
import { sessionSheetOf, UnknownSessionStreamError, type SessionSheet } from '../projection';

/**
 * A scored session's sheet as the ledger holds it now: its stream and its club's (the rulebook
 * whose `scoring` settings apply on its day), folded as its result is (`sessionState`), with the
 * stream's own facts for what the tables do not keep (contracts, leads, names).
 */
export async function sessionSheetAt(
  store: EventStore,
  sessionStreamId: string,
): Promise<SessionSheet> {
  const state = await sessionState(store, sessionStreamId);
  if (!state.boardSessions[sessionStreamId]) throw new UnknownSessionStreamError(sessionStreamId);
  const recorded = await readStreamTo(store, sessionStreamId, Number.POSITIVE_INFINITY);
  return sessionSheetOf(state, sessionStreamId, recorded);
}

/**
 * `export usebio`: a scored session as USEBIO 1.2, its header from the session's movement (the
 * club, the event, the winner type) and the club's registered name.
 */
export async function sessionUsebioAt(store: EventStore, sessionStreamId: string): Promise<string> {
  const sheet = await sessionSheetAt(store, sessionStreamId);
  return usebioOf(sheet, { ...(await headerOf(store, sessionStreamId)), version: '1.2' });
}

/** What an export names beside the sheet: the movement's club and event, the club's name. */
async function headerOf(store: EventStore, sessionStreamId: string) {
  const recorded = await readStreamTo(store, sessionStreamId, Number.POSITIVE_INFINITY);
  const m = recorded.find((e) => e.type === 'SessionMovementRecorded')!.data as {
    clubId: string;
    eventId: string;
    eventDescription?: string;
    winnerType: 1 | 2;
  };
  const club = (await readStreamTo(store, clubStreamId(m.clubId), Number.POSITIVE_INFINITY)).find(
    (e) => e.type === 'ClubRegistered',
  );
  const clubName = (club?.data as { name?: string } | undefined)?.name;
  return {
    clubId: m.clubId,
    ...(clubName ? { clubName } : {}),
    eventId: m.eventId,
    ...(m.eventDescription ? { eventDescription: m.eventDescription } : {}),
    winnerType: m.winnerType,
  };
}

/** `export pbn`: a scored session as PBN 2.1, its event named by the movement, its site the club. */
export async function sessionPbnAt(store: EventStore, sessionStreamId: string): Promise<string> {
  const sheet = await sessionSheetAt(store, sessionStreamId);
  const header = await headerOf(store, sessionStreamId);
  return pbnOf(sheet, {
    event: header.eventDescription ?? header.eventId,
    ...(header.clubName ? { site: header.clubName } : {}),
  });
}
