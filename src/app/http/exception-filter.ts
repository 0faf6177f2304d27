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
import {
  IdempotencyConflictError,
  InvalidEventError,
  StoreError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '../../store/errors';
import { RuleViolation } from '../../domain/rule-violation';
import {
  MissingBallotError,
  NoRulebookError,
  UnknownCompetitionError,
  UnknownSessionError,
  WrongRulebookError,
} from '../../projections/competitions';
import { RulebookChangeError } from '../../rulebooks/rulebook';
import { UnusableRulebookFactError } from '../../rulebooks/rulebook-facts';
import { DsbInputError } from '../../standings/dsb';
import { NzInputError } from '../../standings/nz';
import {
  InvalidRequestError,
  RequestBodyError,
  UnsupportedMediaTypeError,
  type BodyParserFailure,
} from './errors';

export interface HttpError {
  status: number;
  body: { error: string; message: string } & Record<string, unknown>;
}

const INTERNAL: HttpError = {
  status: HttpStatus.INTERNAL_SERVER_ERROR,
  body: {
    error: 'InternalError',
    message: 'Something went wrong on our side; it has been logged.',
  },
};

function bodyError(e: BodyParserFailure): HttpError {
  switch (e.type) {
    case 'entity.parse.failed':
      return {
        status: HttpStatus.BAD_REQUEST,
        body: { error: 'MalformedJson', message: `the body is not valid JSON: ${e.message}` },
      };
    case 'entity.too.large':
      return {
        status: HttpStatus.PAYLOAD_TOO_LARGE,
        body: {
          error: 'PayloadTooLarge',
          message: `the body is larger than the limit of ${e.limit} bytes; send fewer events a request`,
          limit: e.limit,
        },
      };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return {
        status: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
        body: { error: 'UnsupportedMediaType', message: e.message },
      };
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

/** Every refusal as a status and a JSON body. Unknown errors are a 500 that says nothing. */
export function toHttpError(exception: unknown): HttpError {
  if (exception instanceof StoreError) return storeError(exception);
  const published = publishedError(exception);
  if (published) return published;
  if (exception instanceof RuleViolation) {
    return {
      status: HttpStatus.UNPROCESSABLE_ENTITY,
      body: {
        error: 'RuleViolation',
        message: `${exception.message}; nothing was written`,
        rule: exception.rule,
        reason: exception.reason,
        ...(exception.field ? { field: exception.field } : {}),
      },
    };
  }
  if (exception instanceof InvalidRequestError) {
    return {
      status: HttpStatus.BAD_REQUEST,
      body: { error: 'InvalidRequest', message: exception.message, issues: exception.issues },
    };
  }
  if (exception instanceof UnsupportedMediaTypeError) {
    return {
      status: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
      body: { error: 'UnsupportedMediaType', message: exception.message },
    };
  }
  if (exception instanceof RequestBodyError) return bodyError(exception.failure);
  if (exception instanceof HttpException) return httpException(exception);
  return INTERNAL;
}

/** Why a published table cannot be given: an unknown competition, no or the wrong rulebook,
 * a rulebook fact in the ledger that cannot be applied (named with its position and path), or
 * facts in the ledger that the rules' computations refuse (named with their rule). */
function publishedError(e: unknown): HttpError | undefined {
  if (e instanceof UnknownCompetitionError) {
    return {
      status: HttpStatus.NOT_FOUND,
      body: { error: 'UnknownCompetition', message: e.message },
    };
  }
  if (e instanceof UnknownSessionError) {
    return {
      status: HttpStatus.BAD_REQUEST,
      body: {
        error: 'InvalidRequest',
        message: e.message,
        issues: [{ field: 'session', message: e.message }],
      },
    };
  }
  if (
    e instanceof NoRulebookError ||
    e instanceof WrongRulebookError ||
    e instanceof MissingBallotError
  ) {
    return {
      status: HttpStatus.CONFLICT,
      body: { error: 'NoApplicableRulebook', message: e.message },
    };
  }
  if (e instanceof UnusableRulebookFactError) {
    return {
      status: HttpStatus.UNPROCESSABLE_ENTITY,
      body: {
        error: 'RulebookNotApplicable',
        message: e.message,
        rule: e.rule,
        ...(e.path ? { field: e.path } : {}),
        clubId: e.clubId,
        type: e.type,
        ...(e.position !== undefined ? { position: e.position } : {}),
        effectiveFrom: e.effectiveFrom,
      },
    };
  }
  if (e instanceof RulebookChangeError) {
    // A rulebook change that cannot be applied, outside a stored fact (none reaches here today).
    return {
      status: HttpStatus.UNPROCESSABLE_ENTITY,
      body: {
        error: 'RulebookNotApplicable',
        message: e.message,
        rule: 'RULEBOOK',
        ...(e.path ? { field: e.path } : {}),
      },
    };
  }
  if (e instanceof NzInputError || e instanceof DsbInputError) {
    return {
      status: HttpStatus.UNPROCESSABLE_ENTITY,
      body: { error: 'FactsNotScorable', message: e.message, rule: e.rule, field: e.field },
    };
  }
  return undefined;
}

function storeError(e: StoreError): HttpError {
  if (e instanceof WrongExpectedVersionError) {
    return {
      status: HttpStatus.CONFLICT,
      body: {
        error: 'WrongExpectedVersion',
        message: e.message,
        streamId: e.streamId,
        expectedRevision: e.expectedRevision,
        actualRevision: e.actualRevision,
      },
    };
  }
  if (e instanceof IdempotencyConflictError) {
    return {
      status: HttpStatus.CONFLICT,
      body: { error: 'IdempotencyConflict', message: e.message, streamId: e.streamId },
    };
  }
  if (e instanceof InvalidEventError) {
    return {
      status: HttpStatus.BAD_REQUEST,
      body: { error: 'InvalidEvent', message: 'nothing was written', issues: e.issues },
    };
  }
  if (e instanceof StreamNotFoundError) {
    return {
      status: HttpStatus.NOT_FOUND,
      body: { error: 'StreamNotFound', message: e.message, streamId: e.streamId },
    };
  }
  if (e.code === 'STORE_UNAVAILABLE') {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: { error: 'StoreUnavailable', message: e.message },
    };
  }
  // A StoreError this filter does not know yet: map it here when it is added.
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
    const { status, body } = toHttpError(exception);
    if (status >= 500) {
      const request = host.switchToHttp().getRequest<{ method?: string; url?: string }>();
      this.logger.error(
        `${request.method} ${request.url} failed: ${String(exception)}`,
        exception instanceof Error ? exception.stack : undefined,
      );
    }
    this.adapterHost.httpAdapter.reply(host.switchToHttp().getResponse(), body, status);
  }
}
