import { ApiExcludeController } from '@nestjs/swagger';
import { Controller, Get, Inject, Param, Query, Req, Res, UseFilters } from '@nestjs/common';
import type { FieldIssue } from '../../../kernel/issues';
import type { LeagueTableView } from '../projection';
import { ledgerContentsOf } from '../../../ledger/ledger-contents';
import { leagueMatchPageAt, leagueTablePageAt } from '../read/league-pages';
import { readLeagueQuery, type LeagueMoment } from '../read/leagues';
import type { EventStore } from '../../../store/event-store';
import { InvalidRequestError } from '../../../app/http/errors';
import { EVENT_STORE } from '../../../app/tokens';
import { correctionLogFromStore } from '../../corrections/read';
import { readTableQuery } from '../../../audit/table-query';
import { covers } from '../../../app/http/access/ledger-access';
import { viewerOf } from '../../../app/http/access/viewer';
import {
  PageExceptionFilter,
  PageForbiddenError,
  PageNotFoundError,
} from '../../../app/pages/page-errors';
import { correctionLogPage } from '../../../app/pages/views/tables';
import { asked } from '../../../app/pages/page-reads';
import { sendPage, type PageResponse } from '../../../app/pages/respond';
import {
  leagueCsv,
  leagueExplainPage,
  leagueTablePage,
  type LeaguePageMoment,
} from './league.view';
import { matchPage } from './match.view';

/**
 * The leagues' pages. Public reads, as the JSON league routes (route-access.ts),
 * from the same replay and query (`leagueState`, `leagueTableOf`, `matchOf`).
 */
// People read these (docs/pages.md); the API document lists the JSON routes only.
@ApiExcludeController()
@Controller()
@UseFilters(PageExceptionFilter)
export class LeaguePagesController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** A league's correction log, private to the league's keys (as its JSON route). */
  @Get('leagues/:leagueId/correction-log')
  async correctionLog(
    @Param('leagueId') leagueId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const league = (await ledgerContentsOf(this.store)).league(leagueId);
    if (!league) throw new PageNotFoundError(`league ${leagueId}`);
    if (!covers(viewerOf(req), { kind: 'league', id: leagueId }))
      throw new PageForbiddenError(`the correction log of league ${leagueId}`);
    const { value, issues } = readTableQuery(asked(query), ['asOf', 'atPosition']);
    if (issues.length > 0) throw new InvalidRequestError(issues);
    const log = await correctionLogFromStore(this.store, leagueId, value, 'league');
    sendPage(res, correctionLogPage(log, league.name, `/leagues/${encodeURIComponent(leagueId)}`));
  }

  @Get('leagues/:leagueId')
  async league(
    @Param('leagueId') leagueId: string,
    @Query() query: Record<string, unknown>,
    @Res() res: PageResponse,
  ) {
    const { moment, at } = await this.leagueMomentOf(leagueId, query, ['division', 'format']);
    const format = query.format;
    if (format !== undefined && format !== 'csv' && format !== 'html') {
      throw new InvalidRequestError([{ field: 'format', message: 'format must be csv or html' }]);
    }
    if (format === 'csv') {
      const { view } = await leagueTablePageAt(this.store, leagueId, at);
      return this.sendLeagueCsv(res, leagueId, view);
    }
    const p = await leagueTablePageAt(this.store, leagueId, at, { chart: true });
    sendPage(res, leagueTablePage({ ...p, moment }));
  }

  @Get('leagues/:leagueId/table.csv')
  async leagueTableCsv(
    @Param('leagueId') leagueId: string,
    @Query() query: Record<string, unknown>,
    @Res() res: PageResponse,
  ) {
    const { at } = await this.leagueMomentOf(leagueId, query, ['division']);
    this.sendLeagueCsv(res, leagueId, (await leagueTablePageAt(this.store, leagueId, at)).view);
  }

  @Get('leagues/:leagueId/explain/:teamId')
  async leagueExplain(
    @Param('leagueId') leagueId: string,
    @Param('teamId') teamId: string,
    @Query() query: Record<string, unknown>,
    @Res() res: PageResponse,
  ) {
    const { moment, at } = await this.leagueMomentOf(leagueId, query);
    const p = await leagueTablePageAt(this.store, leagueId, at);
    const body = leagueExplainPage({ ...p, moment }, teamId);
    if (!body) throw new PageNotFoundError(`team ${teamId} in the tables of league ${leagueId}`);
    sendPage(res, body);
  }

  /** A match's page; the JSON keeps `…/matches/:fixtureId` (registered first, it would win). */
  @Get('leagues/:leagueId/fixtures/:fixtureId')
  async leagueMatch(
    @Param('leagueId') leagueId: string,
    @Param('fixtureId') fixtureId: string,
    @Query() query: Record<string, unknown>,
    @Res() res: PageResponse,
  ) {
    const { moment, at, name } = await this.leagueMomentOf(leagueId, query);
    const p = await leagueMatchPageAt(this.store, leagueId, fixtureId, at);
    sendPage(res, matchPage(p.view, name, moment, p.position, p.cites, p.recorded));
  }

  /**
   * A league page's moment, read as the JSON's (`readLeagueQuery`: asOf a club date or an
   * instant, atPosition, division); any other parameter a 400 naming it; an unknown league 404.
   */
  private async leagueMomentOf(
    leagueId: string,
    raw: Record<string, unknown>,
    allowed: string[] = [],
  ): Promise<{ moment: LeaguePageMoment; at: LeagueMoment; name: string }> {
    const league = (await ledgerContentsOf(this.store)).league(leagueId);
    if (!league) throw new PageNotFoundError(`league ${leagueId}`);
    const query = asked(raw);
    const reads = ['asOf', 'atPosition', ...allowed];
    const issues: FieldIssue[] = Object.keys(query)
      .filter((k) => !reads.includes(k))
      .map((k) => ({ field: k, message: `property ${k} should not exist` }));
    const { value, issues: more } = readLeagueQuery({
      asOf: query.asOf,
      atPosition: query.atPosition,
      ...(allowed.includes('division') ? { division: query.division } : {}),
    });
    issues.push(...more);
    if (issues.length > 0) throw new InvalidRequestError(issues);
    const moment: LeaguePageMoment = {
      ...(typeof query.asOf === 'string' ? { asOf: query.asOf } : {}),
      ...(value.atPosition !== undefined ? { atPosition: value.atPosition } : {}),
      ...(value.division !== undefined ? { division: value.division } : {}),
    };
    return { moment, at: value, name: league.name };
  }

  private sendLeagueCsv(res: PageResponse, leagueId: string, view: LeagueTableView): void {
    res
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="${leagueId}-table.csv"`)
      .send(leagueCsv(view));
  }
}
