import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  championshipOf,
  type ChampionshipView,
  type CompetitionsState,
} from '../../projections/competitions';
import {
  competitionsState,
  standingsFrom,
  type AsOf,
  type PublishedStandings,
} from '../../runtime/published';
import type { EventStore } from '../../store/event-store';
import { EVENT_STORE, LIVE_COMPETITIONS } from '../tokens';

/**
 * The competitions state a query reads: asked for now, the live state when the app keeps one;
 * as of an instant or a position (or now without a live state), a replay of the store's facts.
 */
export async function competitionsAt(
  store: EventStore,
  live: () => CompetitionsState | undefined,
  at: AsOf,
): Promise<CompetitionsState> {
  const now = at.asOf === undefined && at.atPosition === undefined ? live() : undefined;
  return now ?? (await competitionsState(store, at));
}

/** A competition's standings, as of now, an instant or a position (a replay of the facts). */
export class StandingsQuery extends Query<PublishedStandings> {
  constructor(
    readonly competitionId: string,
    readonly at: AsOf & { afterSession?: number },
  ) {
    super();
  }
}

@QueryHandler(StandingsQuery)
export class StandingsHandler implements IQueryHandler<StandingsQuery, PublishedStandings> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LIVE_COMPETITIONS) private readonly live: () => CompetitionsState | undefined,
  ) {}

  async execute({ competitionId, at }: StandingsQuery) {
    const state = await competitionsAt(this.store, this.live, at);
    return standingsFrom(state, competitionId, at.afterSession);
  }
}

/** A club's championship of a season (DSB-11). */
export class ChampionshipQuery extends Query<ChampionshipView> {
  constructor(
    readonly clubId: string,
    readonly season: string,
    readonly at: AsOf,
  ) {
    super();
  }
}

@QueryHandler(ChampionshipQuery)
export class ChampionshipHandler implements IQueryHandler<ChampionshipQuery, ChampionshipView> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LIVE_COMPETITIONS) private readonly live: () => CompetitionsState | undefined,
  ) {}

  async execute({ clubId, season, at }: ChampionshipQuery) {
    return championshipOf(await competitionsAt(this.store, this.live, at), clubId, season);
  }
}
