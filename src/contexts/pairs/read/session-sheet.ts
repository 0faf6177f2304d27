import { sessionStateOf, sessionStreamsOf, type SessionStreams } from '../../../audit/published';
import type { EventStore } from '../../../store/event-store';
import {
  foldCorrectionInto,
  type CorrectableFact,
  type NotifiedCorrections,
} from '../../corrections';
import { usebioOf, type UsebioHeader } from '../../../import/usebio/write';
import { pbnOf } from '../../../import/pbn/write';
import { sessionSheetOf, UnknownSessionStreamError, type SessionSheet } from '../projection';

/**
 * The session's own facts as a reader sees them now: each in its place, an accepted
 * correction's content in place of the fact it corrects.
 */
function correctedFacts({ session, club }: SessionStreams, sessionStreamId: string) {
  const facts: CorrectableFact[] = session.map(({ id, type, data }) => ({ id, type, data }));
  let corrections: NotifiedCorrections | undefined;
  for (const e of club) corrections = foldCorrectionInto(corrections, facts, sessionStreamId, e);
  return facts;
}

/** What an export names beside the sheet: the movement's club and event, the club's name. */
function headerOf({ session, club }: SessionStreams): Omit<UsebioHeader, 'version'> {
  const m = session.find((e) => e.type === 'SessionMovementRecorded')!.data as {
    clubId: string;
    eventId: string;
    eventDescription?: string;
    winnerType: 1 | 2;
  };
  const registered = club.find((e) => e.type === 'ClubRegistered');
  const clubName = (registered?.data as { name?: string } | undefined)?.name;
  return {
    clubId: m.clubId,
    ...(clubName ? { clubName } : {}),
    eventId: m.eventId,
    ...(m.eventDescription ? { eventDescription: m.eventDescription } : {}),
    winnerType: m.winnerType,
  };
}

/**
 * A scored session's sheet as the ledger holds it now, with what an export names beside it:
 * its streams read once (the session's, its club's, its club's corrections), folded as its
 * result is, the session's facts with accepted corrections in place for what the tables do not
 * keep (contracts, leads, names, deals).
 */
async function sessionRecordAt(store: EventStore, sessionStreamId: string) {
  const streams = await sessionStreamsOf(store, sessionStreamId);
  const state = sessionStateOf(streams);
  if (!state.boardSessions[sessionStreamId]) throw new UnknownSessionStreamError(sessionStreamId);
  const sheet = sessionSheetOf(state, sessionStreamId, correctedFacts(streams, sessionStreamId));
  return { sheet, header: headerOf(streams) };
}

export async function sessionSheetAt(
  store: EventStore,
  sessionStreamId: string,
): Promise<SessionSheet> {
  return (await sessionRecordAt(store, sessionStreamId)).sheet;
}

/**
 * `export usebio`: a scored session as USEBIO 1.2, its header from the session's movement (the
 * club, the event, the winner type) and the club's registered name.
 */
export async function sessionUsebioAt(store: EventStore, sessionStreamId: string): Promise<string> {
  const { sheet, header } = await sessionRecordAt(store, sessionStreamId);
  return usebioOf(sheet, { ...header, version: '1.2' });
}

/** `export pbn`: a scored session as PBN 2.1, its event named by the movement, its site the club. */
export async function sessionPbnAt(store: EventStore, sessionStreamId: string): Promise<string> {
  const { sheet, header } = await sessionRecordAt(store, sessionStreamId);
  return pbnOf(sheet, {
    event: header.eventDescription ?? header.eventId,
    ...(header.clubName ? { site: header.clubName } : {}),
  });
}
