import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type {
  ApplicationsView,
  EventEntriesView,
  PersonHistoryView,
  RegisterView,
  VisitorsView,
} from '../projection';
import {
  applicationsAt,
  eventEntriesAt,
  memberAt,
  readMembershipQuery,
  registerAt,
  visitorsIn,
  type MembershipParam,
} from '../read/membership';
import type { EventStore } from '../../../store/event-store';
import type { LiveState } from '../../../audit/published';
import { EVENT_STORE, LIVE_COMPETITIONS } from '../../../app/tokens';
import { ApiAnswer, ApiErrors } from '../../../app/http/api-docs';
import { readQueryOrRefuse } from '../../../app/http/query-params';

const CLUB_ID = () =>
  ApiParam({ name: 'clubId', description: 'A club id, e.g. pinner', type: String });

const AS_OF = () =>
  ApiQuery({
    name: 'asOf',
    required: false,
    description: 'A club date YYYY-MM-DD: the register as of that day (today without it).',
    schema: { type: 'string', format: 'date' },
  });

/** A request's query read as the CLI reads its options; anything else refused (400). */
function queryOf(query: Record<string, unknown>, params: readonly MembershipParam[]) {
  return readQueryOrRefuse(query, params, (q) => readMembershipQuery(q));
}

/**
 * A club's membership (Pinner BC's rules, PIN-R7..R13, C3..C18; NZ-10's visitors):
 * the register as of a day, one person's history, the pending applications and the visitors of
 * a year. Every answer is computed when asked from the club's `members-<clubId>` facts, its
 * rulebook in force and the seats of its competitions (src/contexts/membership/read/membership.ts). Private to
 * the club's keys (an admin's too; the club's auditor reads them): route-access.ts.
 * Errors: 400 for a bad parameter, 404 for a club or person the ledger does not have, 422 for
 * facts the rules cannot count.
 */
@ApiTags('membership')
@Controller()
export class MembershipController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    // The seats and the roster from the service's live competitions model, not a replay.
    @Inject(LIVE_COMPETITIONS) private readonly live: LiveState,
  ) {}

  @Get('clubs/:clubId/members')
  @ApiOperation({
    summary:
      "A club's register as of a day (PIN-R8): each person's standing, class and the day it started, vote, subscription, PIN-R9 bar",
  })
  @CLUB_ID()
  @AS_OF()
  @ApiAnswer(200, 'The register')
  @ApiErrors(400, 404, 422)
  async register(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<RegisterView> {
    return registerAt(this.store, clubId, queryOf(query, ['asOf']), this.live);
  }

  @Get('clubs/:clubId/members/:personId')
  @ApiOperation({
    summary:
      "One person's history at a club: every membership fact about them and each class derived (Restricted → Full), their sessions and seats, dated",
  })
  @CLUB_ID()
  @ApiParam({ name: 'personId', description: 'A person id of the club', type: String })
  @AS_OF()
  @ApiAnswer(200, "The person's history")
  @ApiErrors(400, 404, 422)
  async member(
    @Param('clubId') clubId: string,
    @Param('personId') personId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<PersonHistoryView> {
    return memberAt(this.store, clubId, personId, queryOf(query, ['asOf']), this.live);
  }

  @Get('clubs/:clubId/events/:eventId/entries')
  @ApiOperation({
    summary:
      "The sessions played in one of the club's events (SessionPlayedAtClub), each with the rules' verdicts: a Restricted member in an event the committee restricted her from (PIN-R8/C17, recorded under restrictedPlay 'flag'), the table money (PIN-R12)",
  })
  @CLUB_ID()
  @ApiParam({ name: 'eventId', description: 'An event id the sessions name', type: String })
  @AS_OF()
  @ApiAnswer(200, "The event's entries")
  @ApiErrors(400, 404, 422)
  async entries(
    @Param('clubId') clubId: string,
    @Param('eventId') eventId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<EventEntriesView> {
    return eventEntriesAt(this.store, clubId, eventId, queryOf(query, ['asOf']), this.live);
  }

  @Get('clubs/:clubId/applications')
  @ApiOperation({
    summary:
      'The applications pending on a day: display deadline (PIN-C6/C7), objections (PIN-C8), proposer, seconder and signature (PIN-C5, PIN-R7)',
  })
  @CLUB_ID()
  @AS_OF()
  @ApiAnswer(200, 'The pending applications')
  @ApiErrors(400, 404, 422)
  async applications(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<ApplicationsView> {
    return applicationsAt(this.store, clubId, queryOf(query, ['asOf']), this.live);
  }

  @Get('clubs/:clubId/visitors')
  @ApiOperation({
    summary:
      "The visitors of a year: each one's sessions counted (SessionPlayedAtClub and the competitions' seats) with their verdicts, PIN-R10 (calendar year) or NZ-10 (club year)",
  })
  @CLUB_ID()
  @ApiQuery({
    name: 'year',
    required: false,
    description:
      "A year YYYY: the calendar year (PIN-R10), or the club year starting in it (NZ-10), as the club's rulebook counts; the year of the last session played without it.",
    schema: { type: 'integer', minimum: 1, maximum: 9999 },
  })
  @ApiAnswer(200, 'The visitors of the year')
  @ApiErrors(400, 404, 422)
  async visitors(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<VisitorsView> {
    return visitorsIn(this.store, clubId, queryOf(query, ['year']), this.live);
  }
}
