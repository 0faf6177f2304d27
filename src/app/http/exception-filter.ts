import {
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { STATUS_CODES } from 'node:http';
import { answerOf, isLedgerError, type LedgerError } from '../../kernel/errors';
import { RequestBodyError, type BodyParserFailure } from './errors';

export interface HttpError {
  status: number;
  body: { error: string; message: string } & Record<string, unknown>;
  /** Retry-After on a busy store, Allow on a read-only ledger. */
  headers?: Record<string, string>;
}

const INTERNAL: HttpError = {
  status: HttpStatus.INTERNAL_SERVER_ERROR,
  body: {
    error: 'InternalError',
    message: 'Something went wrong on our side; it has been logged.',
  },
};

/** A ledger error's answer from its row of the table (kernel/errors.ts). */
function fromTable(e: LedgerError): HttpError {
  const { status, body, headers } = answerOf(e);
  return Object.keys(headers).length > 0 ? { status, body, headers } : { status, body };
}

/** body-parser's failure by its type; status and error name from the code's row. */
function bodyError(e: BodyParserFailure): HttpError {
  switch (e.type) {
    case 'entity.parse.failed':
      return fromTable({
        code: 'MALFORMED_JSON',
        message: `the body is not valid JSON: ${e.message}`,
      });
    case 'entity.invalid.utf8':
      return fromTable({ code: 'INVALID_UTF8', message: e.message });
    case 'entity.too.large': {
      const message = `the body is larger than the limit of ${e.limit} bytes; send fewer events a request`;
      return fromTable({
        code: 'PAYLOAD_TOO_LARGE',
        message,
        answer: () => ({ message, limit: e.limit }),
      });
    }
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return fromTable({ code: 'UNSUPPORTED_MEDIA_TYPE', message: e.message });
    default:
      if (e.status >= 500 || e.status < 400) return INTERNAL;
      return {
        status: e.status,
        body: {
          error: errorName(e.status),
          message: e.expose === false ? (STATUS_CODES[e.status] ?? 'Bad request') : e.message,
        },
      };
  }
}

const errorName = (status: number) => (STATUS_CODES[status] ?? 'Error').replace(/[^A-Za-z]/g, '');

/**
 * Every refusal as a status and a JSON body: a ledger error by its code (kernel/errors.ts),
 * a body that could not be read by body-parser's type. Unknown errors are a 500 that says
 * nothing.
 */
export function toHttpError(exception: unknown): HttpError {
  if (isLedgerError(exception)) return fromTable(exception);
  if (exception instanceof RequestBodyError) return bodyError(exception.failure);
  if (exception instanceof HttpException) return httpException(exception);
  return INTERNAL;
}

function httpException(e: HttpException): HttpError {
  const status = e.getStatus();
  if (status >= 500) return INTERNAL;
  return { status, body: { error: errorName(status), message: e.message } };
}

/** Catches everything a request can raise, so that no answer is Nest's default shape. */
@Catch()
export class LedgerExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('LedgerHttp');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const { status, body, headers } = toHttpError(exception);
    if (status >= 500) {
      const request = host.switchToHttp().getRequest<{ method?: string; url?: string }>();
      this.logger.error(
        `${request.method} ${request.url} failed: ${String(exception)}`,
        exception instanceof Error ? exception.stack : undefined,
      );
    }
    const response: unknown = host.switchToHttp().getResponse();
    const adapter = this.adapterHost.httpAdapter;
    for (const [name, value] of Object.entries(headers ?? {}))
      adapter.setHeader(response, name, value);
    adapter.reply(response, body, status);
  }
}
