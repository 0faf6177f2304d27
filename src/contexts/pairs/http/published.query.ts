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
import {
  answerNowFromLive,
  answerNowFromSaved,
  type LiveCompetitions,
} from '../read/competition-slice';

/** A query handler that reads the competitions state, as of now, an instant or a position. */
export abstract class CompetitionsQueryHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LIVE_COMPETITIONS) private readonly live: LiveCompetitions,
  ) {}

  /**
   * An answer asked for now, from the live state when the app keeps one, or else (the read
   * models still being put back after a restart) from the saved read model's partitions of the
   * club, brought up to the head (`answerNowFromSaved`); as of an instant or a position, from
   * the competition's club's streams (not $all), with the live partitions no later fact changed:
   * only what changed since is read, and the read gives the event loop a turn, so other requests
   * are answered meanwhile.
   */
  protected async competitionAnswer<T>(
    competitionId: string,
    at: AsOf,
    answer: (state: CompetitionsState) => T,
  ): Promise<T> {
    return this.answer({ competitionId }, at, answer);
  }

  /** As `competitionAnswer`, for a club's tables (DSB-11): the club's streams. */
  protected async clubAnswer<T>(
    clubId: string,
    at: AsOf,
    answer: (state: CompetitionsState) => T,
  ): Promise<T> {
    return this.answer({ clubId }, at, answer);
  }

  private async answer<T>(
    scope: { competitionId: string } | { clubId: string },
    at: AsOf,
    answer: (state: CompetitionsState) => T,
  ): Promise<T> {
    if (at.asOf === undefined && at.atPosition === undefined) {
      const answered = answerNowFromLive(this.store, scope, this.live, (now) => ({
        value: answer(now),
      }));
      if (answered) return answered.value;
      return answerNowFromSaved(this.store, scope, (slice) => answer(slice.state));
    }
    return 'competitionId' in scope
      ? competitionAnswer(this.store, scope.competitionId, at, this.live, answer)
      : clubAnswer(this.store, scope.clubId, at, this.live, answer);
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
