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
import { ApiBody, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type {
  SwissProposalView,
  TeamCardView,
  TeamsEventSummary,
  TeamsMatchView,
  TeamsStandingView,
} from '../projection';
import {
  playerCPointsAt,
  type PlayerCPointsView,
  readTeamsMoment,
  teamsDiffAt,
  teamsWhatIfAt,
  type TeamsDiffView,
  type TeamsWhatIfView,
  readTeamsQuery,
  swissProposalAt,
  teamCardAt,
  teamsListAt,
  teamsMatchAt,
  teamsStandingAt,
} from '../read';
import type { EventStore } from '../../../store/event-store';
import { EVENT_STORE } from '../../../app/tokens';
import { ApiAnswer, ApiDayOrInstantQuery, ApiErrors } from '../../../app/http/api-docs';
import { InvalidRequestError } from '../../../app/http/errors';
import { jsonBodyOf, type JsonRequest } from '../../../app/http/json-request';
import { readQueryOrRefuse } from '../../../app/http/query-params';
import { LedgerAccess } from '../../../app/http/access/ledger-access';
import { mayReadPublished, viewerOf } from '../../../app/http/access/viewer';

const EVENT_ID = () =>
  ApiParam({ name: 'eventId', description: 'A teams event id, e.g. gp-2026', type: String });

/** The moment an answer is asked for (`readDayOrInstant`). */
const MOMENT = () => ApiDayOrInstantQuery('the event as played by that day');

const momentOf = (query: Record<string, unknown>) =>
  readQueryOrRefuse(query, ['asOf', 'atPosition'], (q) => readTeamsQuery(q));

/**
 * A club's teams events: the list, an event's standing (every match scored, every team ranked,
 * the tie-break that placed each), a match, a team's card and a Swiss round's proposal. Always
 * recomputed from the event's stream and its club's rulebook. 400 for a bad parameter, 404 for
 * an event, match, team or round the ledger does not have, 422 for facts the rules cannot score.
 */
@ApiTags('teams')
@Controller()
export class TeamsController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly access: LedgerAccess,
  ) {}

  @Get('teams')
  @ApiOperation({ summary: 'Every teams event: id, name, club, kind (the rules it is run under)' })
  @MOMENT()
  @ApiAnswer(200, 'The teams events')
  @ApiErrors(400)
  async list(
    @Query() query: Record<string, unknown>,
    @Req() req: object,
  ): Promise<TeamsEventSummary[]> {
    const all = await teamsListAt(this.store, momentOf(query));
    // A club that keeps its tables private keeps its events out of the list too (its keys, an
    // admin's and open mode see them).
    const viewer = viewerOf(req);
    const shown: TeamsEventSummary[] = [];
    for (const e of all) {
      const hidden = await this.access.owners.tablesPrivate(e.clubId);
      if (mayReadPublished(viewer, e.clubId, hidden)) shown.push(e);
    }
    return shown;
  }

  @Get('teams/:eventId')
  @ApiOperation({
    summary:
      "A teams event's standing: place, VP, IMPs, the tie-break that decided each place, every match scored with its rules",
  })
  @EVENT_ID()
  @MOMENT()
  @ApiAnswer(200, 'The standing')
  @ApiErrors(400, 404, 422)
  async standing(
    @Param('eventId') eventId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<TeamsStandingView> {
    return teamsStandingAt(this.store, eventId, momentOf(query));
  }

  @Get('teams/:eventId/matches/:matchId')
  @ApiOperation({ summary: 'One match of a teams event: line-ups, IMPs, VP and why' })
  @EVENT_ID()
  @ApiParam({ name: 'matchId', description: 'A match of the event', type: String })
  @MOMENT()
  @ApiAnswer(200, 'The match')
  @ApiErrors(400, 404, 422)
  async match(
    @Param('eventId') eventId: string,
    @Param('matchId') matchId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<TeamsMatchView> {
    return teamsMatchAt(this.store, eventId, matchId, momentOf(query));
  }

  @Get('teams/:eventId/teams/:teamId')
  @ApiOperation({ summary: "A team's card: its entry, its place and its matches" })
  @EVENT_ID()
  @ApiParam({ name: 'teamId', description: 'A team of the event', type: String })
  @MOMENT()
  @ApiAnswer(200, "The team's card")
  @ApiErrors(400, 404, 422)
  async team(
    @Param('eventId') eventId: string,
    @Param('teamId') teamId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<TeamCardView> {
    return teamCardAt(this.store, eventId, teamId, momentOf(query));
  }

  @Get('teams/:eventId/swiss/:round')
  @ApiOperation({
    summary:
      "DSB-15: the ledger's proposal for a Swiss round (2 or later) from the standings after the one before, beside the pairing recorded",
  })
  @EVENT_ID()
  @ApiParam({
    name: 'round',
    description: 'The round, 2 or later',
    schema: { type: 'integer', minimum: 2 },
  })
  @MOMENT()
  @ApiAnswer(200, 'The proposal')
  @ApiErrors(400, 404, 422)
  async swiss(
    @Param('eventId') eventId: string,
    @Param('round') round: string,
    @Query() query: Record<string, unknown>,
  ): Promise<SwissProposalView> {
    const n = /^\d{1,2}$/.test(round) ? Number(round) : NaN;
    if (!(n >= 1)) {
      throw new InvalidRequestError([
        { field: 'round', message: `round must be a whole number >= 1, got ${round}` },
      ]);
    }
    return swissProposalAt(this.store, eventId, n, momentOf(query));
  }

  @Get('teams/:eventId/diff')
  @ApiOperation({
    summary:
      "Every number of a teams event's standing that changed between two moments (a ledger position, a club date, an instant; to: now by default), with the reasons added and removed",
  })
  @EVENT_ID()
  @ApiQuery({ name: 'from', required: true, schema: { type: 'string' } })
  @ApiQuery({ name: 'to', required: false, schema: { type: 'string' } })
  @ApiAnswer(200, '{ eventId, from, to, changes }')
  @ApiErrors(400, 404, 422)
  async diff(
    @Param('eventId') eventId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<TeamsDiffView> {
    const unknown = Object.keys(query)
      .filter((k) => k !== 'from' && k !== 'to')
      .map((k) => ({ field: k, message: `property ${k} should not exist` }));
    if (unknown.length) throw new InvalidRequestError(unknown);
    const from = readTeamsMoment(query.from, 'from');
    const to = query.to === undefined ? {} : readTeamsMoment(query.to, 'to');
    return teamsDiffAt(this.store, eventId, from, to);
  }

  @Post('teams/:eventId/what-if')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      "A teams event's standing under amended rulebook parameters (from its first day), with the diff against the real one; nothing stored",
  })
  @EVENT_ID()
  @MOMENT()
  @ApiBody({
    description: 'Dotted parameter paths and values, e.g. {"teams.tieBreak": ["imp-quotient"]}',
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiAnswer(200, '{ override, whatIf, diff }')
  @ApiErrors(400, 404, 415, 422)
  async whatIf(
    @Param('eventId') eventId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: JsonRequest,
  ): Promise<TeamsWhatIfView> {
    return teamsWhatIfAt(this.store, eventId, jsonBodyOf(req), momentOf(query));
  }

  @Get('clubs/:clubId/players/:playerId/c-points')
  @ApiOperation({
    summary:
      "NZ-8: a player's C points at a club, pairs and teams side by side: each pairs session's award and each teams match won or drawn, with the exact total",
  })
  @ApiParam({ name: 'clubId', type: String })
  @ApiParam({ name: 'playerId', type: String })
  @ApiAnswer(200, '{ clubId, player, total, pairs, teams, unnamed }')
  @ApiErrors(404, 422)
  async playerCPoints(
    @Param('clubId') clubId: string,
    @Param('playerId') playerId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<PlayerCPointsView> {
    const unknown = Object.keys(query).map((k) => ({
      field: k,
      message: `property ${k} should not exist`,
    }));
    if (unknown.length) throw new InvalidRequestError(unknown);
    return playerCPointsAt(this.store, clubId, playerId);
  }
}
