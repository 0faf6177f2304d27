import type { ClubRegisteredData } from '../facts/club';
import type { Projection } from '../../../kernel/projection';
import { rosterEntryAfter, type RosterEntry } from './roster-entry';

/** A player the club knows: the roster entry (status and its history) with their name. */
export interface RosterPlayer extends RosterEntry {
  playerId: string;
  /** As last registered; the player id when the club has a status change but no registration. */
  name: string;
  /** The occurredAt of the latest PlayerRegistered; absent when there is none. */
  registeredAt?: string;
}

export interface ClubRoster {
  clubs: Record<
    string,
    {
      name: string;
      timeZone: string;
      /**
       * The occurredAt of the club's ClubRegistered; absent for a club the ledger knows only by
       * roster facts (no registration: its competitions are refused, LEDGER).
       */
      registeredAt?: string;
      players: Record<string, RosterPlayer>;
    }
  >;
}

/**
 * Who a club knows, and as what (member, nominee, non-member, visitor: `PLAYER_STATUSES`), with
 * every status change dated: the roster NZ-5, NZ-7 and NZ-10 read. Entries are folded as the
 * competitions projection folds its roster (`rosterEntryAfter`). It reads PlayerRegistered and
 * PlayerStatusChanged in today's shape only (the club in their data); older ones reach it upcast.
 */
export const clubRoster: Projection<ClubRoster> = {
  name: 'club-roster',
  // What apply reads (the rest leaves the state as it is): the clubs and their players.
  reads: new Set(['ClubRegistered', 'PlayerRegistered', 'PlayerStatusChanged']),
  // 2: PlayerStatusChanged is read (a nominee elected, a visitor become a member), statuses dated.
  // 3: a club keeps when it registered (`registeredAt`): the deciders read whether it did.
  version: 3,
  initial: () => ({ clubs: {} }),
  // Saved club by club: a registration rewrites its club's roster only.
  partitions: {
    keysOf: (event) => {
      // The club as apply reads it: in the data (roster facts of older versions upcast).
      const clubId = (event.data as { clubId?: unknown }).clubId;
      return typeof clubId === 'string' ? [clubId] : [];
    },
    keys: (state) => Object.keys(state.clubs),
    get: (state, key) => state.clubs[key],
    put: (state, key, value) => {
      state.clubs[key] = value as ClubRoster['clubs'][string];
    },
  },
  apply(state, event) {
    // A roster fact names its club in its data (older versions reach it upcast).
    const clubId = (event.data as { clubId?: string }).clubId;
    if (event.type === 'ClubRegistered') {
      const d = event.data as ClubRegisteredData;
      const club = state.clubs[d.clubId];
      state.clubs[d.clubId] = {
        name: d.name,
        timeZone: d.timeZone,
        registeredAt: club?.registeredAt ?? event.occurredAt,
        players: club?.players ?? {},
      };
    } else if (
      (event.type === 'PlayerRegistered' || event.type === 'PlayerStatusChanged') &&
      clubId
    ) {
      const d = event.data as Record<string, unknown>;
      const playerId = d.playerId as string;
      const club = (state.clubs[clubId] ??= { name: clubId, timeZone: 'UTC', players: {} });
      const before = club.players[playerId];
      const registered = event.type === 'PlayerRegistered';
      const player: RosterPlayer = {
        playerId,
        name: registered ? (d.name as string) : (before?.name ?? playerId),
        ...rosterEntryAfter(before, d, event.occurredAt),
      };
      const registeredAt = registered ? event.occurredAt : before?.registeredAt;
      if (registeredAt !== undefined) player.registeredAt = registeredAt;
      club.players[playerId] = player;
    }
    return state;
  },
};
