import {
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Logger,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiHeader, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, ApiPath } from './api-docs';
import type { RecordedEvent } from '../../kernel/envelope';
import { validateStreamId } from '../../store/append-rules';
import type { AppendResult, EventStore } from '../../store/event-store';
import { ReadOnlyLedgerError, WrongExpectedVersionError } from '../../store/errors';
import {
  etagOf,
  expectedRevisionOf,
  notModified,
  PreconditionFailedError,
} from './revision-headers';
import { AppendEventsCommand } from '../cqrs/append-events';
import { ReadAllQuery } from '../cqrs/read-all';
import { ReadStreamQuery } from '../cqrs/read-stream';
import { EVENT_STORE } from '../tokens';
import { AppendRequestCheck } from './append-request';
import { stampActor } from './access/actor';
import { viewerOf } from './access/viewer';
import { AppendEventsBody, DEFAULT_PAGE, ReadAllParams, ReadStreamParams } from './dto';
import { InvalidRequestError, UnsupportedMediaTypeError } from './errors';
import type { JsonRequest } from './json-request';
import { RequestValidator } from './request-validator';
import { withRequestMetadata } from './request-metadata';
import {
  catchingUpMessage,
  READ_MODEL_STATUS,
  rebuildMessage,
  type ReadModelStatus,
} from '../read-model-status';
import { directoryOf } from '../../ledger/ledger-directory';

/** The little of Express's response we use (Express 5 ships no types). */
interface StatusResponse {
  status(code: number): unknown;
}
interface HeaderResponse extends StatusResponse {
  setHeader(name: string, value: string): unknown;
}

@ApiTags('service')
@Controller('health')
export class HealthController {
  private readonly logger = new Logger('LedgerHttp');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL_STATUS) private readonly readModel: () => ReadModelStatus,
  ) {}

  /**
   * 200 while the service runs: appends are decided from the streams themselves whether or not
   * the read models have caught up; `status` ('ok' or 'catching-up') says whether the tables are,
   * and is 'degraded' while the store cannot take appends it should (a full disk, an I/O error:
   * `writable` false, `lastError` the fault); reads are served all the while. `readOnly`: opened
   * read-only on purpose (`serve --read-only`).
   */
  @Get()
  @ApiOperation({
    summary: 'Whether the service runs, the store answers and the tables have caught up',
  })
  @ApiAnswer(
    200,
    '{ status: ok | catching-up | degraded, caughtUp, position, headPosition, rate (catching up: facts/s), rebuild (on worker threads: { done, total, rate, shares: [{ projections, position }] }), loading and loaded (the saved read models being put back, and those put back so far), leftSaved (per read model, the partitions still in their save, put back when first asked for), directory: { position }, store, writable, readOnly, lastError }',
  )
  @ApiErrors(503)
  async health(@Res({ passthrough: true }) res: StatusResponse) {
    const { writable, readOnly, lastError } = this.store.status?.() ?? {
      writable: true,
      readOnly: false,
      lastError: null,
    };
    const state = { writable, readOnly, lastError };
    try {
      const headPosition = await this.store.headPosition();
      const { caughtUp, position, rate, rebuild, loading, loaded, leftSaved } = this.readModel();
      // The ledger directory (which streams are whose: as-of answers read only a club's) is
      // read after the read models have caught up, and saved as it is read.
      const directory = { position: directoryOf(this.store).position };
      const store = { store: this.store.url, headPosition, directory, ...state };
      if (!caughtUp) {
        return {
          status: 'catching-up',
          message: rebuild
            ? rebuildMessage(rebuild)
            : loading
              ? `loading the saved read models (${loaded?.length ?? 0} loaded); the tables are answered from their club's saved partitions meanwhile`
              : catchingUpMessage(position, headPosition),
          caughtUp,
          position,
          ...(rate === undefined ? {} : { rate }),
          ...(rebuild === undefined ? {} : { rebuild }),
          ...(loading ? { loading, loaded: loaded ?? [] } : {}),
          ...store,
        };
      }
      if (!writable && !readOnly) {
        return {
          status: 'degraded',
          message: `the store takes no appends (${lastError?.code ?? 'not writable'}); reads are served`,
          caughtUp,
          position,
          ...(leftSaved ? { leftSaved } : {}),
          ...store,
        };
      }
      return { status: 'ok', caughtUp, position, ...(leftSaved ? { leftSaved } : {}), ...store };
    } catch (err) {
      this.logger.error(`health: the store does not answer: ${String(err)}`);
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'unavailable', store: this.store.url, ...state, ...this.store.status?.() };
    }
  }
}

