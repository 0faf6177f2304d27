import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, ApiPath, ApiTableQuery } from '../../../app/http/api-docs';
import { correctionLogFromStore, type CorrectionLogView } from '../read/correction-log';
import { readTableQuery } from '../../../audit/table-query';
import type { EventStore } from '../../../store/event-store';
import { EVENT_STORE } from '../../../app/tokens';
import { InvalidRequestError } from '../../../app/http/errors';

/**
 * The correction log: `GET /clubs/:clubId/corrections` lists every correction and
 * appeal of the club with its state (pending, accepted, rejected: late (NZ-13), refused: out of
 * time (LCBA-10.2), upheld …), its deadline and the facts behind it; `?asOf=` or
 * `?atPosition=` as the tables take them. Read from the club's streams only. Errors are the
 * ledger's (the exception filter): 400 for a bad parameter, 404 for a club the ledger has no
 * fact of, and for a league's id (`GET /leagues/:leagueId/corrections`, its keys').
 */
@ApiTags('corrections')
@Controller()
export class CorrectionsController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  @Get('clubs/:clubId/corrections')
  @ApiOperation({
    summary:
      'Every correction and appeal of the club, with its state, deadline and the facts behind it',
  })
  @ApiPath('clubId')
  @ApiTableQuery(['asOf', 'atPosition'])
  @ApiAnswer(200, 'The correction log')
  @ApiErrors(400, 404)
  async corrections(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<CorrectionLogView> {
    const { value, issues } = readTableQuery(query, ['asOf', 'atPosition']);
    if (issues.length > 0) throw new InvalidRequestError(issues);
    // A league's log is its own route (GET /leagues/:leagueId/corrections), private to its keys.
    return correctionLogFromStore(this.store, clubId, value, 'club');
  }
}
