import type { LogLevel } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { v7 as uuidv7 } from 'uuid';

/**
 * The service's logs are structured (pino, through nestjs-pino): one JSON object a
 * line, each request's lines carrying its correlation id (`req.id`), which is also answered as
 * `X-Correlation-Id` and written into the metadata of the facts the request appends. A client
 * may send its own (`X-Correlation-Id`, up to 128 letters, digits and . _ : -); anything else
 * gets a new UUID v7. Keys and cookies never reach a log line.
 */
export const CORRELATION_HEADER = 'x-correlation-id';
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The correlation id of a request: the client's when it is safe to log, else a new one. */
export function correlationIdOf(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers[CORRELATION_HEADER];
  const id = typeof given === 'string' && SAFE_ID.test(given) ? given : uuidv7();
  res.setHeader('X-Correlation-Id', id);
  return id;
}

/** Nest's log levels (or none) as pino's level. */
export function pinoLevelOf(levels: false | LogLevel[]): string {
  if (levels === false || levels.length === 0) return 'silent';
  for (const [nest, pino] of [
    ['verbose', 'trace'],
    ['debug', 'debug'],
    ['log', 'info'],
    ['warn', 'warn'],
    ['error', 'error'],
    ['fatal', 'fatal'],
  ] as const)
    if (levels.includes(nest)) return pino;
  return 'silent';
}

/** nestjs-pino's parameters: the same for the module and for the CLI's messages before it. */
export function ledgerLogParams(levels: false | LogLevel[]): Params {
  return {
    pinoHttp: {
      level: pinoLevelOf(levels),
      genReqId: correlationIdOf,
      // A refusal is the client's (warn), a failure ours (error).
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
  };
}
