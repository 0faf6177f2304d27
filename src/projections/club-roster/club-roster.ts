import type { Projection } from '../projection';

export interface RosterPlayer {
  playerId: string;
  name: string;
  status: 'member' | 'non-member' | 'visitor';
  registeredAt: string;
}

export interface ClubRoster {
  clubs: Record<string, { name: string; timeZone: string; players: Record<string, RosterPlayer> }>;
}

/**
 * Who a club knows, and as what (member, non-member, visitor): the roster NZ-5 and NZ-10 read.
 * It reads PlayerRegistered in today's shape only; version-1 events reach it upcast.
 */
export const clubRoster: Projection<ClubRoster> = {
  name: 'club-roster',
  version: 1,
  initial: () => ({ clubs: {} }),
  // Saved club by club: a registration rewrites its club's roster only.
  partitions: {
    keysOf: (event) => {
      const clubId =
        event.type === 'ClubRegistered'
          ? (event.data as { clubId: string }).clubId
          : event.metadata.clubId;
      return clubId ? [clubId] : [];
    },
    keys: (state) => Object.keys(state.clubs),
    get: (state, key) => state.clubs[key],
    put: (state, key, value) => {
      state.clubs[key] = value as ClubRoster['clubs'][string];
    },
  },
  apply(state, event) {
    const clubId = event.metadata.clubId;
    if (event.type === 'ClubRegistered') {
      const d = event.data as { clubId: string; name: string; timeZone: string };
      const club = state.clubs[d.clubId];
      state.clubs[d.clubId] = { name: d.name, timeZone: d.timeZone, players: club?.players ?? {} };
    } else if (event.type === 'PlayerRegistered' && clubId) {
      const d = event.data as Omit<RosterPlayer, 'registeredAt'>;
      const club = (state.clubs[clubId] ??= { name: clubId, timeZone: 'UTC', players: {} });
      club.players[d.playerId] = {
        playerId: d.playerId,
        name: d.name,
        status: d.status,
        registeredAt: event.occurredAt,
      };
    }
    return state;
  },
};
