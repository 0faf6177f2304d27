import { ApiExcludeController } from '@nestjs/swagger';
import { Controller, Get, Inject, Param, Query, Req, Res, UseFilters } from '@nestjs/common';
import type { FieldIssue } from '../../../kernel/issues';
import type { EventStore } from '../../../store/event-store';
import { EVENT_STORE } from '../../../app/tokens';
import { InvalidRequestError } from '../../../app/http/errors';
import { LedgerAccess } from '../../../app/http/access/ledger-access';
import { PageExceptionFilter, PageNotFoundError } from '../../../app/pages/page-errors';
import { asked, clubOf, mayReadTables } from '../../../app/pages/page-reads';
import { sendPage, type PageResponse } from '../../../app/pages/respond';
import { ledgerContentsOf } from '../../../ledger/ledger-contents';
import {
  readTeamsQuery,
  swissProposalAt,
  teamCardAt,
  teamsListAt,
  teamsMatchAt,
  teamsStandingAt,
  type TeamsMoment,
} from '../read';
import {
  matchPage,
  pageMomentOf,
  proposalPage,
  standingCsv,
  standingPage,
  teamCardPage,
  teamsListPage,
  type TeamsPageMoment,
} from './teams.view';

/**
 * A club's teams events as pages, under the club: `/clubs/:clubId/teams` (the list),
 * `…/teams/:eventId` (the standing, CSV), its matches, teams and Swiss proposals; read from the
 * same queries as `GET /teams/…` (a page computes no number of its own). Published tables: public
 * unless the club keeps them private.
 */
// People read these (docs/pages.md); the API document lists the JSON routes only.
@ApiExcludeController()
@Controller()
@UseFilters(PageExceptionFilter)
export class TeamsPagesController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly access: LedgerAccess,
  ) {}

  @Get('clubs/:clubId/teams')
  async list(@Param('clubId') clubId: string, @Req() req: object, @Res() res: PageResponse) {
    const club = clubOf(await ledgerContentsOf(this.store), clubId);
    await mayReadTables(this.access, req, clubId);
    sendPage(res, teamsListPage(clubId, club.name, await teamsListAt(this.store)));
  }

  @Get('clubs/:clubId/teams/:eventId')
  async standing(
    @Param('clubId') clubId: string,
    @Param('eventId') eventId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const { name, at, moment } = await this.read(req, clubId, query);
    const view = await this.owned(clubId, eventId, teamsStandingAt(this.store, eventId, at));
    sendPage(res, standingPage(view, name, moment));
  }

  @Get('clubs/:clubId/teams/:eventId/standing.csv')
  async csv(
    @Param('clubId') clubId: string,
    @Param('eventId') eventId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const { at } = await this.read(req, clubId, query);
    const view = await this.owned(clubId, eventId, teamsStandingAt(this.store, eventId, at));
    res
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="${eventId}-standing.csv"`)
      .send(standingCsv(view));
  }

  @Get('clubs/:clubId/teams/:eventId/matches/:matchId')
  async match(
    @Param('clubId') clubId: string,
    @Param('eventId') eventId: string,
    @Param('matchId') matchId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const { name, at, moment } = await this.read(req, clubId, query);
    const view = await this.owned(clubId, eventId, teamsMatchAt(this.store, eventId, matchId, at));
    sendPage(res, matchPage(view, name, moment));
  }

  @Get('clubs/:clubId/teams/:eventId/teams/:teamId')
  async team(
    @Param('clubId') clubId: string,
    @Param('eventId') eventId: string,
    @Param('teamId') teamId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const { name, at, moment } = await this.read(req, clubId, query);
    const view = await this.owned(clubId, eventId, teamCardAt(this.store, eventId, teamId, at));
    sendPage(res, teamCardPage(view, name, moment));
  }

  @Get('clubs/:clubId/teams/:eventId/swiss/:round')
  async swiss(
    @Param('clubId') clubId: string,
    @Param('eventId') eventId: string,
    @Param('round') round: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const { name, at, moment } = await this.read(req, clubId, query);
    const n = /^\d{1,2}$/.test(round) ? Number(round) : NaN;
    if (!(n >= 1)) {
      throw new InvalidRequestError([
        { field: 'round', message: `round must be a whole number >= 1, got ${round}` },
      ]);
    }
    const view = await this.owned(clubId, eventId, swissProposalAt(this.store, eventId, n, at));
    sendPage(res, proposalPage(view, name, moment));
  }

  /** The club (404), the viewer's right to its tables (403), the moment asked (400). */
  private async read(
    req: object,
    clubId: string,
    raw: Record<string, unknown>,
  ): Promise<{ name: string; at: TeamsMoment; moment: TeamsPageMoment }> {
    const club = clubOf(await ledgerContentsOf(this.store), clubId);
    await mayReadTables(this.access, req, clubId);
    const query = asked(raw);
    const issues: FieldIssue[] = Object.keys(query)
      .filter((k) => k !== 'asOf' && k !== 'atPosition')
      .map((k) => ({ field: k, message: `property ${k} should not exist` }));
    const { value, issues: more } = readTeamsQuery(query);
    issues.push(...more);
    if (issues.length > 0) throw new InvalidRequestError(issues);
    return { name: club.name, at: value, moment: pageMomentOf(query, value) };
  }

  /** An event of the club, or a 404: another club's event is not this club's page. */
  private async owned<V extends { clubId: string; eventId: string }>(
    clubId: string,
    eventId: string,
    view: Promise<V>,
  ): Promise<V> {
    const v = await view;
    if (v.clubId !== clubId)
      throw new PageNotFoundError(`teams event ${eventId} of club ${clubId}`);
    return v;
  }
}
