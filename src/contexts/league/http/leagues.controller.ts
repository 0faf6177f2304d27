import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { LeagueMatchView, LeagueTableView } from '../projection';
import { correctionLogFromStore, type CorrectionLogView } from '../../corrections/read';
import {
  leagueMatchAt,
  leagueTableAt,
  matchInAnyLeagueAt,
  readLeagueQuery,
  type LeagueParam,
} from '../read/leagues';
import type { EventStore } from '../../../store/event-store';
import { EVENT_STORE } from '../../../app/tokens';
import {
  ApiAnswer,
  ApiDayOrInstantQuery,
  ApiErrors,
  ApiTableQuery,
} from '../../../app/http/api-docs';
import { readTableQuery } from '../../../audit/table-query';
import { InvalidRequestError } from '../../../app/http/errors';
import { readQueryOrRefuse } from '../../../app/http/query-params';

const LEAGUE_ID = () =>
  ApiParam({ name: 'leagueId', description: 'A league id, e.g. lcba-2009', type: String });

/** The moment an answer is asked for (`readDayOrInstant`). */
const MOMENT = () =>
  ApiDayOrInstantQuery(
    'the season as of that day (matches, defaults, verdicts and penalties by then)',
  );

/** A request's query read as the CLI reads its options; anything else refused (400). */
function momentOf(query: Record<string, unknown>, params: readonly LeagueParam[]) {
  return readQueryOrRefuse(query, params, (q) => readLeagueQuery(q));
}

/**
 * The LCBA league's tables: `GET /leagues/:leagueId/table` (every division, or one)
 * and `GET /leagues/:leagueId/matches/:fixtureId` (one match board by board). Always recomputed
 * from the whole season, from the league's stream and its organising club's (its rulebook).
 * A fixture id is unique within its league only (FixtureScheduled is judged on the league's
 * stream), so a match is named with its league: there is no `GET /matches/:id`.
 * Errors are the ledger's: 400 for a bad parameter, 404 for a league, division or fixture the
 * ledger does not have, 422 for facts the rules cannot score.
 */
@ApiTags('leagues')
@Controller()
export class LeaguesController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  @Get('leagues/:leagueId/table')
  @ApiOperation({
    summary:
      "A league's division tables, as its rulebook ranks them: rank, played, won, drawn, lost, VP, net IMPs, penalties, tie-break, move, every row and fixture explained",
  })
  @LEAGUE_ID()
  @ApiQuery({
    name: 'division',
    required: false,
    description: 'One division (1 the strongest); every division without it.',
    schema: { type: 'integer', minimum: 1 },
  })
  @MOMENT()
  @ApiAnswer(200, 'The division tables')
  @ApiErrors(400, 404, 422)
  async table(
    @Param('leagueId') leagueId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<LeagueTableView> {
    return leagueTableAt(this.store, leagueId, momentOf(query, ['division', 'asOf', 'atPosition']));
  }

  @Get('leagues/:leagueId/matches/:fixtureId')
  @ApiOperation({
    summary:
      "One match of a league board by board (aggregate, IMPs, the rules), with the score the division's table gives it",
  })
  @LEAGUE_ID()
  @ApiParam({
    name: 'fixtureId',
    description: 'A fixture of the league, or a virtual RR3 match virtual:<home>:<away>',
    type: String,
  })
  @MOMENT()
  @ApiAnswer(200, 'The match')
  @ApiErrors(400, 404, 422)
  async match(
    @Param('leagueId') leagueId: string,
    @Param('fixtureId') fixtureId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<LeagueMatchView> {
    return leagueMatchAt(this.store, leagueId, fixtureId, momentOf(query, ['asOf', 'atPosition']));
  }

  @Get('matches/:fixtureId')
  @ApiOperation({
    summary:
      'One match named by its fixture id alone, from the one league that has it, board by board; a fixture id several leagues have is 409 naming them',
  })
  @ApiParam({ name: 'fixtureId', description: 'A fixture id of one league', type: String })
  @MOMENT()
  @ApiAnswer(200, 'The match')
  @ApiErrors(400, 404, 409, 422)
  async anyMatch(
    @Param('fixtureId') fixtureId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<LeagueMatchView> {
    return matchInAnyLeagueAt(this.store, fixtureId, momentOf(query, ['asOf', 'atPosition']));
  }

  /**
   * The league's correction log (its corrections, rulings on match results and
   * appeals, LCBA-10.2 and 2.5), each with its deadline from the match's day by the organising
   * club's rulebook and zone. Private to the league's keys (route-access.ts).
   */
  @Get('leagues/:leagueId/corrections')
  @ApiOperation({
    summary:
      "Every correction, ruling and appeal of a league's matches and structure, with its state and deadline (its rulebook's deadlines: LCBA-10.2 and 2.5 for the LCBA)",
  })
  @LEAGUE_ID()
  @ApiTableQuery(['asOf', 'atPosition'])
  @ApiAnswer(200, 'The correction log')
  @ApiErrors(400, 404)
  async corrections(
    @Param('leagueId') leagueId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<CorrectionLogView> {
    const { value, issues } = readTableQuery(query, ['asOf', 'atPosition']);
    if (issues.length > 0) throw new InvalidRequestError(issues);
    return correctionLogFromStore(this.store, leagueId, value, 'league');
  }
}
