import {
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Param,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, ApiPath, ApiTableQuery } from '../../../app/http/api-docs';
import type { EventStore } from '../../../store/event-store';
import { EVENT_STORE } from '../../../app/tokens';
import { ChampionshipQuery, SessionResultQuery, StandingsQuery } from './published.query';
import { CPointsQuery } from './c-points.query';
import type { ChampionshipView, CPointsView, SessionResultView } from '../projection';
import type { PublishedStandings } from '../../../audit/published';
import { readTableQuery } from '../../../audit/table-query';
import type { FieldIssue } from '../../../kernel/issues';
import {
  diffAt,
  readMoment,
  whatIfAt,
  type Moment,
  type TableDiff,
  type TableOf,
  type WhatIf,
} from '../../../audit/what-if';
import { InvalidRequestError } from '../../../app/http/errors';
import { jsonBodyOf, type JsonRequest } from '../../../app/http/json-request';
import { RequestValidator } from '../../../app/http/request-validator';

const momentOfQuery = (q: { asOf?: string; atPosition?: number }): Moment =>
  q.asOf !== undefined
    ? { kind: 'instant', asOf: q.asOf }
    : q.atPosition !== undefined
      ? { kind: 'position', atPosition: q.atPosition }
      : { kind: 'now' };

/**
 * The pairs context's published tables over HTTP: a competition's standings and C points, a
 * scored session's own result, a club's championship (DSB-11), and the diff and what-if of each.
 */
/** `table` of a competition's diff or what-if: its standings (default) or C points. */
function competitionTable(
  competitionId: string,
  query: Record<string, unknown>,
  issues: FieldIssue[],
  afterSession?: number,
): TableOf {
  const table = query.table ?? 'standings';
  if (table === 'c-points') return { table, competitionId };
  if (table !== 'standings') {
    issues.push({ field: 'table', message: 'table must be standings or c-points' });
  }
  return { table: 'standings', competitionId, afterSession };
}

/** `from` / `to` of a diff, each refusal naming its parameter. */
function momentParam(
  query: Record<string, unknown>,
  field: 'from' | 'to',
  issues: FieldIssue[],
): Moment | undefined {
  const raw = query[field];
  if (raw === undefined) {
    if (field === 'to') return { kind: 'now' };
    issues.push({
      field,
      message: 'from is required: a ledger position, an instant, or published[:N]',
    });
    return undefined;
  }
  try {
    return readMoment(raw, field);
  } catch (e) {
    const i = (e as { issues?: FieldIssue[] }).issues;
    if (!i) throw e;
    issues.push(...i);
    return undefined;
  }
}

