import { ApiExcludeController } from '@nestjs/swagger';
import { Controller, Get, Inject, Param, Query, Req, Res, UseFilters } from '@nestjs/common';
import { meetingAt, meetingsAt, officersAt, readMeetingsQuery, type MeetingsParam } from '../read';
import type { EventStore } from '../../../store/event-store';
import { EVENT_STORE } from '../../../app/tokens';
import { PageExceptionFilter } from '../../../app/pages/page-errors';
import { asked, privateClubOf } from '../../../app/pages/page-reads';
import { sendPage, type PageResponse } from '../../../app/pages/respond';
import { readQueryOrRefuse } from '../../../app/http/query-params';
import { meetingsPage, minutesPage } from './meetings.view';

const MOMENT: readonly MeetingsParam[] = ['asOf', 'atPosition'];

/** A page's query (empty fields not asked), read as the JSON's; anything else 400. */
const momentOf = (raw: Record<string, unknown>) =>
  readQueryOrRefuse(asked(raw), MOMENT, (q) => readMeetingsQuery(q));

/**
 * The club's general-meetings pages (private to its keys, as its register is): the meetings
 * with the officers on a day, and one meeting's minutes, from the JSON's queries.
 */
// People read these (docs/pages.md); the API document lists the JSON routes only.
@ApiExcludeController()
@Controller()
@UseFilters(PageExceptionFilter)
export class MeetingsPagesController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  @Get('clubs/:clubId/general-meetings')
  async meetings(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const club = await privateClubOf(this.store, req, clubId, 'the general meetings of club');
    const at = momentOf(query);
    const [list, officers] = [
      await meetingsAt(this.store, clubId, at),
      await officersAt(this.store, clubId, at),
    ];
    sendPage(res, meetingsPage(list, officers, club.name));
  }

  @Get('clubs/:clubId/general-meetings/:meetingId')
  async minutes(
    @Param('clubId') clubId: string,
    @Param('meetingId') meetingId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const club = await privateClubOf(this.store, req, clubId, 'the general meetings of club');
    sendPage(
      res,
      minutesPage(await meetingAt(this.store, clubId, meetingId, momentOf(query)), club.name),
    );
  }
}