@ApiTags('facts')
@Controller('streams')
export class StreamsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly appendCheck: AppendRequestCheck,
    private readonly validator: RequestValidator,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Post(':streamId/events')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Append a batch of facts to one stream, whole or not at all',
    description:
      'Every fact is checked by the envelope rules, its type in the catalogue (docs/events.md) and the deciders of its context; a refused batch writes nothing.',
  })
  @ApiPath('streamId')
  @ApiHeader({
    name: 'If-Match',
    required: false,
    description:
      'The revision the batch expects, as the ETag of GET /streams/:streamId ("4"), or * (the stream exists): in place of the body\'s expectedRevision; 412 when it does not hold',
  })
  @ApiHeader({
    name: 'If-None-Match',
    required: false,
    description: '* : the stream must not exist yet (expectedRevision no_stream)',
  })
  @ApiBody({ type: AppendEventsBody })
  @ApiAnswer(
    201,
    "{ nextExpectedRevision, position }: the stream's revision and the ledger position of the last fact",
  )
  @ApiErrors(400, 405, 409, 412, 413, 415, 422, 503, 507)
  async append(
    @Param('streamId') streamId: string,
    @Req() req: JsonRequest,
    @Res({ passthrough: true }) res: HeaderResponse,
  ): Promise<AppendResult> {
    // A ledger served read-only takes no append, whatever the body: 405 ReadOnlyLedger.
    if (this.store.status?.().readOnly) throw new ReadOnlyLedgerError(this.store.url);
    // A body is read as JSON only when it says it is: one without a Content-Type is refused as
    // one of another type. No body at all is the body check's ("body: must be a JSON object").
    const type = req.headers['content-type'];
    const length = req.headers['content-length'];
    const empty =
      req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
    if (type === undefined ? !empty : !req.is('application/json')) {
      throw new UnsupportedMediaTypeError(req.headers['content-type']);
    }
    const expected = expectedRevisionOf(req.headers, req.body);
    const body = await this.appendCheck.check(streamId, expected.body);
    try {
      // The key that appends is the facts' actor (access/actor.ts); the request's
      // correlation id goes with them (request-metadata.ts).
      const events = withRequestMetadata(stampActor(viewerOf(req), body.events), {
        correlationId: req.id,
      });
      const result: AppendResult = await this.commandBus.execute(
        new AppendEventsCommand(streamId, body.expectedRevision, events),
      );
      res.setHeader('ETag', etagOf(result.nextExpectedRevision));
      return result;
    } catch (e) {
      if (expected.fromHeader && e instanceof WrongExpectedVersionError)
        throw new PreconditionFailedError(e);
      throw e;
    }
  }

  @Get(':streamId')
  @ApiOperation({ summary: "A page of a stream's facts, in revision order" })
  @ApiPath('streamId')
  @ApiQuery({ type: ReadStreamParams })
  @ApiAnswer(
    200,
    "{ events, nextRevision }: nextRevision null on the last page; ETag: the stream's revision",
  )
  @ApiResponse({
    status: 304,
    description: 'If-None-Match named the ETag: the stream is still at that revision',
  })
  @ApiErrors(400, 404)
  async read(
    @Param('streamId') streamId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: JsonRequest,
    @Res({ passthrough: true }) res: HeaderResponse,
  ): Promise<{ events: RecordedEvent[]; nextRevision: number | null } | undefined> {
    const { value, issues } = await this.validator.check('query', ReadStreamParams, query);
    issues.unshift(...validateStreamId(streamId));
    if (issues.length > 0) throw new InvalidRequestError(issues);
    // The stream's revision before the page is read: a fact appended meanwhile makes an
    // If-Match with this tag fail (412), never pass on a stream the client has not seen.
    const [last] = await this.queryBus.execute(
      new ReadStreamQuery(streamId, undefined, 'backwards', 1),
    );
    const etag = etagOf(last.revision);
    res.setHeader('ETag', etag);
    if (notModified(req.headers, etag)) {
      res.status(HttpStatus.NOT_MODIFIED);
      return undefined;
    }
    const limit = value.limit ?? DEFAULT_PAGE;
    // One more than asked tells whether there is a next page.
    const events = await this.queryBus.execute(
      new ReadStreamQuery(streamId, value.fromRevision, value.direction, limit + 1),
    );
    return {
      events: events.slice(0, limit),
      nextRevision: events.length > limit ? events[limit].revision : null,
    };
  }
}

@ApiTags('facts')
@Controller('events')
export class EventsController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly validator: RequestValidator,
  ) {}

  @Get()
  @ApiOperation({ summary: 'A page of every fact of the ledger ($all), in position order' })
  @ApiQuery({ type: ReadAllParams })
  @ApiAnswer(200, '{ events, nextPosition }')
  @ApiErrors(400)
  async readAll(
    @Query() query: Record<string, unknown>,
  ): Promise<{ events: RecordedEvent[]; nextPosition: number }> {
    const { value, issues } = await this.validator.check('query', ReadAllParams, query);
    if (issues.length > 0) throw new InvalidRequestError(issues);
    const from = Math.max(1, value.fromPosition ?? 1);
    const events = await this.queryBus.execute(new ReadAllQuery(from, value.limit ?? DEFAULT_PAGE));
    const last = events.at(-1);
    return { events, nextPosition: last ? last.position + 1 : from };
  }
}
