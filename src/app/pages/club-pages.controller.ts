import { standingsPageOf } from '../../contexts/pairs/pages/standings-kinds';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  Controller,
  Get,
  Inject,
  NotImplementedException,
  Param,
  Query,
  Req,
  Res,
  UseFilters,
} from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FieldIssue } from '../../kernel/issues';
import { correctionLogFromStore } from '../../contexts/corrections/read/correction-log';
import { ledgerContentsOf } from '../../ledger/ledger-contents';
import { readTableQuery, wholeNumber } from '../../audit/table-query';
import { diffAt, publicationsOf, readMoment, type Moment } from '../../audit/what-if';
import type { EventStore } from '../../store/event-store';
import { CPointsQuery } from '../../contexts/pairs/http/c-points.query';
import { ChampionshipQuery, StandingsQuery } from '../../contexts/pairs/http/published.query';
import { LedgerAccess } from '../http/access/ledger-access';
import { mayReadPrivate, viewerOf } from '../http/access/viewer';
import { InvalidRequestError } from '../http/errors';
import { EVENT_STORE } from '../tokens';
import { PageExceptionFilter, PageNotFoundError } from './page-errors';
import { asked, clubOf, mayReadTables, privateClubOf } from './page-reads';
import { sendPage, type PageResponse } from './respond';
import { diffPage } from '../../contexts/pairs/pages/diff.view';
import { explainPage } from '../../contexts/pairs/pages/explain.view';
import { clubPage, homePage, type CompetitionStatus } from './views/ledger';
import { meetingsAt } from '../../contexts/meetings/read';
import type { PageMoment, Standings } from './views/shapes';
import { standingsCsv, standingsPage } from '../../contexts/pairs/pages/standings.view';
import { championshipPage, correctionLogPage, cPointsPage, membersPage } from './views/tables';

/**
 * The front page, the clubs' and their competitions' pages as server-rendered HTML
 * (no script needed), read from the same queries as the JSON routes (StandingsQuery,
 * CPointsQuery, ChampionshipQuery, diffAt, the correction log): a page computes no number of
 * its own. Refusals are HTML pages (PageExceptionFilter).
 */
// People read these (docs/pages.md); the API document lists the JSON routes only.
@ApiExcludeController()
@Controller()
@UseFilters(PageExceptionFilter)
export class ClubPagesController {
  constructor(
    private readonly queryBus: QueryBus,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly access: LedgerAccess,
  ) {}

  @Get()
  async home(@Res() res: PageResponse) {
    const contents = await ledgerContentsOf(this.store);
    sendPage(res, homePage(contents.clubs(), contents.leagues()));
  }

  @Get('clubs/:clubId')
  async club(@Param('clubId') clubId: string, @Req() req: object, @Res() res: PageResponse) {
    const contents = await ledgerContentsOf(this.store);
    const club = clubOf(contents, clubId);
    const viewer = viewerOf(req);
    await mayReadTables(this.access, req, clubId);
    const competitions: CompetitionStatus[] = [];
    for (const c of contents.competitionsOf(clubId)) {
      try {
        const v = (await this.queryBus.execute(
          new StandingsQuery(c.competitionId, {}),
        )) as unknown as Standings;
        competitions.push({ ...c, kind: v.kind, final: v.final, afterSession: v.afterSession });
      } catch (e) {
        competitions.push({ ...c, refused: (e as Error).message });
      }
    }
    const leagues = contents.leagues().filter((l) => l.clubId === clubId);
    const privately = mayReadPrivate(viewer, clubId);
    const meetings = privately ? await meetingsCalendarOf(this.store, clubId) : undefined;
    sendPage(
      res,
      clubPage(
        clubId,
        club,
        competitions,
        privately,
        leagues,
        meetings,
        contents.scoredSessionsOf(clubId),
      ),
    );
  }

  @Get('clubs/:clubId/roster')
  async members(@Param('clubId') clubId: string, @Req() req: object, @Res() res: PageResponse) {
    const club = await privateClubOf(this.store, req, clubId, 'the members of club');
    sendPage(res, membersPage(clubId, club));
  }

