import { catalogue } from '../../src/contexts/catalogue';
import {
  championshipOf,
  competitions,
  standingsOf,
  type CompetitionsState,
} from '../../src/contexts/pairs/projection';
import { replayFromStore } from '../../src/audit/replay';
import type { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { cpuSince, since } from '../lib/harness';

/** (a) Raw read: every event through the adapter's readAll (JSON.parse and upcast), counted. */
export async function rawRead(
  store: SqliteEventStore,
): Promise<{ seconds: number; cpu: number; events: number }> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  let events = 0;
  for await (const e of store.readAll()) if (e.position > 0) events++;
  return { seconds: since(start), cpu: cpuSince(cpu), events };
}

export interface Rebuild {
  /** replayFromStore with the competitions projection. */
  fold: number;
  /** standingsOf every competition + championshipOf every club and season, on the final state. */
  queries: number;
  /** CPU seconds of the fold, and of the queries. */
  foldCpu: number;
  queriesCpu: number;
  events: number;
  standings: number;
  championships: number;
  /** A figure derived from every answer, so none is optimised away (and a sanity check). */
  rows: number;
}

/** (b) The rebuild: the fold, then every published table from the final state. */
export async function rebuild(store: SqliteEventStore): Promise<Rebuild> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const { state, position } = await replayFromStore(store, competitions);
  const fold = since(start);
  const foldCpu = cpuSince(cpu);
  const qCpu = process.cpuUsage();
  const q = process.hrtime.bigint();
  const answers = queryAll(state);
  const queries = since(q);
  const queriesCpu = cpuSince(qCpu);
  return { fold, queries, foldCpu, queriesCpu, events: position, ...answers };
}

export function queryAll(state: CompetitionsState) {
  let standings = 0;
  let championships = 0;
  let rows = 0;
  const seasons = new Map<string, Set<string>>();
  for (const [id, c] of Object.entries(state.competitions)) {
    const view = standingsOf(state, id);
    standings++;
    if (view.kind === 'dsb') for (const g of view.groups) rows += g.rows.length;
    const created = c.competition!;
    (
      seasons.get(created.clubId) ?? seasons.set(created.clubId, new Set()).get(created.clubId)!
    ).add(created.season);
  }
  for (const [clubId, set] of seasons) {
    for (const season of set) {
      const champ = championshipOf(state, clubId, season);
      championships++;
      rows += champ.table.length;
    }
  }
  return { standings, championships, rows };
}

/** Catalogue check of a sample of the generated facts (every `every`-th), as stored and read. */
export async function validateSample(store: SqliteEventStore, every: number) {
  let checked = 0;
  const issues: string[] = [];
  for await (const e of store.readAll()) {
    if (e.position % every !== 1 && e.position > 2000) continue;
    checked++;
    for (const i of catalogue.validate(e, `#${e.position} ${e.type}`)) {
      if (issues.length < 10) issues.push(`${i.field}: ${i.message}`);
    }
  }
  return { checked, issues };
}
