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
import type { FieldIssue } from '../../events/issues';
import { correctionLogFromStore } from '../../runtime/correction-log';
import { ledgerContentsOf, type LedgerContents } from '../../runtime/pages/ledger-contents';
import { leagueMatchPageAt, leagueTablePageAt } from '../../runtime/pages/league-pages';
import { readLeagueQuery, type LeagueMoment } from '../../runtime/leagues';
import { readTableQuery, wholeNumber } from '../../runtime/table-query';
import { diffAt, publicationsOf, readMoment, type Moment } from '../../runtime/what-if';
import type { LeagueTableView } from '../../projections/leagues';
import type { EventStore } from '../../store/event-store';
import { CPointsQuery } from '../cqrs/c-points';
import { ChampionshipQuery, StandingsQuery } from '../cqrs/published';
import { mayReadPrivate, mayReadPublished, viewerOf } from '../http/access/viewer';
import { InvalidRequestError } from '../http/errors';
import type { LiveState } from '../../runtime/published';
import { EVENT_STORE, LIVE_COMPETITIONS } from '../tokens';
import { PageExceptionFilter, PageForbiddenError, PageNotFoundError } from './page-errors';
import { sendPage, type PageResponse } from './respond';
import { tablesPrivate } from './tables-private';
import { LedgerAccess } from '../http/access/ledger-access';
import { diffPage } from './views/diff';
import { explainPage } from './views/explain';
import { clubPage, homePage, type CompetitionStatus } from './views/ledger';
import {
  leagueCsv,
  leagueExplainPage,
  leagueTablePage,
  type LeaguePageMoment,
} from './views/league';
import { matchPage } from './views/match';
import type { PageMoment, Standings } from './views/shapes';
import { standingsCsv, standingsPage } from './views/standings';
import { championshipPage, correctionLogPage, cPointsPage, membersPage } from './views/tables';
import { applicationsPage, personPage, registerPage, visitorsPage } from './views/register';
import {
  applicationsAt,
  memberAt,
  readMembershipQuery,
  registerAt,
  visitorsIn,
  type MembershipParam,
} from '../../runtime/membership';

/** A chooser's empty fields are not asked for: `?asOf=&atPosition=5` is `?atPosition=5`. */
const asked = (q: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== ''));

/**
 * Issue 17: the ledger as server-rendered HTML (no script needed), read from the same queries
 * as the JSON routes (StandingsQuery, CPointsQuery, ChampionshipQuery, diffAt, the correction
 * log): a page computes no number of its own. Refusals are HTML pages (PageExceptionFilter).
 */
// People read these (docs/pages.md); the API document lists the JSON routes only.
@ApiExcludeController()
@Controller()
@UseFilters(PageExceptionFilter)
export class PagesController {
  constructor(
    private readonly queryBus: QueryBus,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly access: LedgerAccess,
    // The register's seats and roster from the live competitions model (not a replay).
    @Inject(LIVE_COMPETITIONS) private readonly live: LiveState,
  ) {}

  @Get()
  async home(@Res() res: PageResponse) {
    const contents = await ledgerContentsOf(this.store);
    sendPage(res, homePage(contents.clubs(), contents.leagues()));
  }

  @Get('clubs/:clubId')
  async club(@Param('clubId') clubId: string, @Req() req: object, @Res() res: PageResponse) {
    const contents = await ledgerContentsOf(this.store);
    const club = this.clubOf(contents, clubId);
    const viewer = viewerOf(req);
    await this.mayReadTables(req, clubId);
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
    sendPage(res, clubPage(clubId, club, competitions, mayReadPrivate(viewer, clubId), leagues));
  }

  @Get('clubs/:clubId/roster')
  async members(@Param('clubId') clubId: string, @Req() req: object, @Res() res: PageResponse) {
    const club = this.clubOf(await ledgerContentsOf(this.store), clubId);
    if (!mayReadPrivate(viewerOf(req), clubId))
      throw new PageForbiddenError(`the members of club ${clubId}`);
    sendPage(res, membersPage(clubId, club));
  }