  @Get('clubs/:clubId/correction-log')
  async correctionLog(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const club = await privateClubOf(this.store, req, clubId, 'the correction log of club');
    const { value, issues } = readTableQuery(asked(query), ['asOf', 'atPosition']);
    if (issues.length > 0) throw new InvalidRequestError(issues);
    const log = await correctionLogFromStore(this.store, clubId, value);
    sendPage(res, correctionLogPage(log, club.name));
  }

  @Get('clubs/:clubId/championship/:season')
  async championship(
    @Param('clubId') clubId: string,
    @Param('season') season: string,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const contents = await ledgerContentsOf(this.store);
    const club = clubOf(contents, clubId);
    await mayReadTables(this.access, req, clubId);
    if (!contents.competitionsOf(clubId).some((c) => c.season === season))
      throw new PageNotFoundError(`season ${season} of club ${clubId}`);
    const view = await this.queryBus.execute(new ChampionshipQuery(clubId, season, {}));
    sendPage(res, championshipPage(view, club.name, contents.seasonPairNamesOf(clubId, season)));
  }

  @Get('clubs/:clubId/competitions/:competitionId')
  async standings(
    @Param('clubId') clubId: string,
    @Param('competitionId') competitionId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const { club } = await this.competitionOf(req, clubId, competitionId);
    const { moment, publications, at } = await this.momentOf(competitionId, query, ['format']);
    const format = query.format;
    if (format !== undefined && format !== 'csv' && format !== 'html') {
      throw new InvalidRequestError([{ field: 'format', message: 'format must be csv or html' }]);
    }
    const view = await this.standingsAt(competitionId, at);
    if (format === 'csv') return this.sendCsv(res, competitionId, view);
    const bySession: Standings[] = [];
    for (let s = 1; s <= view.afterSession; s++) {
      bySession.push(await this.standingsAt(competitionId, { ...at, afterSession: s }));
    }
    const contents = await ledgerContentsOf(this.store);
    const names = contents.pairNamesOf(competitionId);
    const sessionPages = contents.scoredSessionLinksOf(competitionId);
    sendPage(
      res,
      standingsPage({
        view,
        names,
        sessionPages,
        clubName: club.name,
        moment,
        publications,
        bySession,
      }),
    );
  }

  @Get('clubs/:clubId/competitions/:competitionId/standings.csv')
  async standingsCsv(
    @Param('clubId') clubId: string,
    @Param('competitionId') competitionId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    await this.competitionOf(req, clubId, competitionId);
    const { at } = await this.momentOf(competitionId, query);
    await this.sendCsv(res, competitionId, await this.standingsAt(competitionId, at));
  }

  @Get('clubs/:clubId/competitions/:competitionId/explain/:competitorId')
  async explain(
    @Param('clubId') clubId: string,
    @Param('competitionId') competitionId: string,
    @Param('competitorId') competitorId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const { club } = await this.competitionOf(req, clubId, competitionId);
    const { moment, at } = await this.momentOf(competitionId, query);
    const view = await this.standingsAt(competitionId, at);
    const names = (await ledgerContentsOf(this.store)).pairNamesOf(competitionId);
    const body = explainPage(view, club.name, moment, competitorId, names);
    if (!body) {
      throw new PageNotFoundError(`pair ${competitorId} in the standings of ${competitionId}`);
    }
    sendPage(res, body);
  }

  @Get('clubs/:clubId/competitions/:competitionId/diff')
  async diff(
    @Param('clubId') clubId: string,
    @Param('competitionId') competitionId: string,
    @Query() raw: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const { club, competition } = await this.competitionOf(req, clubId, competitionId);
    const query = asked(raw);
    const { issues } = readTableQuery(query, [], ['from', 'to']);
    const moments: Partial<Record<'from' | 'to', Moment>> = {};
    for (const field of ['from', 'to'] as const) {
      const v = query[field] ?? (field === 'to' ? 'now' : undefined);
      if (v === undefined) {
        issues.push({
          field,
          message: 'from is required: a ledger position, an instant, or published[:N]',
        });
        continue;
      }
      try {
        moments[field] = readMoment(v, field);
      } catch (e) {
        const i = (e as { issues?: FieldIssue[] }).issues;
        if (!i) throw e;
        issues.push(...i);
      }
    }
    if (issues.length > 0) throw new InvalidRequestError(issues);
    const d = await diffAt(
      this.store,
      { table: 'standings', competitionId },
      moments.from!,
      moments.to!,
    );
    sendPage(
      res,
      diffPage(
        d,
        clubId,
        club.name,
        competitionId,
        competition.name,
        { from: String(query.from), to: String(query.to ?? 'now') },
        (await ledgerContentsOf(this.store)).pairNamesOf(competitionId),
      ),
    );
  }

