import {
  Catch,
  HttpException,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { STATUS_CODES } from 'node:http';
import { answerOf, isLedgerError } from '../../kernel/errors';
import { html } from './html';
import { errorPage } from './layout';
import { sendPage, type PageResponse } from './respond';

/**
 * An unknown club, competition, season or pair on a page: 404, naming what was not
 * found (the code the JSON routes answer an unknown club with).
 */
export class PageNotFoundError extends Error {
  readonly code = 'STREAM_NOT_FOUND';
  constructor(readonly what: string) {
    super(`${what} was not found in the ledger`);
  }
}

/**
 * A private view (or a club's private tables) asked for by a viewer who may not read it: 403
 * (the access layer's FORBIDDEN), answered as a page.
 */
export class PageForbiddenError extends Error {
  readonly code = 'FORBIDDEN';
  constructor(readonly what: string) {
    super(`${what} is private to the club's keys`);
  }
}

/**
 * The pages' refusals as HTML pages (the JSON routes keep the ledger's JSON filter): 403 with a
 * link to /login, 404 naming what was not found, a ledger error by its row of the table
 * (kernel/errors.ts: 400 for a bad asOf, 404 UnknownCompetition, 409, 422 …), 500 otherwise.
 */
@Catch()
export class PageExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Pages');

  catch(e: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<PageResponse>();
    const send = (status: number, body: string) => sendPage(res, body, status);
    if (e instanceof PageForbiddenError) {
      send(
        403,
        errorPage(
          403,
          'Private',
          e.message,
          html`<p><a href="/login">Sign in with a key of the club</a> to read it.</p>`,
        ),
      );
    } else if (e instanceof PageNotFoundError) {
      send(404, errorPage(404, 'Not found', e.message));
    } else if (isLedgerError(e)) {
      const { status, body, headers } = answerOf(e);
      for (const [k, v] of Object.entries(headers)) res.set(k, v);
      const issues = (body as { issues?: Array<{ field: string; message: string }> }).issues;
      send(
        status,
        errorPage(
          status,
          status === 404 ? 'Not found' : (STATUS_CODES[status] ?? String(body.error)),
          body.message,
          issues?.length
            ? html`<ul>
                ${issues.map((i) => html`<li><code>${i.field}</code>: ${i.message}</li>`)}
              </ul>`
            : undefined,
        ),
      );
    } else if (e instanceof HttpException) {
      send(e.getStatus(), errorPage(e.getStatus(), 'Error', e.message));
    } else {
      this.logger.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
      send(500, errorPage(500, 'Error', 'Something went wrong on our side; it has been logged.'));
    }
  }
}
