import {
  championshipOf,
  competitions,
  nextGroupsOf,
  standingsOf,
  type ChampionshipView,
  type CompetitionsState,
  type StandingsView,
} from '../projections/competitions';
import type { GroupMove } from '../standings/dsb';
import type { EventStore } from '../store/event-store';
import { replayFromStore } from './replay';

/** "As published on" an instant (recordedAt), or as of a ledger position. */
export interface AsOf {
  asOf?: string;
  atPosition?: number;
}

export async function competitionsState(
  store: EventStore,
  at: AsOf = {},
): Promise<CompetitionsState> {
  const { state } = await replayFromStore(store, competitions, {
    asOf: at.asOf,
    toPosition: at.atPosition,
  });
  return state;
}

export type PublishedStandings = StandingsView & { nextGroups?: GroupMove[] };

/** A competition's standings as the ledger had them at a moment; DSB final standings carry
 * every pair's group for the next competition (DSB-8). */
export function standingsFrom(
  state: CompetitionsState,
  competitionId: string,
  afterSession?: number,
): PublishedStandings {
  const view = standingsOf(state, competitionId, { afterSession });
  if (view.kind === 'dsb' && view.final && afterSession === undefined) {
    return { ...view, nextGroups: nextGroupsOf(state, competitionId).moves };
  }
  return view;
}

export async function publishedStandings(
  store: EventStore,
  competitionId: string,
  at: AsOf & { afterSession?: number } = {},
): Promise<PublishedStandings> {
  return standingsFrom(await competitionsState(store, at), competitionId, at.afterSession);
}

export async function publishedChampionship(
  store: EventStore,
  clubId: string,
  season: string,
  at: AsOf = {},
): Promise<ChampionshipView> {
  return championshipOf(await competitionsState(store, at), clubId, season);
}
