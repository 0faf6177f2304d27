import { catalogue } from '../../src/contexts/catalogue';
import type { RecordedEvent } from '../../src/kernel/envelope';
import {
  leagues,
  leagueTableOf,
  type LeaguesState,
  type LeagueTableView,
} from '../../src/contexts/league/projection';
import { appendThroughGate } from '../../src/ledger/append-through-gate';
import { DomainGate } from '../../src/ledger/domain-gate';
import { leagueState, leagueTableAt } from '../../src/contexts/league/read/leagues';
import { validateAppend } from '../../src/ledger/validate-append';
import type { EventStore } from '../../src/store/event-store';
import { LEAGUE_ID, type ProposedFact } from './generate';

/**
 * The two paths of the league bench, shared by `bench/run-league.ts` and its test:
 * (a) a held read model takes the new facts and is asked every division's table — the
 * service's (`heldAndQuery`: the league held by the process, caught up from its streams) or the
 * runner's (`applyAndQuery`: the leagues projection over the whole ledger); (b) a full replay of the
 * league from the store (its stream, its organiser's and its corrections: `leagueState`) into a
 * fresh read model, asked the same.
 */

/** Appends facts through the deciders, as the service does (consecutive facts of a stream: one batch). */
export async function appendGated(
  store: EventStore,
  gate: DomainGate,
  facts: readonly ProposedFact[],
) {
  let i = 0;
  while (i < facts.length) {
    const streamId = facts[i]!.streamId;
    let j = i;
    while (j < facts.length && facts[j]!.streamId === streamId && j - i < 500) j++;
    const events = validateAppend(
      catalogue,
      streamId,
      'any',
      facts.slice(i, j).map(({ streamId: _s, ...e }) => e),
    );
    await appendThroughGate(gate, store, { streamId, expectedRevision: 'any', events });
    i = j;
  }
}

export const gateOf = (store: EventStore) => new DomainGate(store);

/** The runner's read model: every fact of the ledger folded by the leagues projection. */
export async function liveState(
  store: EventStore,
): Promise<{ state: LeaguesState; position: number }> {
  let state = leagues.initial();
  let position = 0;
  for await (const e of store.readAll()) {
    state = leagues.apply(state, e, undefined);
    position = e.position;
  }
  return { state, position };
}

/** The facts recorded after `position` (what the runner reads next). */
export async function factsAfter(store: EventStore, position: number): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for await (const e of store.readAll({ fromPosition: position + 1 })) out.push(e);
  return out;
}

/** (a) The held read model takes the new facts, then every division's table. */
export function applyAndQuery(
  state: LeaguesState,
  facts: readonly RecordedEvent[],
): LeagueTableView {
  for (const e of facts) leagues.apply(state, e, undefined);
  return leagueTableOf(state, LEAGUE_ID);
}

/**
 * (a) as the service answers `GET /leagues/:id/table` now: the league's read model held by the
 * process (`heldLeagueState`) catches up with the new facts of its streams, then the tables.
 */
export function heldAndQuery(store: EventStore): Promise<LeagueTableView> {
  return leagueTableAt(store, LEAGUE_ID);
}

/** (b) A full replay of the league from the store into a fresh read model, then the same. */
export async function replayAndQuery(store: EventStore): Promise<LeagueTableView> {
  return leagueTableOf(await leagueState(store, LEAGUE_ID), LEAGUE_ID);
}

/** The tables as numbers: each division's rows (rank, team, VPs, net IMPs) and fixtures' VPs. */
export function tableFigures(view: LeagueTableView) {
  return view.divisions.map((d) => ({
    division: d.division,
    rows: d.rows.map((r) => [r.rank, r.team, r.played, r.vp, r.netImps, r.penalties]),
    fixtures: d.fixtures.map((f) => [f.fixture, f.home.vp, f.home.imps, f.away.vp, f.away.imps]),
  }));
}
