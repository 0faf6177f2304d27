import { ApiExcludeController } from '@nestjs/swagger';
import { Controller, Get, Inject, Param, Query, Req, Res, UseFilters } from '@nestjs/common';
import { rubberSessionAt, rubberSessionsAt } from '../read';
import type { EventStore } from '../../../store/event-store';
import { EVENT_STORE } from '../../../app/tokens';
import { PageExceptionFilter } from '../../../app/pages/page-errors';
import { asked, privateClubOf } from '../../../app/pages/page-reads';
import { sendPage, type PageResponse } from '../../../app/pages/respond';
import { rubberMomentOf } from '../http/rubber.controller';
import { sessionPage, sessionsPage } from './rubber.view';

/**
 * The club's rubber-bridge pages (private to its keys): its evenings, and one evening's tables
 * for the duty member, reloading itself while it shows the evening as it is now.
 */
// People read these (docs/pages.md); the API document lists the JSON routes only.
@ApiExcludeController()
@Controller()
@UseFilters(PageExceptionFilter)
export class RubberPagesController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  @Get('clubs/:clubId/rubber-bridge')
  async sessions(@Param('clubId') clubId: string, @Req() req: object, @Res() res: PageResponse) {
    const club = await privateClubOf(this.store, req, clubId, 'the rubber bridge of club');
    sendPage(res, sessionsPage(await rubberSessionsAt(this.store, clubId), club.name));
  }

  @Get('clubs/:clubId/rubber-bridge/:sessionId')
  async session(
    @Param('clubId') clubId: string,
    @Param('sessionId') sessionId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const club = await privateClubOf(this.store, req, clubId, 'the rubber bridge of club');
    const moment = rubberMomentOf(asked(query));
    const live = Object.values(moment).every((v) => v === undefined);
    sendPage(
      res,
      sessionPage(await rubberSessionAt(this.store, clubId, sessionId, moment), club.name, live),
    );
  }
}
