import { v7 as uuidv7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { tempDbPath } from './support';

export { ledgerApp, removeTempDirs } from './support';

/** The Dutch example club's first competition. */
export const DSB = 'dsb-2014-c1';

/** A SQLite ledger of the examples. */
export async function examplesStore(): Promise<SqliteEventStore> {
  const store = new SqliteEventStore(tempDbPath(), { upcast: catalogue.upcast });
  await loadExamplesIfEmpty(store);
  return store;
}

/** A pair entered in the DSB competition (its players registered first). */
export function pairEntered(pairId: string, players: string[]) {
  return {
    id: uuidv7(),
    type: 'PairEntered',
    occurredAt: '2014-09-07T20:00:00+01:00',
    data: { competitionId: DSB, pairId, players, group: 'C' },
    metadata: { clubId: 'dsb', actor: 'secretary' },
  };
}

/** A member of the DSB club registered. */
export function playerRegistered(playerId: string) {
  return {
    id: uuidv7(),
    type: 'PlayerRegistered',
    occurredAt: '2014-09-07T19:00:00+01:00',
    data: { clubId: 'dsb', playerId, name: playerId, status: 'member' },
    metadata: { clubId: 'dsb', actor: 'secretary' },
  };
}