  @Get('clubs/:clubId/correction-log')
  async correctionLog(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: object,
    @Res() res: PageResponse,
  ) {
    const club = this.clubOf(await ledgerContentsOf(this.store), clubId);
    if (!mayReadPrivate(viewerOf(req), clubId))
      throw new PageForbiddenError(`the correction log of club ${clubId}`);
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
    const club = this.clubOf(contents, clubId);
    await this.mayReadTables(req, clubId);
    if (!contents.competitionsOf(clubId).some((c) => c.season === season))
      throw new PageNotFoundError(`season ${season} of club ${clubId}`);
    const view = await this.queryBus.execute(new ChampionshipQuery(clubId, season, {}));
    sendPage(res, championshipPage(view, club.name));
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
    sendPage(res, standingsPage({ view, clubName: club.name, moment, publications, bySession }));
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
    this.sendCsv(res, competitionId, await this.standingsAt(competitionId, at));
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
    const body = explainPage(view, club.name, moment, competitorId);
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
      diffPage(d, clubId, club.name, competitionId, competition.name, {
        from: String(query.from),
        to: String(query.to ?? 'now'),
      }),
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
    sendPage(res, cPointsPage(view, club.name));
  }

  // Issue 17/18: the leagues' pages. Public reads, as the JSON league routes (route-access.ts),
  // from the same replay and query (`leagueState`, `leagueTableOf`, `matchOf`).

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
    sendPage(res, matchPage(p.view, name, moment, p.position, p.recorded));
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

  private clubOf(contents: LedgerContents, clubId: string) {
    const club = contents.club(clubId);
    if (!club) throw new PageNotFoundError(`club ${clubId}`);
    return club;
  }

  /** Published tables: public unless the club marked them private (then its keys only). */
  private async mayReadTables(req: object, clubId: string): Promise<void> {
    if (!mayReadPublished(viewerOf(req), clubId, await tablesPrivate(this.access, clubId))) {
      throw new PageForbiddenError(`the tables of club ${clubId}`);
    }
  }

  /** The club and competition of a page: 404 naming the one not found (or of another club). */
  private async competitionOf(req: object, clubId: string, competitionId: string) {
    const contents = await ledgerContentsOf(this.store);
    const club = this.clubOf(contents, clubId);
    const competition = contents.competition(competitionId);
    if (!competition || competition.clubId !== clubId) {
      throw new PageNotFoundError(`competition ${competitionId} of club ${clubId}`);
    }
    await this.mayReadTables(req, clubId);
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
    if (kind !== 'nz' && kind !== 'dsb') {
      throw new NotImplementedException(
        `standings of kind ${kind} have no page yet: GET /competitions/${competitionId}/standings gives them as JSON`,
      );
    }
    return view;
  }

  private sendCsv(res: PageResponse, competitionId: string, view: Standings): void {
    res
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="${competitionId}-standings.csv"`)
      .send(standingsCsv(view));
  }

  // Issue 19: the club's membership pages (private to its keys): the register, the pending
  // applications, the visitors of a year and one person's history, from the JSON's queries.

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

  /** A membership page's club: 404 when unknown, 403 unless the viewer may read its private views. */
  private async membershipClubOf(req: object, clubId: string) {
    const club = this.clubOf(await ledgerContentsOf(this.store), clubId);
    if (!mayReadPrivate(viewerOf(req), clubId))
      throw new PageForbiddenError(`the membership of club ${clubId}`);
    return club;
  }
}

/** A membership page's query (empty fields not asked), read as the JSON's; anything else 400. */
function membershipQueryOf(raw: Record<string, unknown>, params: readonly MembershipParam[]) {
  const query = asked(raw);
  const issues = Object.keys(query)
    .filter((k) => !(params as readonly string[]).includes(k))
    .map((field) => ({ field, message: `property ${field} should not exist` }));
  const read = readMembershipQuery(query);
  issues.push(...read.issues);
  if (issues.length > 0) throw new InvalidRequestError(issues);
  return read.value;
}
