import {
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Param,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { InvalidRequestError } from '../../../app/http/errors';
import { jsonBodyOf, type JsonRequest } from '../../../app/http/json-request';
import type {
  ConstitutionView,
  MeetingMinutes,
  MeetingsListView,
  OfficersView,
} from '../projection';
import {
  constitutionAt,
  meetingAt,
  meetingDiffAt,
  meetingWhatIfAt,
  readMeetingsMoment,
  type MeetingDiffView,
  type MeetingWhatIfView,
  meetingsAt,
  officersAt,
  readMeetingsQuery,
  type MeetingsParam,
} from '../read';
import type { EventStore } from '../../../store/event-store';
import { EVENT_STORE } from '../../../app/tokens';
import { ApiAnswer, ApiDayOrInstantQuery, ApiErrors } from '../../../app/http/api-docs';
import { readQueryOrRefuse } from '../../../app/http/query-params';

const CLUB_ID = () =>
  ApiParam({ name: 'clubId', description: 'A club id, e.g. pinner', type: String });

const MOMENT: readonly MeetingsParam[] = ['asOf', 'atPosition'];

/** A request's query read as the CLI reads its options; anything else refused (400). */
const momentOf = (query: Record<string, unknown>) =>
  readQueryOrRefuse(query, MOMENT, (q) => readMeetingsQuery(q));

/**
 * A club's general meetings (Pinner BC's constitution, PIN-C19..C37): the meetings with the AGM
 * calendar and the members' requests, one meeting's minutes, the officers on a day, the
 * constitution as amended. Each answer is derived when asked from the club's
 * `meetings-<clubId>` and `members-<clubId>` facts and its rulebook (../read/meetings.ts).
 * Private to the club's keys, as its register is (route-access.ts). Errors: 400 for a bad
 * parameter, 404 for a club or meeting the ledger does not have.
 */
@ApiTags('meetings')
@Controller()
export class MeetingsController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  @Get('clubs/:clubId/meetings')
  @ApiOperation({
    summary:
      "A club's general meetings, the next AGM due (PIN-C27), the members' requests for an EGM (PIN-C34)",
  })
  @CLUB_ID()
  @ApiDayOrInstantQuery('the calendar and the requests judged on that day')
  @ApiAnswer(200, 'The meetings')
  @ApiErrors(400, 404)
  meetings(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<MeetingsListView> {
    return meetingsAt(this.store, clubId, momentOf(query));
  }

  @Get('clubs/:clubId/meetings/:meetingId')
  @ApiOperation({
    summary:
      "A meeting's minutes: notice, attendance, quorum (PIN-C22), each motion's result and the rule that decided it, the elections (PIN-C28)",
  })
  @CLUB_ID()
  @ApiParam({ name: 'meetingId', description: 'A meeting id of the club', type: String })
  @ApiDayOrInstantQuery('the meeting as recorded (a day reads the same record)')
  @ApiAnswer(200, 'The minutes')
  @ApiErrors(400, 404)
  meeting(
    @Param('clubId') clubId: string,
    @Param('meetingId') meetingId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<MeetingMinutes> {
    return meetingAt(this.store, clubId, meetingId, momentOf(query));
  }

  @Get('clubs/:clubId/officers')
  @ApiOperation({
    summary:
      'The officers and committee in office on a day (today without asOf), each with the election it holds by (PIN-C28, C25)',
  })
  @CLUB_ID()
  @ApiDayOrInstantQuery('the officers in office that day')
  @ApiAnswer(200, 'The officers')
  @ApiErrors(400, 404)
  officers(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<OfficersView> {
    return officersAt(this.store, clubId, momentOf(query));
  }

  @Get('clubs/:clubId/constitution')
  @ApiOperation({
    summary:
      "The constitution's sections as the club's meetings amended them on a day (PIN-C19, C25), each with its history",
  })
  @CLUB_ID()
  @ApiDayOrInstantQuery('the constitution in force that day')
  @ApiAnswer(200, 'The amended sections')
  @ApiErrors(400, 404)
  constitution(
    @Param('clubId') clubId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<ConstitutionView> {
    return constitutionAt(this.store, clubId, momentOf(query));
  }

  @Post('clubs/:clubId/meetings/:meetingId/what-if')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      "A meeting's minutes under amended rulebook parameters (a different quorum, another majority) from its day, with what that changes; nothing stored",
  })
  @CLUB_ID()
  @ApiParam({ name: 'meetingId', description: 'A meeting id of the club', type: String })
  @ApiDayOrInstantQuery('the meeting as recorded')
  @ApiBody({
    description: 'Dotted parameter paths and values, e.g. {"meetings.quorum.members": 15}',
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiAnswer(200, '{ override, whatIf, changes }')
  @ApiErrors(400, 404, 415)
  whatIf(
    @Param('clubId') clubId: string,
    @Param('meetingId') meetingId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: JsonRequest,
  ): Promise<MeetingWhatIfView> {
    return meetingWhatIfAt(this.store, clubId, meetingId, jsonBodyOf(req), momentOf(query));
  }

  @Get('clubs/:clubId/meetings/:meetingId/diff')
  @ApiOperation({
    summary:
      "What a meeting's minutes publish that changed between two moments (a ledger position, a club date, an instant; to: now by default): the quorum, each result, each election",
  })
  @CLUB_ID()
  @ApiParam({ name: 'meetingId', description: 'A meeting id of the club', type: String })
  @ApiQuery({ name: 'from', required: true, schema: { type: 'string' } })
  @ApiQuery({ name: 'to', required: false, schema: { type: 'string' } })
  @ApiAnswer(200, '{ clubId, meetingId, from, to, changes }')
  @ApiErrors(400, 404)
  diff(
    @Param('clubId') clubId: string,
    @Param('meetingId') meetingId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<MeetingDiffView> {
    const unknown = Object.keys(query)
      .filter((k) => k !== 'from' && k !== 'to')
      .map((k) => ({ field: k, message: `property ${k} should not exist` }));
    if (unknown.length) throw new InvalidRequestError(unknown);
    const from = readMeetingsMoment(query.from, 'from');
    const to = query.to === undefined ? {} : readMeetingsMoment(query.to, 'to');
    return meetingDiffAt(this.store, clubId, meetingId, from, to);
  }
}
