import {
  championshipOf,
  competitions,
  cPointsOf,
  type CPointsView,
  standingsOf,
  type ChampionshipView,
  type CompetitionsState,
  type StandingsView,
} from '../projections/competitions';
import type { GroupMove } from '../standings/dsb';
import type { EventStore } from '../store/event-store';
import { answerFromSlice, competitionsSlice } from './competition-slice';
import { replayFromStore } from './replay';
import { tableOf } from '../rulesets';

/** "As published on" an instant (recordedAt), or as of a ledger position. */
export interface AsOf {
  asOf?: string;
  atPosition?: number;
}

/**
 * The whole competitions state: a replay of every fact of $all (to the bounds). The published
 * tables of one competition or club read `competitionState` / `clubState` instead.
 */
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

/**
 * The state one competition's answers (standings, next groups, C points, a what-if) read, as of
 * an instant or a position: its club's streams only (`competitionsSlice`), the same answers as
 * from `competitionsState`.
 */
export async function competitionState(
  store: EventStore,
  competitionId: string,
  at: AsOf = {},
): Promise<CompetitionsState> {
  return (await competitionsSlice(store, { competitionId }, at)).state;
}

/** The state a club's championship reads (DSB-11), from the club's streams only. */
export async function clubState(
  store: EventStore,
  clubId: string,
  at: AsOf = {},
): Promise<CompetitionsState> {
  return (await competitionsSlice(store, { clubId }, at)).state;
}

/** The live read model, when there is one (the service's runner once caught up). */
export type LiveState = () => CompetitionsState | undefined;

/**
 * An answer of one competition as of an instant or a position, from its club's streams and the
 * live partitions no later fact has changed (`answerFromSlice`): the cost grows with what
 * changed after the moment asked for, not with the ledger.
 */
export function competitionAnswer<T>(
  store: EventStore,
  competitionId: string,
  at: AsOf,
  live: LiveState | undefined,
  answer: (state: CompetitionsState) => T,
): Promise<T> {
  return answerFromSlice(store, { competitionId }, at, live, (s) => answer(s.state));
}

/** As `competitionAnswer`, for a club's tables (DSB-11). */
export function clubAnswer<T>(
  store: EventStore,
  clubId: string,
  at: AsOf,
  live: LiveState | undefined,
  answer: (state: CompetitionsState) => T,
): Promise<T> {
  return answerFromSlice(store, { clubId }, at, live, (s) => answer(s.state));
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
  const publishedFinal = tableOf(view.rulebook.preset, view.format)?.publishedFinal;
  if (view.final && afterSession === undefined && publishedFinal) {
    return { ...view, ...publishedFinal(state, competitionId) };
  }
  return view;
}

export async function publishedStandings(
  store: EventStore,
  competitionId: string,
  at: AsOf & { afterSession?: number } = {},
): Promise<PublishedStandings> {
  return standingsFrom(
    await competitionState(store, competitionId, at),
    competitionId,
    at.afterSession,
  );
}

/** NZ-8 C points of a competition as the ledger had them at a moment. */
export async function publishedCPoints(
  store: EventStore,
  competitionId: string,
  at: AsOf & { session?: number } = {},
): Promise<CPointsView> {
  return cPointsOf(await competitionState(store, competitionId, at), competitionId, {
    session: at.session,
  });
}

export async function publishedChampionship(
  store: EventStore,
  clubId: string,
  season: string,
  at: AsOf = {},
): Promise<ChampionshipView> {
  return championshipOf(await clubState(store, clubId, at), clubId, season);
}
