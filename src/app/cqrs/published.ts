import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  championshipOf,
  type ChampionshipView,
  type CompetitionsState,
} from '../../projections/competitions';
import {
  publishedChampionship,
  publishedStandings,
  standingsFrom,
  type AsOf,
  type PublishedStandings,
} from '../../runtime/published';
import type { EventStore } from '../../store/event-store';
import { EVENT_STORE, LIVE_COMPETITIONS } from '../tokens';

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
    const now = at.asOf === undefined && at.atPosition === undefined ? this.live() : undefined;
    if (now) return standingsFrom(now, competitionId, at.afterSession);
    return publishedStandings(this.store, competitionId, at);
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
    const now = at.asOf === undefined && at.atPosition === undefined ? this.live() : undefined;
    if (now) return championshipOf(now, clubId, season);
    return publishedChampionship(this.store, clubId, season, at);
  }
}
