export { cli } from '../support/cli';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';

export async function head(store: string): Promise<number> {
  const s = new SqliteEventStore(store.slice('sqlite:'.length));
  try {
    return await s.headPosition();
  } finally {
    await s.close();
  }
}
