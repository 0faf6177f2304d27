import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { cPointsOf, type CPointsView } from '../projection';
import type { AsOf } from '../../../audit/published';
import { CompetitionsQueryHandler } from './published.query';

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
export class CPointsHandler
  extends CompetitionsQueryHandler
  implements IQueryHandler<CPointsQuery, CPointsView>
{
  async execute({ competitionId, at }: CPointsQuery) {
    return this.competitionAnswer(competitionId, at, (state) =>
      cPointsOf(state, competitionId, { session: at.session }),
    );
  }
}
