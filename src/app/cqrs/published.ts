import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ChampionshipView } from '../../projections/competitions';
import {
  publishedChampionship,
  publishedStandings,
  type AsOf,
  type PublishedStandings,
} from '../../runtime/published';
import type { EventStore } from '../../store/event-store';
import { EVENT_STORE } from '../tokens';

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
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ competitionId, at }: StandingsQuery) {
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
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ clubId, season, at }: ChampionshipQuery) {
    return publishedChampionship(this.store, clubId, season, at);
  }
}
