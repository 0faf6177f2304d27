import 'reflect-metadata';
import type { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { EventStore } from '../store/event-store';
import { translateBodyParserErrors } from './http/errors';
import { LedgerHttpModule } from './http/ledger-http.module';
import type { LedgerModuleOptions } from './ledger.module';

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
    LedgerHttpModule.forStore(store, moduleOptions),
    { bodyParser: false, logger, abortOnError: false },
  );
  app.disable('x-powered-by');
  app.useBodyParser('json', { limit: bodyLimit });
  app.use(translateBodyParserErrors);
  await app.init();
  return app;
}
