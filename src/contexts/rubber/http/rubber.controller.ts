import {
  applyDecorators,
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
import { ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { InvalidRequestError } from '../../../app/http/errors';
import { jsonBodyOf, type JsonRequest } from '../../../app/http/json-request';
import type { RubberSessionView } from '../projection';
import {
  readRubberMoment,
  readRubberQuery,
  rubberDiffAt,
  rubberSessionAt,
  rubberSessionsAt,
  rubberWhatIfAt,
  type RubberParam,
} from '../read';
import type { EventStore } from '../../../store/event-store';
import { EVENT_STORE } from '../../../app/tokens';
import { ApiAnswer, ApiErrors, ApiPath } from '../../../app/http/api-docs';
import { readQueryOrRefuse } from '../../../app/http/query-params';

const MOMENT: readonly RubberParam[] = ['at', 'asOf', 'atPosition'];

/** A request's query read as the CLI reads its options; anything else refused (400). */
export const rubberMomentOf = (query: Record<string, unknown>) =>
  readQueryOrRefuse(query, MOMENT, (q) => readRubberQuery(q));

/** The moment's query parameters, as the API document lists them. */
const ApiRubberMoment = () =>
  applyDecorators(
    ApiQuery({
      name: 'at',
      required: false,
      description: 'A time of the evening (ISO 8601 with a zone): the tables as they stood then',
      schema: { type: 'string' },
    }),
    ApiQuery({
      name: 'asOf',
      required: false,
      description: 'An instant: the evening as the ledger had recorded it by then',
      schema: { type: 'string' },
    }),
    ApiQuery({ name: 'atPosition', required: false, schema: { type: 'integer', minimum: 0 } }),
  );

/**
 * A club's rubber-bridge evenings (Pinner BC's rules R21..R25): the evenings, and one evening's
 * tables at a moment (who sits where, who waits, tenures, who leaves at the next Table Up and
 * the rule). Derived when asked from the evening's `rubber-<sessionId>` facts and the club's
 * rulebook (../read/rubber.ts). Private to the club's keys, as its register is.
 */
@ApiTags('rubber')
@Controller()
export class RubberController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  @Get('clubs/:clubId/rubber')
  @ApiOperation({ summary: "A club's rubber-bridge evenings, newest first" })
  @ApiPath('clubId')
  @ApiAnswer(200, '{ clubId, sessions }')
  @ApiErrors(400)
  sessions(@Param('clubId') clubId: string) {
    return rubberSessionsAt(this.store, clubId);
  }

  @Get('clubs/:clubId/rubber/:sessionId')
  @ApiOperation({
    summary:
      "An evening's tables: who sits where and their tenure, who waits, who leaves at each table's next Table Up and why (PIN-R21..R25)",
  })
  @ApiPath('clubId', 'sessionId')
  @ApiRubberMoment()
  @ApiAnswer(200, 'The evening')
  @ApiErrors(400, 404)
  session(
    @Param('clubId') clubId: string,
    @Param('sessionId') sessionId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<RubberSessionView> {
    return rubberSessionAt(this.store, clubId, sessionId, rubberMomentOf(query));
  }

  @Post('clubs/:clubId/rubber/:sessionId/what-if')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      "An evening's tables under amended rulebook parameters from its day (e.g. the seven-hand rule's size); nothing stored",
  })
  @ApiPath('clubId', 'sessionId')
  @ApiRubberMoment()
  @ApiBody({
    description:
      'Dotted parameter paths and values, e.g. {"rubber.sevenHandRule.playersAtMost": 8}',
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiAnswer(200, '{ override, whatIf }')
  @ApiErrors(400, 404, 415)
  whatIf(
    @Param('clubId') clubId: string,
    @Param('sessionId') sessionId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: JsonRequest,
  ) {
    return rubberWhatIfAt(this.store, clubId, sessionId, jsonBodyOf(req), rubberMomentOf(query));
  }

  @Get('clubs/:clubId/rubber/:sessionId/diff')
  @ApiOperation({
    summary:
      "What an evening's tables show that changed between two moments (a ledger position or an instant; to: now by default): seats and tenures, each table's state and next Table Up, who waits, who retired",
  })
  @ApiPath('clubId', 'sessionId')
  @ApiQuery({ name: 'from', required: true, schema: { type: 'string' } })
  @ApiQuery({ name: 'to', required: false, schema: { type: 'string' } })
  @ApiAnswer(200, '{ clubId, sessionId, from, to, changes }')
  @ApiErrors(400, 404)
  diff(
    @Param('clubId') clubId: string,
    @Param('sessionId') sessionId: string,
    @Query() query: Record<string, unknown>,
  ) {
    const unknown = Object.keys(query)
      .filter((k) => k !== 'from' && k !== 'to')
      .map((k) => ({ field: k, message: `property ${k} should not exist` }));
    if (unknown.length) throw new InvalidRequestError(unknown);
    const from = readRubberMoment(query.from, 'from');
    const to = query.to === undefined ? {} : readRubberMoment(query.to, 'to');
    return rubberDiffAt(this.store, clubId, sessionId, from, to);
  }
}
