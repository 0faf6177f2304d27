import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  championshipOf,
  type ChampionshipView,
  type CompetitionsState,
  type SessionResultView,
} from '../projection';
import {
  clubAnswer,
  competitionAnswer,
  publishedSessionResult,
  standingsFrom,
  type AsOf,
  type PublishedStandings,
} from '../../../audit/published';
import type { EventStore } from '../../../store/event-store';
import { EVENT_STORE, LIVE_COMPETITIONS } from '../../../app/tokens';

/** A query handler that reads the competitions state, as of now, an instant or a position. */
export abstract class CompetitionsQueryHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LIVE_COMPETITIONS) private readonly live: () => CompetitionsState | undefined,
  ) {}

  private now(at: AsOf): CompetitionsState | undefined {
    return at.asOf === undefined && at.atPosition === undefined ? this.live() : undefined;
  }

  /**
   * An answer asked for now, from the live state when the app keeps one; as of an instant or a
   * position (or now without a live state), from the competition's club's streams (not $all),
   * with the live partitions no later fact changed: only what changed since is read, and the
   * read gives the event loop a turn, so other requests are answered meanwhile.
   */
  protected async competitionAnswer<T>(
    competitionId: string,
    at: AsOf,
    answer: (state: CompetitionsState) => T,
  ): Promise<T> {
    const now = this.now(at);
    if (now) return answer(now);
    return competitionAnswer(this.store, competitionId, at, this.live, answer);
  }

  /** As `competitionAnswer`, for a club's tables (DSB-11): the club's streams. */
  protected async clubAnswer<T>(
    clubId: string,
    at: AsOf,
    answer: (state: CompetitionsState) => T,
  ): Promise<T> {
    const now = this.now(at);
    if (now) return answer(now);
    return clubAnswer(this.store, clubId, at, this.live, answer);
  }
}

/** A competition's standings, as of now, an instant or a position (a replay of its facts). */
export class StandingsQuery extends Query<PublishedStandings> {
  constructor(
    readonly competitionId: string,
    readonly at: AsOf & { afterSession?: number },
  ) {
    super();
  }
}

@QueryHandler(StandingsQuery)
export class StandingsHandler
  extends CompetitionsQueryHandler
  implements IQueryHandler<StandingsQuery, PublishedStandings>
{
  async execute({ competitionId, at }: StandingsQuery) {
    return this.competitionAnswer(competitionId, at, (state) =>
      standingsFrom(state, competitionId, at.afterSession),
    );
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
export class ChampionshipHandler
  extends CompetitionsQueryHandler
  implements IQueryHandler<ChampionshipQuery, ChampionshipView>
{
  async execute({ clubId, season, at }: ChampionshipQuery) {
    return this.clubAnswer(clubId, at, (state) => championshipOf(state, clubId, season));
  }
}

/** A scored session's own result, whatever its scoring method. */
export class SessionResultQuery extends Query<SessionResultView> {
  constructor(readonly sessionStreamId: string) {
    super();
  }
}

@QueryHandler(SessionResultQuery)
export class SessionResultHandler implements IQueryHandler<SessionResultQuery, SessionResultView> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LIVE_COMPETITIONS) private readonly live: () => CompetitionsState | undefined,
  ) {}

  async execute({ sessionStreamId }: SessionResultQuery) {
    return publishedSessionResult(this.store, sessionStreamId, this.live);
  }
}
