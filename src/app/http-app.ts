import 'reflect-metadata';
import type { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger as PinoLogger } from 'nestjs-pino';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { EventStore } from '../store/event-store';
import { answerClientError } from './http/client-errors';
import { refuseInvalidUtf8, translateBodyParserErrors } from './http/errors';
import { LedgerHttpModule } from './http/ledger-http.module';
import { serveOpenApi } from './http/openapi';
import type { LedgerModuleOptions } from './ledger.module';
import {
  CATCHING_UP_RETRY_AFTER,
  catchingUpMessage,
  type ReadModelStatus,
} from './read-model-status';

/** Largest JSON body we read; a bigger one is answered 413 before it is parsed. */
export const DEFAULT_BODY_LIMIT = '1mb';
export const DEFAULT_LOG_LEVELS: LogLevel[] = ['log', 'warn', 'error'];

export interface LedgerHttpAppOptions extends LedgerModuleOptions {
  /** body-parser's limit: bytes, or a string such as '1mb'. */
  bodyLimit?: number | string;
  /** Nest's log levels; false is silent (tests). */
  logger?: false | LogLevel[];
}

/**
 * The HTTP application, initialised but not listening: tests hand its server to supertest,
 * startHttpServer makes it listen. Nest's default body parsers are off; ours reads JSON only,
 * up to the limit.
 */
export async function createLedgerHttpApp(
  store: EventStore,
  options: LedgerHttpAppOptions = {},
): Promise<NestExpressApplication> {
  const { bodyLimit = DEFAULT_BODY_LIMIT, logger = DEFAULT_LOG_LEVELS, ...moduleOptions } = options;
  const app = await NestFactory.create<NestExpressApplication>(
    LedgerHttpModule.forStore(store, moduleOptions, logger),
    { bodyParser: false, abortOnError: false, bufferLogs: true },
  );
  // Nest's own lines (routes mapped, errors) through pino too, as JSON; none when silent.
  app.useLogger(logger === false ? false : app.get(PinoLogger));
  app.disable('x-powered-by');
  // A request Node's parser refuses (a 100k-character path) gets a JSON body too.
  app.getHttpServer().on('clientError', answerClientError);
  app.useBodyParser('json', { limit: bodyLimit, verify: refuseInvalidUtf8 });
  app.use(translateBodyParserErrors);
  if (moduleOptions.readModelStatus)
    app.use(refuseTablesWhileCatchingUp(store, moduleOptions.readModelStatus));
  serveOpenApi(app);
  await app.init();
  return app;
}

/** The published tables, as routed by PublishedController. */
const TABLES = /^\/(?:competitions\/[^/]+\/(?:standings|c-points)|clubs\/[^/]+\/championship)\/?$/;

interface TableRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
}
interface TableResponse {
  status(code: number): TableResponse;
  set(field: string, value: string): TableResponse;
  json(body: unknown): unknown;
}

/**
 * A table "now" is the live projection's, and a projection still catching up would answer an
 * older table as if it were today's: refused, 503 with Retry-After, until it has caught up
 * (while a rebuild folds the ledger, or the facts after the saved checkpoint are folded). A
 * table as of an instant or a position is a replay of the store and is answered as ever, and so
 * is one asked while the saved read models are put back (`loading`).
 */
function refuseTablesWhileCatchingUp(store: EventStore, status: () => ReadModelStatus) {
  return (req: TableRequest, res: TableResponse, next: (err?: unknown) => void): void => {
    if (req.method !== 'GET' || !TABLES.test(req.path)) return next();
    if (req.query.asOf !== undefined || req.query.atPosition !== undefined) return next();
    const { caughtUp, loading, position } = status();
    // While saved read models are put back, a table is answered from its club's saved
    // partitions (answerNowFromSaved): current to the head, as a caught-up one is.
    if (caughtUp || loading) return next();
    store.headPosition().then((headPosition) => {
      res
        .status(503)
        .set('Retry-After', String(CATCHING_UP_RETRY_AFTER))
        .json({
          error: 'CatchingUp',
          message: `${catchingUpMessage(position, headPosition)}: the tables as of now are served once it has caught up; retry in ${CATCHING_UP_RETRY_AFTER} s`,
          position,
          headPosition,
        });
    }, next);
  };
}