  @Get('clubs/:clubId/competitions/:competitionId/c-points')
  async cPoints(
    @Param('clubId') clubId: string,
    @Param('competitionId') competitionId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const { club } = await this.competitionOf(req, clubId, competitionId);
    const { value, issues } = readTableQuery(asked(query), ['asOf', 'atPosition', 'session']);
    if (issues.length > 0) throw new InvalidRequestError(issues);
    const view = await this.queryBus.execute(new CPointsQuery(competitionId, value));
    const contents = await ledgerContentsOf(this.store);
    sendPage(
      res,
      cPointsPage(view, club.name, {
        players: contents.playerNamesOf(clubId),
        pairs: contents.pairNamesOf(competitionId),
      }),
    );
  }

  /** The club and competition of a page: 404 naming the one not found (or of another club). */
  private async competitionOf(req: object, clubId: string, competitionId: string) {
    const contents = await ledgerContentsOf(this.store);
    const club = clubOf(contents, clubId);
    const competition = contents.competition(competitionId);
    if (!competition || competition.clubId !== clubId) {
      throw new PageNotFoundError(`competition ${competitionId} of club ${clubId}`);
    }
    await mayReadTables(this.access, req, clubId);
    return { club, competition };
  }

  /**
   * The moment of a standings page: asOf, atPosition or published=N (the N-th
   * StandingsPublished, read at the position it names), and afterSession; each refusal names
   * its parameter (400).
   */
  private async momentOf(
    competitionId: string,
    raw: Record<string, unknown>,
    also: string[] = [],
  ): Promise<{
    moment: PageMoment;
    publications: number;
    at: { asOf?: string; atPosition?: number; afterSession?: number };
  }> {
    const query = asked(raw);
    const { value, issues } = readTableQuery(
      query,
      ['asOf', 'atPosition', 'afterSession'],
      ['published', ...also],
    );
    const all = await publicationsOf(this.store, { table: 'standings', competitionId });
    let published: number | undefined;
    if (query.published !== undefined) {
      published = wholeNumber(query.published);
      if (published === undefined || published < 1 || published > all.length) {
        issues.push({
          field: 'published',
          message: `published must be the number of a StandingsPublished of ${competitionId} (1–${all.length}); got ${JSON.stringify(query.published)}`,
        });
      } else if (value.asOf !== undefined || value.atPosition !== undefined) {
        issues.push({
          field: 'published',
          message: 'published names its own moment: give it without asOf or atPosition',
        });
      }
    }
    if (issues.length > 0) throw new InvalidRequestError(issues);
    const at =
      published !== undefined
        ? { atPosition: all[published - 1]!.atPosition, afterSession: value.afterSession }
        : value;
    return { moment: { ...value, published }, publications: all.length, at };
  }

  private async standingsAt(
    competitionId: string,
    at: { asOf?: string; atPosition?: number; afterSession?: number },
  ): Promise<Standings> {
    const view = (await this.queryBus.execute(
      new StandingsQuery(competitionId, at),
    )) as unknown as Standings;
    // A ruleset whose standings have another shape (a league's teams) has no page yet.
    const kind: string = view.kind;
    const shown = kind === 'nz' || kind === 'dsb' || kind === 'butler' || standingsPageOf(view);
    if (!shown) {
      throw new NotImplementedException(
        `standings of kind ${kind} have no page yet: GET /competitions/${competitionId}/standings gives them as JSON`,
      );
    }
    return view;
  }

  private async sendCsv(res: PageResponse, competitionId: string, view: Standings) {
    const names = (await ledgerContentsOf(this.store)).pairNamesOf(competitionId);
    res
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="${competitionId}-standings.csv"`)
      .send(standingsCsv(view, names));
  }
}

/** The club's AGM calendar today (PIN-C27), for its private part; none without meetings. */
async function meetingsCalendarOf(store: EventStore, clubId: string) {
  try {
    return (await meetingsAt(store, clubId)).calendar;
  } catch (e) {
    if ((e as { code?: unknown }).code === 'UNKNOWN_MEETING') return undefined;
    throw e;
  }
}
