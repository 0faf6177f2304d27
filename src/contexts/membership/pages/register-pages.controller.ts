import { ApiExcludeController } from '@nestjs/swagger';
import { Controller, Get, Inject, Param, Query, Req, Res, UseFilters } from '@nestjs/common';
import {
  applicationsAt,
  memberAt,
  readMembershipQuery,
  registerAt,
  visitorsIn,
  eventEntriesAt,
  type MembershipParam,
} from '../read/membership';
import type { LiveState } from '../../../audit/published';
import type { EventStore } from '../../../store/event-store';
import { EVENT_STORE, LIVE_COMPETITIONS } from '../../../app/tokens';
import { PageExceptionFilter } from '../../../app/pages/page-errors';
import { asked, privateClubOf } from '../../../app/pages/page-reads';
import { sendPage, type PageResponse } from '../../../app/pages/respond';
import {
  applicationsPage,
  eventEntriesPage,
  personPage,
  registerPage,
  visitorsPage,
} from './register.view';
import { readQueryOrRefuse } from '../../../app/http/query-params';

/**
 * The club's membership pages (private to its keys): the register, the pending
 * applications, the visitors of a year and one person's history, from the JSON's queries.
 */
// People read these (docs/pages.md); the API document lists the JSON routes only.
@ApiExcludeController()
@Controller()
@UseFilters(PageExceptionFilter)
export class RegisterPagesController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    // The register's seats and roster from the live competitions model (not a replay).
    @Inject(LIVE_COMPETITIONS) private readonly live: LiveState,
  ) {}

  @Get('clubs/:clubId/register')
  async register(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const club = await this.membershipClubOf(req, clubId);
    const view = await registerAt(
      this.store,
      clubId,
      membershipQueryOf(query, ['asOf']),
      this.live,
    );
    sendPage(res, registerPage(view, club.name));
  }

  @Get('clubs/:clubId/register/applications')
  async applications(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const club = await this.membershipClubOf(req, clubId);
    const view = await applicationsAt(
      this.store,
      clubId,
      membershipQueryOf(query, ['asOf']),
      this.live,
    );
    sendPage(res, applicationsPage(view, club.name));
  }

  @Get('clubs/:clubId/register/visitors')
  async visitors(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const club = await this.membershipClubOf(req, clubId);
    const view = await visitorsIn(
      this.store,
      clubId,
      membershipQueryOf(query, ['year']),
      this.live,
    );
    sendPage(res, visitorsPage(view, club.name));
  }

  @Get('clubs/:clubId/register/people/:personId')
  async person(
    @Param('clubId') clubId: string,
    @Param('personId') personId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const club = await this.membershipClubOf(req, clubId);
    const view = await memberAt(
      this.store,
      clubId,
      personId,
      membershipQueryOf(query, ['asOf']),
      this.live,
    );
    sendPage(res, personPage(view, club.name));
  }

  @Get('clubs/:clubId/register/events/:eventId')
  async entries(
    @Param('clubId') clubId: string,
    @Param('eventId') eventId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const club = await this.membershipClubOf(req, clubId);
    const view = await eventEntriesAt(
      this.store,
      clubId,
      eventId,
      membershipQueryOf(query, ['asOf']),
      this.live,
    );
    sendPage(res, eventEntriesPage(view, club.name));
  }

  /** A membership page's club: 404 when unknown, 403 unless the viewer may read its private views. */
  private membershipClubOf(req: object, clubId: string) {
    return privateClubOf(this.store, req, clubId, 'the membership of club');
  }
}

/** A membership page's query (empty fields not asked), read as the JSON's; anything else 400. */
function membershipQueryOf(raw: Record<string, unknown>, params: readonly MembershipParam[]) {
  return readQueryOrRefuse(asked(raw), params, (q) => readMembershipQuery(q));
}