@ApiTags('tables')
@Controller()
export class PublishedController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly validator: RequestValidator,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** Every number of the standings (or C points) that changed between two moments. */
  @Get('competitions/:competitionId/diff')
  @ApiOperation({
    summary:
      'Every number of the standings (or C points) that changed between two moments, with the facts and rules behind each',
  })
  @ApiPath('competitionId')
  @ApiTableQuery(['from', 'to', 'table'], ['from'])
  @ApiAnswer(200, 'The diff: { table, from, to, changes }')
  @ApiErrors(400, 404, 409, 422)
  async diff(
    @Param('competitionId') competitionId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<TableDiff> {
    const { issues } = readTableQuery(query, [], ['from', 'to', 'table']);
    const t = competitionTable(competitionId, query, issues);
    const from = momentParam(query, 'from', issues);
    const to = momentParam(query, 'to', issues);
    if (issues.length > 0) throw new InvalidRequestError(issues);
    return diffAt(this.store, t, from!, to!);
  }

  /** A club's championship (DSB-11) changes between two moments. */
  @Get('clubs/:clubId/championship/diff')
  @ApiOperation({ summary: "A club's championship (DSB-11) changes between two moments" })
  @ApiPath('clubId')
  @ApiTableQuery(['season', 'from', 'to'], ['season', 'from'])
  @ApiAnswer(200, 'The diff: { table, from, to, changes }')
  @ApiErrors(400, 404, 409, 422)
  async championshipDiff(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<TableDiff> {
    const { issues } = readTableQuery(query, [], ['from', 'to', 'season']);
    const season = query.season;
    if (typeof season !== 'string') {
      issues.unshift({ field: 'season', message: 'season is required, e.g. season=2014-2015' });
    }
    const from = momentParam(query, 'from', issues);
    const to = momentParam(query, 'to', issues);
    if (issues.length > 0) throw new InvalidRequestError(issues);
    return diffAt(
      this.store,
      { table: 'championship', clubId, season: season as string },
      from!,
      to!,
    );
  }

  /**
   * What-if: the standings (or C points) under the body's rulebook override, now or as
   * of `asOf` / `atPosition`, with the diff against the real table; nothing is stored.
   */
  @Post('competitions/:competitionId/what-if')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'The standings (or C points) under amended rulebook parameters, with the diff against the real table; nothing stored',
  })
  @ApiPath('competitionId')
  @ApiTableQuery(['asOf', 'atPosition', 'afterSession', 'table'])
  @ApiBody({
    description: 'Dotted parameter paths and values, e.g. {"tenSession.counted": 7}',
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiAnswer(200, '{ table, override, whatIf, diff }')
  @ApiErrors(400, 404, 409, 415, 422)
  async whatIf(
    @Param('competitionId') competitionId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: JsonRequest,
  ): Promise<WhatIf> {
    const body = jsonBodyOf(req);
    const { value, issues } = readTableQuery(
      query,
      ['asOf', 'atPosition', 'afterSession'],
      ['table'],
    );
    const t = competitionTable(competitionId, query, issues, value.afterSession);
    if (issues.length > 0) throw new InvalidRequestError(issues);
    return whatIfAt(this.store, t, momentOfQuery(value), body);
  }

  /** What-if of a club's championship (DSB-11) of a season. */
  @Post('clubs/:clubId/championship/what-if')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "A club's championship (DSB-11) under amended rulebook parameters; nothing stored",
  })
  @ApiPath('clubId')
  @ApiTableQuery(['season', 'asOf', 'atPosition'], ['season'])
  @ApiBody({
    description: 'Dotted parameter paths and values, e.g. {"promotion.promote": 1}',
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiAnswer(200, '{ table, override, whatIf, diff }')
  @ApiErrors(400, 404, 409, 415, 422)
  async championshipWhatIf(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: JsonRequest,
  ): Promise<WhatIf> {
    const body = jsonBodyOf(req);
    const { value, issues } = readTableQuery(query, ['asOf', 'atPosition'], ['season']);
    const season = query.season;
    if (typeof season !== 'string') {
      issues.unshift({ field: 'season', message: 'season is required, e.g. season=2014-2015' });
    }
    if (issues.length > 0) throw new InvalidRequestError(issues);
    return whatIfAt(
      this.store,
      { table: 'championship', clubId, season: season as string },
      momentOfQuery(value),
      body,
    );
  }

  @Get('competitions/:competitionId/standings')
  @ApiOperation({
    summary: "A competition's standings, interim or final, each row explained with its rule IDs",
  })
  @ApiPath('competitionId')
  @ApiTableQuery(['asOf', 'atPosition', 'afterSession'])
  @ApiAnswer(200, 'The standings: { competitionId, position, rows, … } (docs/http.md)')
  @ApiErrors(400, 404, 409, 422, 503)
  async standings(
    @Param('competitionId') competitionId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<PublishedStandings> {
    const { value, issues } = readTableQuery(query, ['asOf', 'atPosition', 'afterSession']);
    if (issues.length > 0) throw new InvalidRequestError(issues);
    return this.queryBus.execute(new StandingsQuery(competitionId, value));
  }

  @Get('competitions/:competitionId/c-points')
  @ApiOperation({
    summary: "NZ-8 C points of an NZ competition's scored sessions, each award explained",
  })
  @ApiPath('competitionId')
  @ApiTableQuery(['asOf', 'atPosition', 'session'])
  @ApiAnswer(200, 'The C points, session by session')
  @ApiErrors(400, 404, 409, 422, 503)
  async cPoints(
    @Param('competitionId') competitionId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<CPointsView> {
    const { value, issues } = readTableQuery(query, ['asOf', 'atPosition', 'session']);
    if (issues.length > 0) throw new InvalidRequestError(issues);
    return this.queryBus.execute(new CPointsQuery(competitionId, value));
  }

  /** A scored session's own result (MP, butler or cross-IMP). */
  @Get('sessions/:sessionStreamId/result')
  @ApiOperation({ summary: "A scored session's own result (match points, butler or cross-IMPs)" })
  @ApiPath('sessionStreamId')
  @ApiAnswer(200, 'The session result')
  @ApiErrors(400, 404, 409, 422)
  async sessionResult(
    @Param('sessionStreamId') sessionStreamId: string,
  ): Promise<SessionResultView> {
    return this.queryBus.execute(new SessionResultQuery(sessionStreamId));
  }

  @Get('clubs/:clubId/championship')
  @ApiOperation({ summary: 'The club championship of a season (DSB-11)' })
  @ApiPath('clubId')
  @ApiTableQuery(['season', 'asOf', 'atPosition'], ['season'])
  @ApiAnswer(200, 'The championship')
  @ApiErrors(400, 404, 409, 422, 503)
  async championship(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<ChampionshipView> {
    const { value, issues } = readTableQuery(query, ['asOf', 'atPosition'], ['season']);
    const season = query.season;
    if (typeof season !== 'string') {
      issues.unshift({ field: 'season', message: 'season is required, e.g. season=2014-2015' });
    }
    if (issues.length > 0) throw new InvalidRequestError(issues);
    return this.queryBus.execute(new ChampionshipQuery(clubId, season as string, value));
  }
}
