import { readStreamTo } from '../../../audit/replay';
import { fold } from '../../../kernel/projection';
import type { EventStore } from '../../../store/event-store';
import { clubRoster, clubStreamId, rosterStreamId } from '../../club';
import { competitionStreamId } from '../domain/facts';
import { pairNamesFrom, playerNamesFrom } from '../projection/pair-names';

const all = (store: EventStore, streamId: string) =>
  readStreamTo(store, streamId, Number.POSITIVE_INFINITY);

/** A club's roster, read from its two streams only (its own and its players'). */
async function rosterOf(store: EventStore, clubId: string) {
  const events = [
    ...(await all(store, clubStreamId(clubId))),
    ...(await all(store, rosterStreamId(clubId))),
  ];
  const state = fold(
    clubRoster,
    events.sort((a, b) => a.position - b.position),
  );
  return state.clubs[clubId]?.players ?? {};
}

/**
 * A competition's pairs by their players' names, for a CLI table: read from the competition's
 * stream (its club, its entries) and its club's roster, not from the whole ledger.
 */
export async function pairNamesAt(
  store: EventStore,
  competitionId: string,
): Promise<Record<string, string>> {
  const facts = await all(store, competitionStreamId(competitionId));
  const created = facts.find((e) => e.type === 'CompetitionCreated');
  const clubId = (created?.data as { clubId?: string } | undefined)?.clubId;
  if (clubId === undefined) return {};
  const entries = new Map<string, string[]>();
  for (const e of facts) {
    if (e.type !== 'PairEntered') continue;
    const d = e.data as { pairId: string; players: unknown[] };
    entries.set(d.pairId, d.players.map(String));
  }
  return pairNamesFrom(entries, await rosterOf(store, clubId));
}

/** A club's players by name, for a CLI table (its roster's two streams only). */
export async function playerNamesAt(
  store: EventStore,
  clubId: string,
): Promise<Record<string, string>> {
  return playerNamesFrom(await rosterOf(store, clubId));
}
