import { readStreamTo } from '../../../audit/replay';
import { sessionState } from '../../../audit/published';
import type { EventStore } from '../../../store/event-store';
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
