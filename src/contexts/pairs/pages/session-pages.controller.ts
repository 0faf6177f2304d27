import { ApiExcludeController } from '@nestjs/swagger';
import { Controller, Get, Inject, Param, Req, Res, UseFilters } from '@nestjs/common';
import type { EventStore } from '../../../store/event-store';
import { EVENT_STORE } from '../../../app/tokens';
import { PageExceptionFilter, PageNotFoundError } from '../../../app/pages/page-errors';
import { clubOf, mayReadTables } from '../../../app/pages/page-reads';
import { sendPage, type PageResponse } from '../../../app/pages/respond';
import { LedgerAccess } from '../../../app/http/access/ledger-access';
import { ledgerContentsOf } from '../../../ledger/ledger-contents';
import { sessionPbnAt, sessionSheetAt, sessionUsebioAt } from '../read/session-sheet';
import { scorecardPage, sessionPage } from './session.view';

/**
 * A club's scored sessions as its results site shows them: the evening (ranking and
 * travellers) and each pair's scorecard. Published tables: public unless the club keeps its
 * tables private. A session of another club is not found under this one.
 */
// People read these (docs/pages.md); the API document lists the JSON routes only.
@ApiExcludeController()
@Controller()
@UseFilters(PageExceptionFilter)
export class SessionPagesController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly access: LedgerAccess,
  ) {}

  private async sheet(req: object, clubId: string, sessionStreamId: string) {
    const club = clubOf(await ledgerContentsOf(this.store), clubId);
    await mayReadTables(this.access, req, clubId);
    const sheet = await sessionSheetAt(this.store, sessionStreamId);
    if (sheet.result.clubId !== clubId) {
      throw new PageNotFoundError(`session ${sessionStreamId} of club ${clubId}`);
    }
    return { club, sheet };
  }

  @Get('clubs/:clubId/sessions/:sessionStreamId')
  async session(
    @Param('clubId') clubId: string,
    @Param('sessionStreamId') sessionStreamId: string,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const { club, sheet } = await this.sheet(req, clubId, sessionStreamId);
    sendPage(res, sessionPage(sheet, clubId, club.name));
  }

  @Get('clubs/:clubId/sessions/:sessionStreamId/pairs/:pair')
  async scorecard(
    @Param('clubId') clubId: string,
    @Param('sessionStreamId') sessionStreamId: string,
    @Param('pair') pair: string,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const { club, sheet } = await this.sheet(req, clubId, sessionStreamId);
    const rows = sheet.scorecards[pair];
    if (!rows) throw new PageNotFoundError(`pair ${pair} of session ${sessionStreamId}`);
    sendPage(res, scorecardPage(sheet, pair, rows, clubId, club.name));
  }

  /**
   * The session as a result file (USEBIO 1.2 for a national ranking or a master-point system,
   * PBN 2.1 with the deals for a site that reads PBN), to download.
   */
  @Get('clubs/:clubId/sessions/:sessionStreamId/:file')
  async download(
    @Param('clubId') clubId: string,
    @Param('sessionStreamId') sessionStreamId: string,
    @Param('file') file: string,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const format = Object.hasOwn(DOWNLOADS, file) ? DOWNLOADS[file] : undefined;
    if (!format) throw new PageNotFoundError(`${file} of session ${sessionStreamId}`);
    await this.sheet(req, clubId, sessionStreamId);
    res
      .type(format.type)
      .set('Content-Disposition', `attachment; filename="${sessionStreamId}${format.suffix}"`)
      .send(await format.write(this.store, sessionStreamId));
  }
}

/** The result files a session page offers, by the name its link gives. */
const DOWNLOADS: Readonly<
  Record<
    string,
    { type: string; suffix: string; write: (store: EventStore, id: string) => Promise<string> }
  >
> = Object.freeze({
  'usebio.xml': {
    type: 'application/xml; charset=utf-8',
    suffix: '.usebio.xml',
    write: sessionUsebioAt,
  },
  'session.pbn': { type: 'application/x-pbn; charset=utf-8', suffix: '.pbn', write: sessionPbnAt },
});
