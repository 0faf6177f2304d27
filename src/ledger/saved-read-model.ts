import type Database from 'better-sqlite3';
import type { Projection } from '../kernel/projection';
import type { EventStore } from '../store/event-store';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store';
import { SqliteProjectionStateStore } from './projection-state-store';
import { replayFromStore } from '../audit/replay';

const TABLES = ['projection_partitioned', 'projection_partitions', 'projection_state'];

/**
 * A projection's state as the server's runner last saved it in this SQLite file, with its
 * checkpoint; undefined when there is none of the projection's current version (a version
 * bumped since, or never served). Read only: nothing is created or written.
 */
export function loadSavedState<S>(
  db: Database.Database,
  projection: Projection<S>,
): { state: S; position: number } | undefined {
  const present = db
    .prepare(
      `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN (${TABLES.map(() => '?').join(', ')})`,
    )
    .pluck()
    .get(...TABLES) as number;
  if (present < TABLES.length) return undefined;
  const states = new SqliteProjectionStateStore(db);
  const { partitions } = projection;
  if (partitions) {
    const saved = states.loadPartitions(projection.name);
    if (saved) {
      if (saved.version !== projection.version) return undefined;
      const state = projection.initial();
      for (const [key, value] of saved.partitions) partitions.put(state, key, value);
      return { state, position: saved.position };
    }
  }
  const whole = states.load(projection.name);
  if (!whole || whole.version !== projection.version) return undefined;
  return { state: whole.state as S, position: whole.position };
}

/**
 * A projection's state now, for a read in a process of its own (the CLI): the saved read model
 * when it is current, with only the facts after its checkpoint folded in, else a replay from
 * zero. Both fold the same facts with the same apply, so they give the same answer.
 */
export async function currentState<S>(
  store: EventStore,
  projection: Projection<S>,
): Promise<{ state: S; position: number; from: 'saved' | 'replay' }> {
  const saved =
    store instanceof SqliteEventStore ? loadSavedState(store.db, projection) : undefined;
  if (!saved || saved.position > (await store.headPosition())) {
    return { ...(await replayFromStore(store, projection)), from: 'replay' };
  }
  let { state, position } = saved;
  for await (const e of store.readAll({ fromPosition: position + 1 })) {
    state = projection.apply(state, e, undefined);
    position = e.position;
  }
  return { state, position, from: 'saved' };
}
