import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  cPointsOf,
  type CompetitionsState,
  type CPointsView,
} from '../../projections/competitions';
import type { AsOf } from '../../runtime/published';
import type { EventStore } from '../../store/event-store';
import { EVENT_STORE, LIVE_COMPETITIONS } from '../tokens';
import { competitionsAt } from './published';

/** NZ-8 C points of a competition's scored sessions, as of now, an instant or a position. */
export class CPointsQuery extends Query<CPointsView> {
  constructor(
    readonly competitionId: string,
    readonly at: AsOf & { session?: number },
  ) {
    super();
  }
}

@QueryHandler(CPointsQuery)
export class CPointsHandler implements IQueryHandler<CPointsQuery, CPointsView> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LIVE_COMPETITIONS) private readonly live: () => CompetitionsState | undefined,
  ) {}

  async execute({ competitionId, at }: CPointsQuery) {
    const state = await competitionsAt(this.store, this.live, at);
    return cPointsOf(state, competitionId, { session: at.session });
  }
}
